import XCTest
@_spi(Testing) import RACSwift

/// `compactMap` is not a RAC operator (an addition, as Swift's and Combine's): it is RAC's
/// `[[signal map:f] ignore:nil]` in one step, and these tests hold it to that.
final class CompactMapTests: RACTestCase {
    func testCompactMapSendsTheNonNilResultsInOrder() {
        let probe = SyncSource(values: ["1", "x", "3", "", "5"])
        XCTAssertEqual(EventLog(probe.signal.compactMap { Int($0) }).events, .valuesThenCompleted([1, 3, 5]))
        XCTAssertEqual(probe.disposals, 1)
    }

    func testCompactMapMatchesMapThenIgnoreNil() {
        let probe = SyncSource(values: [1, 2, 3, 4, 5, 6])
        let transform: @Sendable (Int) -> String? = { $0 % 3 == 0 ? nil : "v\($0)" }
        let compacted = EventLog(probe.signal.compactMap(transform)).events
        let mappedThenFiltered = EventLog(probe.signal.map(transform).filter { $0 != nil }.map { $0! }).events
        XCTAssertEqual(compacted, mappedThenFiltered)
        XCTAssertEqual(compacted, .valuesThenCompleted(["v1", "v2", "v4", "v5"]))
    }

    func testCompactMapMappingEverythingToNilOnlyCompletes() {
        let probe = SyncSource(values: [1, 2, 3])
        XCTAssertEqual(EventLog(probe.signal.compactMap { _ -> Int? in nil }).events, [.completed])
    }

    func testCompactMapForwardsErrorEvenWhenValuesAreDropped() {
        let probe = SyncSource(values: [1, 3], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.compactMap { $0 > 2 ? $0 * 10 : nil }).events,
                       [.next(30), .error(TestError(code: 1))])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testDisposingCompactMapDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.compactMap { $0 > 1 ? $0 : nil } },
                                                       sending: [1, 2], thenAfterDisposal: [3], receives: [2])
    }

    func testCompactMapResubscriptionRunsTheSourceAgain() {
        assertResubscriptionRunsTheSourceAgain({ $0.compactMap { $0 == 2 ? nil : $0 } }, values: [1, 2, 3], receives: [1, 3])
    }

    func testCompactMapOnTestSchedulerKeepsTimes() {
        assertKeepsVirtualTimes({ $0.compactMap { $0 == 2 ? nil : "\($0)" } }, of: [.next(1, 1), .next(2, 2), .next(3, 3), .completed(5)],
                                receives: [.next(1, "1"), .next(3, "3"), .completed(5)])
    }
}
