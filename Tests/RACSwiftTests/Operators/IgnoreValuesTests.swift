import XCTest
@_spi(Testing) import RACSwift

final class IgnoreValuesTests: RACTestCase {
    func testIgnoreValuesForwardsOnlyCompletion() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .next(2), .completed]).signal.ignoreValues()).events, [.completed])
    }

    func testIgnoreValuesForwardsTheError() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .error(TestError(code: 8))]).signal.ignoreValues()).events,
                       [.error(TestError(code: 8))])
    }

    func testDisposalStopsTheSource() {
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.ignoreValues())
        source.send(1)
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
        source.complete()
        XCTAssertEqual(log.events, [])
    }
}
