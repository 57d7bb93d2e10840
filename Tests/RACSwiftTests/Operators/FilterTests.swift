import XCTest
@testable import RACSwift

final class FilterTests: RACTestCase {
    func testFilterSendsOnlyIncludedValues() {
        let probe = SyncSource(values: [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(EventLog(probe.signal.filter { $0 % 2 == 0 }).events, .valuesThenCompleted([2, 4, 6]))
        XCTAssertEqual(probe.disposals, 1)
    }

    func testFilterRejectingEverythingOnlyCompletes() {
        let probe = SyncSource(values: [1, 2, 3])
        XCTAssertEqual(EventLog(probe.signal.filter { _ in false }).events, [.completed])
    }

    func testFilterForwardsErrorEvenWhenValuesAreDropped() {
        let probe = SyncSource(values: [1, 3], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.filter { $0 > 2 }).events, [.next(3), .error(TestError(code: 1))])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testDisposingFilterDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.filter { $0 > 1 } }, sending: [1, 2], thenAfterDisposal: [3], receives: [2])
    }

    func testFilterResubscriptionRunsTheSourceAgain() {
        assertResubscriptionRunsTheSourceAgain({ $0.filter { $0 != 2 } }, values: [1, 2, 3], receives: [1, 3])
    }

    func testFilterOnTestSchedulerKeepsTimes() {
        assertKeepsVirtualTimes({ $0.filter { $0 != 2 } }, of: [.next(1, 1), .next(2, 2), .next(3, 3), .completed(5)],
                                receives: [.next(1, 1), .next(3, 3), .completed(5)])
    }
}
