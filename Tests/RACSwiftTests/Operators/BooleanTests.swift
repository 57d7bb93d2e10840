import XCTest
@_spi(Testing) import RACSwift

final class BooleanTests: RACTestCase {
    func testNotNegatesEachValue() {
        XCTAssertEqual(EventLog(SyncSource<Bool>([.next(true), .next(false), .completed]).signal.not()).events,
                       [.next(false), .next(true), .completed])
    }

    func testAndOrOnArrays() {
        let arrays = SyncSource<[Bool]>([.next([true, true]), .next([true, false]), .next([false, false]), .completed]).signal
        XCTAssertEqual(EventLog(arrays.and()).events, [.next(true), .next(false), .next(false), .completed])
        XCTAssertEqual(EventLog(arrays.or()).events, [.next(true), .next(true), .next(false), .completed])
    }

    func testAndOrOnEmptyArraysAreVacuous() {
        let empty = SyncSource<[Bool]>([.next([]), .completed]).signal
        XCTAssertEqual(EventLog(empty.and()).values, [true])
        XCTAssertEqual(EventLog(empty.or()).values, [false])
    }

    func testAndOrOnTuplesOfEveryArity() {
        XCTAssertEqual(EventLog(Signal.return((true, true)).and()).values, [true])
        XCTAssertEqual(EventLog(Signal.return((true, false)).and()).values, [false])
        XCTAssertEqual(EventLog(Signal.return((false, false)).or()).values, [false])
        XCTAssertEqual(EventLog(Signal.return((true, true, false)).and()).values, [false])
        XCTAssertEqual(EventLog(Signal.return((false, false, true)).or()).values, [true])
        XCTAssertEqual(EventLog(Signal.return((true, true, true, true)).and()).values, [true])
        XCTAssertEqual(EventLog(Signal.return((false, false, false, false)).or()).values, [false])
        XCTAssertEqual(EventLog(Signal.return((true, true, true, true, false)).and()).values, [false])
        XCTAssertEqual(EventLog(Signal.return((false, false, false, false, true)).or()).values, [true])
        XCTAssertEqual(EventLog(Signal.return((true, true, true, true, true, true)).and()).values, [true])
        XCTAssertEqual(EventLog(Signal.return((false, false, false, false, false, true)).or()).values, [true])
    }

    func testErrorsPassThroughAndDisposalStopsTheSource() {
        XCTAssertEqual(EventLog(Signal<Bool>.error(TestError()).not()).events, [.error(TestError())])
        XCTAssertEqual(EventLog(Signal<(Bool, Bool)>.error(TestError()).and()).events, [.error(TestError())])
        let source = ManualSource<[Bool]>()
        let log = EventLog(source.signal.or())
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
    }
}
