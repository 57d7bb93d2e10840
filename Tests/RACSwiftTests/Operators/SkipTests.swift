import XCTest
@testable import RACSwift

final class SkipTests: RACTestCase {
    // MARK: skip(_:)

    func testSkipDropsTheFirstValues() {
        let values = [0, 1, 2]
        for count in 0..<values.count {
            let probe = SyncSource(values: values)
            XCTAssertEqual(EventLog(probe.signal.skip(count)).events, .valuesThenCompleted(Array(values.dropFirst(count))))
        }
    }

    func testSkipMoreThanTheSourceOnlyCompletes() {
        let probe = SyncSource(values: [0, 1, 2])
        XCTAssertEqual(EventLog(probe.signal.skip(4)).events, [.completed])
    }

    func testSkipForwardsErrorWhileSkipping() {
        let probe = SyncSource(values: [1], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.skip(2)).events, [.error(TestError(code: 1))])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testDisposingSkipDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.skip(1) }, sending: [1, 2], thenAfterDisposal: [3], receives: [2])
    }

    func testSkipCountsAfreshForEachSubscription() {
        let probe = SyncSource(values: [1, 2, 3])
        let skipped = probe.signal.skip(2)
        XCTAssertEqual(EventLog(skipped).events, .valuesThenCompleted([3]))
        XCTAssertEqual(EventLog(skipped).events, .valuesThenCompleted([3]))
        XCTAssertEqual(probe.subscriptions, 2)
    }

    func testSkipKeepsVirtualTimes() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal([.next(1, "a"), .next(2, "b"), .next(4, "c"), .completed(5)])
        let recorder = scheduler.record(source.skip(1))
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(2, "b"), .next(4, "c"), .completed(5)])
    }

    // MARK: skip(while:) and skip(until:)

    private let predicateValues = [0, 1, 2, 3, 0, 2, 4]

    func testSkipUntilStartsAtTheFirstMatchAndNeverAsksAgain() {
        let probe = SyncSource(values: predicateValues)
        XCTAssertEqual(EventLog(probe.signal.skip(until: { $0 >= 3 })).events, .valuesThenCompleted([3, 0, 2, 4]))
    }

    func testSkipWhileStartsAtTheFirstMismatch() {
        let probe = SyncSource(values: predicateValues)
        XCTAssertEqual(EventLog(probe.signal.skip(while: { $0 <= 1 })).events, .valuesThenCompleted([2, 3, 0, 2, 4]))
    }

    func testSkipWhileAlwaysTrueOnlyCompletes() {
        let probe = SyncSource(values: predicateValues)
        XCTAssertEqual(EventLog(probe.signal.skip(while: { $0 <= 10 })).events, [.completed])
    }

    func testSkipWhileFalseAtFirstSendsEverything() {
        let probe = SyncSource(values: predicateValues)
        XCTAssertEqual(EventLog(probe.signal.skip(while: { $0 < 0 })).events, .valuesThenCompleted(predicateValues))
    }

    func testSkipUntilPredicateIsNotAskedOnceSending() {
        nonisolated(unsafe) var asked: [Int] = []
        let probe = SyncSource(values: [1, 2, 3, 4])
        _ = EventLog(probe.signal.skip(until: { asked.append($0); return $0 == 2 })).events
        XCTAssertEqual(asked, [1, 2])
    }

    func testSkipWhileForwardsError() {
        let probe = SyncSource(values: [0, 5], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.skip(while: { $0 == 0 })).events, [.next(5), .error(TestError(code: 1))])
    }

    func testDisposingSkipUntilDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.skip(until: { $0 == 2 }) }, sending: [1, 2, 3], thenAfterDisposal: [4], receives: [2, 3])
    }

    func testSkipUntilSkipsAfreshForEachSubscription() {
        let probe = SyncSource(values: predicateValues)
        let skipped = probe.signal.skip(until: { $0 == 3 })
        XCTAssertEqual(EventLog(skipped).events, .valuesThenCompleted([3, 0, 2, 4]))
        XCTAssertEqual(EventLog(skipped).events, .valuesThenCompleted([3, 0, 2, 4]))
        XCTAssertEqual(probe.subscriptions, 2)
    }
}
