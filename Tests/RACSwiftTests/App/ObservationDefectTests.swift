import Foundation
import XCTest
@testable import RACSwift

/// Regression tests for the observation layer's defects found by the hunts of issues 38 and 39,
/// each named after what broke, with its cause.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class ObservationDefectTests: RACTestCase {
    // MARK: Issue 39, defect 2: an assignment delivered twice to a subscription made meanwhile

    func testASubscriptionMadeDuringAnAssignmentIsNotSentTheValueItStartedFrom() {
        // The assignment let go of the store lock, then took the hook's observers: a
        // subscription made on another thread in between started from the new value and was
        // sent it too ([55, 55, 56, …]). Bounded: 3,000 subscriptions against one assigner.
        let object = SyncTestObject()
        object.integerValue = 1  // the hook exists from the first subscription on
        let stop = Fixture.Locked(false)
        let finished = DispatchSemaphore(value: 0)
        let assigner = Thread {
            var value = 1
            while !stop.value, value < 5_000_000 {
                value += 1
                object.integerValue = value
            }
            finished.signal()
        }
        let probes = (0..<3_000).map { _ in StressProbe<Int>() }
        var subscriptions: [Disposable] = []
        assigner.start()
        for probe in probes {
            subscriptions.append(probe.subscribe(object.signal(for: \.integerValue)))
        }
        stop.value = true
        finished.wait()
        for subscription in subscriptions { subscription.dispose() }
        for (index, probe) in probes.enumerated() {
            let values = probe.values
            XCTAssertEqual(values, Array((values.first ?? 0)...(values.last ?? 0)), "subscription \(index)")
            probe.assertContract(terminal: 0)
        }
    }

    // MARK: Issue 39, defect 3: a key path over two properties delivered concurrently

    private final class Pair: ReactiveObject, @unchecked Sendable {
        @Observed var left = 0
        @Observed var right = 0
        var sum: Int { left + right }
    }

    func testAKeyPathOverTwoPropertiesAssignedOnTwoThreadsNeverDeliversTwoValuesAtOnce() {
        // Each assignment re-read the key path and delivered on its own thread with nothing
        // serializing the two (1,832–6,897 overlaps per run). RAC's -sendNext: is @synchronized.
        // Each delivery stays a moment (a few microseconds of work), as a real subscriber's
        // does, so that two threads' deliveries overlap whenever nothing serializes them.
        let pair = Pair()
        let inside = Fixture.Counter()
        let overlaps = Fixture.Counter()
        let last = Fixture.Locked(0)
        let subscription = pair.signal(for: \.sum).subscribeNext { value in
            if inside.increment() != 1 { _ = overlaps.increment() }
            var spin = 0
            for step in 0..<200 { spin &+= step }
            last.value = value &+ (spin & 0)
            _ = inside.decrement()
        }
        let perThread = 3_000
        Stress.onThreads(2) { thread in
            for value in 1...perThread {
                if thread == 0 { pair.left = value } else { pair.right = value }
            }
        }
        subscription.dispose()
        XCTAssertEqual(overlaps.value, 0, "overlapping deliveries")
        XCTAssertEqual(last.value, 2 * perThread, "the last delivery reads both last assignments")
    }

    // MARK: Issue 39, defect 4: @ObservedWeak registrations never removed

    func testAssigningAWeakTargetAgainAndAgainLeavesOneRegistrationInIt() {
        // Every assignment added a disposable to the target's lifetime, observed or not.
        let owner = SyncTestObject()
        let target = SyncTestObject()
        let before = target.lifetime.disposable.childrenCount
        for _ in 0..<10_000 { owner.weakTestObjectValue = target }
        XCTAssertEqual(target.lifetime.disposable.childrenCount, before + 1)
        let other = SyncTestObject()
        owner.weakTestObjectValue = other
        XCTAssertEqual(target.lifetime.disposable.childrenCount, before, "the old target is not watched any more")
        owner.weakTestObjectValue = nil
        XCTAssertEqual(other.lifetime.disposable.childrenCount, before)
    }

    func testAWeakTargetReplacedByNilSendsNoNilWhenItGoesAway() {
        // Assigned 5 times, then replaced by nil: its going away sent 5 more nils.
        let owner = SyncTestObject()
        var target: SyncTestObject? = SyncTestObject()
        for _ in 0..<5 { owner.weakTestObjectValue = target }
        let values = Fixture.Log<Bool>()
        let subscription = owner.signal(for: \.weakTestObjectValue).subscribeNext { values.append($0 == nil) }
        owner.weakTestObjectValue = nil
        target = nil
        XCTAssertEqual(values.all, [false, true], "the current target, then the assignment of nil: nothing more")
        subscription.dispose()
    }

    func testAWeakTargetGoingAwaySendsNilOnceWhileThePropertyStillRefersToIt() {
        let owner = SyncTestObject()
        var target: SyncTestObject? = SyncTestObject()
        for _ in 0..<5 { owner.weakTestObjectValue = target }
        let values = Fixture.Log<Bool>()
        let subscription = owner.signal(for: \.weakTestObjectValue).subscribeNext { values.append($0 == nil) }
        target = nil
        XCTAssertEqual(values.all, [false, true])
        XCTAssertNil(owner.weakTestObjectValue)
        subscription.dispose()
    }

    func testTheOwnerGoingAwayStopsWatchingItsWeakTarget() {
        let target = SyncTestObject()
        let before = target.lifetime.disposable.childrenCount
        do {
            let owner = SyncTestObject()
            owner.weakTestObjectValue = target
            XCTAssertEqual(target.lifetime.disposable.childrenCount, before + 1)
        }
        XCTAssertEqual(target.lifetime.disposable.childrenCount, before)
    }

    // MARK: Issue 38, item 6: an observer after one that assigns again ends with a stale value

    func testAnObserverAfterOneThatClampsTheValueEndsWithThePropertysValue() {
        // The hook sent the assigned value to a copy of its observers; after the clamp's nested
        // send the outer loop went on handing out 15. KVO's observers read the value as each
        // notification arrives: B gets 10, then 10 again.
        let model = SyncTestObject()
        let clamp = model.signal(for: \.integerValue).subscribeNext { value in
            if value > 10 { model.integerValue = 10 }
        }
        let seen = Fixture.Log<Int>()
        let observer = model.signal(for: \.integerValue).subscribeNext { seen.append($0) }
        model.integerValue = 15
        XCTAssertEqual(seen.all, [0, 10, 10])
        XCTAssertEqual(seen.all.last, model.integerValue)
        clamp.dispose()
        observer.dispose()
    }

    func testABindingMadeAfterAClampStaysInStepWithIt() {
        let a = SyncTestObject()
        let b = SyncTestObject()
        let clamp = a.signal(for: \.integerValue).subscribeNext { value in
            if value > 10 { a.integerValue = 10 }
        }
        let binding = a.signal(for: \.integerValue).setKeyPath(\.integerValue, on: b)
        a.integerValue = 15
        XCTAssertEqual(a.integerValue, 10)
        XCTAssertEqual(b.integerValue, 10)
        clamp.dispose()
        binding.dispose()
    }

    // MARK: Issue 38, item 7: a two-way binding dropped a change made during its own write

    func testATwoWayBindingCarriesAChangeMadeDuringItsOwnWrite() {
        // The terminal dropped every change seen while its writer wrote, the clamp's nested
        // assignment included. RACKVOChannel ignores only the next update after its own set.
        let a = SyncTestObject()
        let b = SyncTestObject()
        let binding = a.channelTerminal(for: \.integerValue).bind(to: b.channelTerminal(for: \.integerValue))
        let clamp = b.signal(for: \.integerValue).subscribeNext { value in
            if value > 10 { b.integerValue = 10 }
        }
        a.integerValue = 15
        XCTAssertEqual(b.integerValue, 10)
        XCTAssertEqual(a.integerValue, 10)
        b.integerValue = 20
        XCTAssertEqual(b.integerValue, 10)
        XCTAssertEqual(a.integerValue, 10)
        a.integerValue = 5
        XCTAssertEqual(b.integerValue, 5)
        clamp.dispose()
        binding.dispose()
    }
}
