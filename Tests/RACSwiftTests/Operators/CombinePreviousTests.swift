import XCTest
@testable import RACSwift

final class CombinePreviousTests: RACTestCase {
    func testCombinePreviousPassesThePreviousValue() {
        let probe = SyncSource(values: [1, 2, 3])
        let combined = probe.signal.combinePrevious(withStart: 1) { previous, next in "\(previous) - \(next)" }
        XCTAssertEqual(EventLog(combined).events, .valuesThenCompleted(["1 - 1", "1 - 2", "2 - 3"]))
    }

    // RAC's spec: a nil start reaches the block as the first previous value.
    func testCombinePreviousWithNilStartPassesNilFirst() {
        let probe = SyncSource<Int?>(values: [1, 2, 3])
        nonisolated(unsafe) var previouses: [Int?] = []
        let combined = probe.signal.combinePrevious(withStart: nil) { previous, next -> Int? in
            previouses.append(previous)
            return next
        }
        XCTAssertEqual(EventLog(combined).events, .valuesThenCompleted([1, 2, 3]))
        XCTAssertEqual(previouses, [nil, 1, 2])
    }

    func testCombinePreviousForwardsError() {
        let probe = SyncSource(values: [5], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.combinePrevious(withStart: 0) { $1 - $0 }).events,
                       [.next(5), .error(TestError(code: 1))])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testDisposingCombinePreviousDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.combinePrevious(withStart: 0) { $0 + $1 } }, sending: [1, 2], thenAfterDisposal: [3], receives: [1, 3])
    }

    func testCombinePreviousStartsFromTheStartOnEachSubscription() {
        let probe = SyncSource(values: [1, 2])
        let combined = probe.signal.combinePrevious(withStart: 100) { previous, _ in previous }
        XCTAssertEqual(EventLog(combined).events, .valuesThenCompleted([100, 1]))
        XCTAssertEqual(EventLog(combined).events, .valuesThenCompleted([100, 1]))
    }
}
