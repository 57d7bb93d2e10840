import Foundation
import XCTest
@testable import RACSwift

/// Subscribing to an `@Observed` property from one thread while another assigns it (issue 29c):
/// KVO allowed adding an observer from any thread. The first subscription makes the property's
/// hook and reads the value it starts from while the other thread stores; neither may race the
/// store (ThreadSanitizer checks it: `swift test --sanitize=thread --filter
/// SynchronousObservationStressTests`), and no assignment may be lost or sent out of order.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class SynchronousObservationStressTests: RACTestCase {
    /// Rounds of a fresh object (so that every round races the hook's creation).
    private let rounds = max(1, Stress.rounds / 20)
    /// Assignments made after the subscriptions are in, and the bound on a round's assignments.
    private let assignmentsAfter = 20
    private let assignmentBound = 100_000

    /// Assigns with `assign(value)` (1, 2, …) on one thread while `subscribe` runs on another,
    /// once the first assignment is made, and keeps assigning until `assignmentsAfter` more
    /// followed the subscription; returns the last value assigned.
    private func race(assign: @escaping @Sendable (Int) -> Void, subscribe: @escaping @Sendable () -> Void) -> Int {
        let started = Fixture.Locked(false)
        let subscribed = Fixture.Locked(false)
        let last = Fixture.Locked(0)
        let (after, bound) = (assignmentsAfter, assignmentBound)
        Stress.onThreads(2) { thread in
            if thread == 0 {
                var value = 0
                var afterSubscription = 0
                while afterSubscription < after, value < bound {
                    value += 1
                    assign(value)
                    started.value = true
                    if subscribed.value { afterSubscription += 1 }
                }
                last.value = value
            } else {
                while !started.value {}
                subscribe()
                subscribed.value = true
            }
        }
        return last.value
    }

    func testSubscribingWhileAnotherThreadAssignsLosesNoValueAndKeepsTheOrder() {
        for round in 0..<rounds {
            let object = SyncTestObject()
            let integers = StressProbe<Int>()
            let strings = StressProbe<String?>()
            let subscriptions = Fixture.Locked<[Disposable]>([])
            let last = race(assign: { value in
                object.integerValue = value
                object.stringValue = String(value)
            }, subscribe: {
                let first = integers.subscribe(object.signal(for: \.integerValue))
                let second = strings.subscribe(object.signal(for: \.stringValue))
                subscriptions.value += [first, second]
            })
            // Each subscription starts from some value and then gets every later assignment,
            // in order, one delivery at a time, through the last one.
            let values = integers.values
            XCTAssertEqual(values, Array((values.first ?? -1)...last), "round \(round)")
            let strs = strings.values.map { $0.flatMap { Int($0) } ?? 0 }
            XCTAssertEqual(strs, Array((strs.first ?? -1)...last), "round \(round)")
            for subscription in subscriptions.value { subscription.dispose() }
            integers.assertContract(terminal: 0)
            strings.assertContract(terminal: 0)
        }
    }

    func testSubscribingThroughAKeyPathWhileAnotherThreadAssignsIsSafe() {
        // A key path through another object is re-read at each change: the reads made to
        // record it race the other thread's assignments. A change made between the first read
        // and the triggers may be sent twice (read again, and triggered), so the values are
        // checked in order and complete, not for repeats.
        for round in 0..<rounds {
            let object = SyncTestObject()
            let inner = SyncTestObject()
            object.strongTestObjectValue = inner
            let probe = StressProbe<Int?>()
            let subscription = Fixture.Locked<Disposable?>(nil)
            let last = race(assign: { inner.integerValue = $0 }, subscribe: {
                subscription.value = probe.subscribe(object.signal(for: \.strongTestObjectValue?.integerValue))
            })
            let values = probe.values.map { $0 ?? -1 }
            XCTAssertEqual(values, values.sorted(), "round \(round)")
            XCTAssertEqual(Set(values), Set((values.first ?? -1)...last), "round \(round): a change was lost")
            subscription.value?.dispose()
            probe.assertContract(terminal: 0)
        }
    }

    /// An object whose key path `integer` reads `inner.integerValue` through a getter that, on
    /// the second read made by `slowThread` (the subscription's read after installing its
    /// triggers), first waits for the other thread to assign (up to 10 assignments or 50 ms).
    private final class SlowReadObject: ReactiveObject, @unchecked Sendable {
        @Observed var inner: SyncTestObject?
        var slowThread: Thread?
        var waitForAssignments: (() -> Void)?
        /// Counted on `slowThread` only.
        private var reads = 0
        var integer: Int? {
            if Thread.current === slowThread {
                reads += 1
                if reads == 2 { waitForAssignments?() }
            }
            return inner?.integerValue
        }
    }

    func testAChangeQueuedWhileTheKeyPathIsReadAgainIsNotSentBeforeThatValue() {
        // Before the fix (CI's ThreadSanitizer run, round 27 of the test above): changes queued
        // while the subscription read its key path again were sent after that newer value:
        // [113, 39, 40, …]. Now the read again and the triggers' reads take turns.
        let object = SlowReadObject()
        let inner = SyncTestObject()
        object.inner = inner
        let assigned = Fixture.Locked(0)
        let stop = Fixture.Locked(false)
        object.slowThread = Thread.current
        object.waitForAssignments = {
            let from = assigned.value
            let deadline = Date().addingTimeInterval(0.05)
            while assigned.value < from + 10, Date() < deadline { usleep(100) }
        }
        let finished = DispatchSemaphore(value: 0)
        let assigner = Thread {
            var value = 0
            while !stop.value, value < 100_000 {
                value += 1
                inner.integerValue = value
                assigned.value = value
            }
            finished.signal()
        }
        assigner.start()
        while assigned.value == 0 { usleep(10) }
        let probe = StressProbe<Int?>()
        let subscription = probe.subscribe(object.signal(for: \.integer))
        let after = assigned.value
        let deadline = Date().addingTimeInterval(5)
        while assigned.value < after + 20, Date() < deadline { usleep(10) }
        stop.value = true
        finished.wait()
        let values = probe.values.map { $0 ?? -1 }
        XCTAssertFalse(values.isEmpty)
        XCTAssertEqual(values, values.sorted(), "a change queued during the read again went out after it")
        XCTAssertEqual(values.last, assigned.value, "the last assignment was sent")
        subscription.dispose()
        probe.assertContract(terminal: 0)
    }
}

