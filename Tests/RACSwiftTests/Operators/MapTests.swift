import XCTest
@testable import RACSwift

final class MapTests: RACTestCase {
    func testMapTransformsEachValueAndCompletes() {
        let probe = SyncSource(values: [1, 2, 3])
        XCTAssertEqual(EventLog(probe.signal.map { $0 * 10 }).events, .valuesThenCompleted([10, 20, 30]))
        XCTAssertEqual(probe.disposals, 1)
    }

    func testMapChangesTheValueType() {
        let probe = SyncSource(values: [1, 2])
        XCTAssertEqual(EventLog(probe.signal.map { "#\($0)" }).events, .valuesThenCompleted(["#1", "#2"]))
    }

    func testMapForwardsErrorAfterValues() {
        let probe = SyncSource(values: [1], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.map { $0 + 1 }).events, [.next(2), .error(TestError(code: 1))])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testMapRunsTransformOncePerValue() {
        nonisolated(unsafe) var calls = 0
        let probe = SyncSource(values: [1, 2, 3])
        _ = EventLog(probe.signal.map { v -> Int in calls += 1; return v }).events
        XCTAssertEqual(calls, 3)
    }

    func testDisposingMapDisposesTheSourceAndStopsValues() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.map { $0 * 2 } }, sending: [1, 2], thenAfterDisposal: [3], receives: [2, 4])
    }

    func testMapResubscriptionRunsTheSourceAgain() {
        let probe = assertResubscriptionRunsTheSourceAgain({ $0.map { $0 + 1 } }, values: [1, 2], receives: [2, 3])
        XCTAssertEqual(probe.disposals, 2)
    }

    func testMapOfEmptyOnlyCompletes() {
        XCTAssertEqual(EventLog(Signal<Int>.empty.map { $0 }).events, [.completed])
    }

    func testMapKeepsNilValues() {
        let probe = SyncSource<Int?>(values: [1, nil, 3])
        XCTAssertEqual(EventLog(probe.signal.map { $0.map { $0 * 2 } }).events, .valuesThenCompleted([2, nil, 6]))
    }

    func testMapReplaceSendsTheGivenValueForEachValue() {
        let probe = SyncSource(values: [1, 2, 3])
        XCTAssertEqual(EventLog(probe.signal.mapReplace("A")).events, .valuesThenCompleted(["A", "A", "A"]))
    }

    func testMapReplaceForwardsError() {
        let probe = SyncSource(values: [1], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.mapReplace(0)).events, [.next(0), .error(TestError(code: 1))])
    }

    func testMapOnTestSchedulerKeepsTimes() {
        assertKeepsVirtualTimes({ $0.map { $0 * 100 } }, of: [.next(1, 1), .next(3, 2), .completed(4)],
                                receives: [.next(1, 100), .next(3, 200), .completed(4)])
    }
}
