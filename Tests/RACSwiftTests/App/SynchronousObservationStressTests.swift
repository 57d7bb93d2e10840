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
    /// Rounds of a fresh object (so that every round races the hook's creation), values per round.
    private let rounds = max(1, Stress.rounds / 5)
    private let assignments = 50

    func testSubscribingWhileAnotherThreadAssignsLosesNoValueAndKeepsTheOrder() {
        for round in 0..<rounds {
            let object = SyncTestObject()
            let integers = StressProbe<Int>()
            let strings = StressProbe<String?>()
            let subscriptions = Fixture.Locked<[Disposable]>([])
            let assignments = assignments
            Stress.onThreads(2) { thread in
                if thread == 0 {
                    for value in 1...assignments {
                        object.integerValue = value
                        object.stringValue = String(value)
                    }
                } else {
                    let first = integers.subscribe(object.signal(for: \.integerValue))
                    let second = strings.subscribe(object.signal(for: \.stringValue))
                    subscriptions.value += [first, second]
                }
            }
            // Each subscription starts from some value and then gets every later assignment,
            // in order, one delivery at a time; the last value sent is the last one assigned.
            let values = integers.values
            XCTAssertEqual(values, Array((values.first ?? -1)...assignments), "round \(round)")
            let strs = strings.values.map { $0.flatMap { Int($0) } ?? 0 }
            XCTAssertEqual(strs, Array((strs.first ?? -1)...assignments), "round \(round)")
            for subscription in subscriptions.value { subscription.dispose() }
            integers.assertContract(terminal: 0)
            strings.assertContract(terminal: 0)
        }
    }

    func testSubscribingThroughAKeyPathWhileAnotherThreadAssignsIsSafe() {
        // A key path through another object is re-read at each change: the reads made to
        // record it race the other thread's assignments. Values may be re-read ones, so only
        // order and the final value are checked.
        for round in 0..<rounds {
            let object = SyncTestObject()
            let inner = SyncTestObject()
            object.strongTestObjectValue = inner
            let probe = StressProbe<Int?>()
            let subscription = Fixture.Locked<Disposable?>(nil)
            let assignments = assignments
            Stress.onThreads(2) { thread in
                if thread == 0 {
                    for value in 1...assignments { inner.integerValue = value }
                } else {
                    subscription.value = probe.subscribe(object.signal(for: \.strongTestObjectValue?.integerValue))
                }
            }
            let values = probe.values.map { $0 ?? -1 }
            XCTAssertEqual(values, values.sorted(), "round \(round)")
            XCTAssertEqual(values.last, assignments, "round \(round)")
            subscription.value?.dispose()
            probe.assertContract(terminal: 0)
        }
    }
}
