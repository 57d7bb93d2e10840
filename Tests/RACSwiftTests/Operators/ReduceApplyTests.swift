import XCTest
@_spi(Testing) import RACSwift

final class ReduceApplyTests: RACTestCase {
    func testReduceApplyCallsTheFunctionWithTheFollowingArguments() {
        let signal = SyncSource<((Int, Int) -> Int, Int, Int)>([.next((+, 1, 2)), .next((*, 3, 4)), .completed]).signal
        XCTAssertEqual(EventLog(signal.reduceApply()).events, [.next(3), .next(12), .completed])
    }

    func testReduceApplyOnEveryArity() {
        XCTAssertEqual(EventLog(Signal.return(({ (a: Int) in "\(a)" }, 1)).reduceApply()).values, ["1"])
        XCTAssertEqual(EventLog(Signal.return(({ (a: Int, b: String, c: Bool) in "\(a)\(b)\(c)" }, 1, "x", true))
            .reduceApply()).values, ["1xtrue"])
        XCTAssertEqual(EventLog(Signal.return(({ (a: Int, b: Int, c: Int, d: Int) in a + b + c + d }, 1, 2, 3, 4))
            .reduceApply()).values, [10])
        XCTAssertEqual(EventLog(Signal.return(({ (a: Int, b: Int, c: Int, d: Int, e: Int) in a + b + c + d + e }, 1, 2, 3, 4, 5))
            .reduceApply()).values, [15])
        XCTAssertEqual(EventLog(Signal.return(({ (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) in a + b + c + d + e + f },
                                               1, 2, 3, 4, 5, 6)).reduceApply()).values, [21])
        XCTAssertEqual(EventLog(Signal.return(({ (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) in
            a + b + c + d + e + f + g }, 1, 2, 3, 4, 5, 6, 7)).reduceApply()).values, [28])
        XCTAssertEqual(EventLog(Signal.return(({ (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int?) in
            a + b + c + d + e + f + g + (h ?? 100) }, 1, 2, 3, 4, 5, 6, 7, nil)).reduceApply()).values, [128])
    }

    func testErrorsPassThroughAndDisposalStopsTheSource() {
        XCTAssertEqual(EventLog(Signal<((Int) -> Int, Int)>.error(TestError()).reduceApply()).events, [.error(TestError())])
        let source = ManualSource<((Int) -> Int, Int)>()
        let log = EventLog(source.signal.reduceApply())
        source.send(({ $0 + 1 }, 1))
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(log.events, [.next(2)])
    }
}
