import XCTest
@testable import RACSwift

final class DistinctUntilChangedTests: RACTestCase {
    func testDistinctUntilChangedDropsConsecutiveRepeatsOnly() {
        let probe = SyncSource(values: [1, 1, 2, 2, 2, 1, 3, 3])
        XCTAssertEqual(EventLog(probe.signal.distinctUntilChanged()).events, .valuesThenCompleted([1, 2, 1, 3]))
    }

    // RAC: `lastValue == x || [x isEqual:lastValue]`, so nil after nil is dropped, and the
    // first value goes through even when it is nil.
    func testDistinctUntilChangedTreatsNilAsEqualToNil() {
        let probe = SyncSource<String?>(values: [nil, nil, "a", nil, nil, "a"])
        XCTAssertEqual(EventLog(probe.signal.distinctUntilChanged()).events, .valuesThenCompleted([nil, "a", nil, "a"]))
    }

    func testDistinctUntilChangedByComparatorForNonEquatableValues() {
        struct Point { var x: Int; var y: Int }
        let probe = SyncSource(values: [Point(x: 1, y: 1), Point(x: 1, y: 2), Point(x: 2, y: 2)])
        let distinct = probe.signal.distinctUntilChanged(by: { $0.x == $1.x }).map(\.y)
        XCTAssertEqual(EventLog(distinct).events, .valuesThenCompleted([1, 2]))
    }

    func testDistinctUntilChangedComparesWithTheLastSentValue() {
        nonisolated(unsafe) var compared: [String] = []
        let probe = SyncSource(values: [1, 2, 2, 3])
        _ = EventLog(probe.signal.distinctUntilChanged(by: { compared.append("\($0)\($1)"); return $0 == $1 })).events
        XCTAssertEqual(compared, ["12", "22", "23"])
    }

    func testDistinctUntilChangedForwardsError() {
        let probe = SyncSource(values: [1, 1], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.distinctUntilChanged()).events, [.next(1), .error(TestError(code: 1))])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testDisposingDistinctUntilChangedDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.distinctUntilChanged() }, sending: [1, 1, 2], thenAfterDisposal: [3], receives: [1, 2])
    }

    func testDistinctUntilChangedForgetsThePreviousValueBetweenSubscriptions() {
        let probe = SyncSource(values: [7, 7])
        let distinct = probe.signal.distinctUntilChanged()
        XCTAssertEqual(EventLog(distinct).events, .valuesThenCompleted([7]))
        XCTAssertEqual(EventLog(distinct).events, .valuesThenCompleted([7]))
    }
}
