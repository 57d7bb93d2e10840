import XCTest
@testable import RACSwift

final class IgnoreTests: RACTestCase {
    func testIgnoreDropsEveryEqualValue() {
        let probe = SyncSource(values: [1, 2, 3, 2, 4])
        XCTAssertEqual(EventLog(probe.signal.ignore(2)).events, .valuesThenCompleted([1, 3, 4]))
    }

    // RAC: `innerValue != value && ![innerValue isEqual:value]`, so ignoring nil drops nils.
    func testIgnoreNilDropsNilValues() {
        let probe = SyncSource<String?>(values: ["a", nil, "b", nil])
        XCTAssertEqual(EventLog(probe.signal.ignore(nil)).events, .valuesThenCompleted(["a", "b"]))
    }

    func testIgnoreForwardsError() {
        let probe = SyncSource(values: [2, 1], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.ignore(2)).events, [.next(1), .error(TestError(code: 1))])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testDisposingIgnoreDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.ignore(0) }, sending: [0, 1], thenAfterDisposal: [2], receives: [1])
    }

    func testIgnoreResubscriptionRunsTheSourceAgain() {
        assertResubscriptionRunsTheSourceAgain({ $0.ignore("x") }, values: ["x", "y"], receives: ["y"])
    }
}
