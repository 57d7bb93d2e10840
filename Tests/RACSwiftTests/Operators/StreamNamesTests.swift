import XCTest
@testable import RACSwift

/// Operator results carry RAC's debug names when `RAC_DEBUG_SIGNAL_NAMES` is set, and no name
/// (no formatting cost) otherwise. Run the suite both ways to check both halves.
final class StreamNamesTests: RACTestCase {
    private func assertName<T>(_ signal: Signal<T>, _ expected: String, line: UInt = #line) {
        XCTAssertEqual(signal.name, debugSignalNamesEnabled ? expected : "", line: line)
    }

    func testEveryStreamOperatorNamesItsResultAsRACDoes() {
        let src = Signal<Int>.never.setName("src")
        assertName(src.take(0), "[src] -take: 0")
        assertName(src.take(2), "[src] -take: 2")
        assertName(src.take(while: { _ in true }), "[src] -takeWhileBlock:")
        assertName(src.take(until: { _ in true }), "[src] -takeUntilBlock:")
        assertName(src.skip(3), "[src] -skip: 3")
        assertName(src.skip(while: { _ in true }), "[src] -skipWhileBlock:")
        assertName(src.skip(until: { _ in true }), "[src] -skipUntilBlock:")
        assertName(src.scan(withStart: 5) { $0 + $1 }, "[src] -scanWithStart: 5 reduce:")
        assertName(src.scan(withStart: 5) { a, b, _ in a + b }, "[src] -scanWithStart: 5 reduceWithIndex:")
        assertName(src.combinePrevious(withStart: 1) { $0 + $1 }, "[src] -combinePreviousWithStart: 1 reduce:")
        assertName(src.distinctUntilChanged(), "[src] -distinctUntilChanged")
        assertName(src.distinctUntilChanged(by: ==), "[src] -distinctUntilChanged")
        assertName(src.ignore(4), "[src] -ignore: 4")
        assertName(src.startWith(0), "[src] -startWith: 0")
        assertName(src.map { $0 }, "[src] -map:")
        assertName(src.mapReplace("x"), "[src] -mapReplace: x")
        assertName(src.filter { _ in true }, "[src] -filter:")
        assertName(src.map { ($0, $0) }.reduceEach { (a: Int, b: Int) in a + b }, "[[src] -map:] -reduceEach:")
        assertName(src.logAll(), "src")
        assertName(src.logNext(), "src")
        assertName(src.logError(), "src")
        assertName(src.logCompleted(), "src")
    }

    func testStaticOperatorsNameTheirResultsAsRACDoes() {
        let a = Signal<Int>.never.setName("a")
        let b = Signal<Int>.never.setName("b")
        assertName(Signal.zip([a, b]), "+zip: \([a, b])")
        assertName(Signal.zip([a, b], reduce: { $0.count }), "+zip: \([a, b]) reduce:")
        assertName(Signal.zip(a, b), "+zip: (\(a), \(b))")
        assertName(Signal.zip(a, b, reduce: { $0 + $1 }), "+zip: (\(a), \(b)) reduce:")
        assertName(Signal.concat([a, b]), "+concat: \([a, b])")
        assertName(Signal.from([1], on: nil), "[Array<Int>] -signalWithScheduler: nil")
    }
}
