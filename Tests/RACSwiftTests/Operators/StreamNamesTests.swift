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
        let c = Signal<Int>.never.setName("c")
        assertName(Signal.zip(a, b, c), "+zip: (\(a), \(b), \(c))")
        assertName(Signal.zip(a, b, c, reduce: { $0 + $1 + $2 }), "+zip: (\(a), \(b), \(c)) reduce:")
        assertName(Signal.combineLatest(a, b, c), "+combineLatest: (\(a), \(b), \(c))")
        assertName(
            Signal.combineLatest(a, b, c, reduce: { $0 + $1 + $2 }), "+combineLatest: (\(a), \(b), \(c)) reduce:")
        assertName(Signal.concat([a, b]), "+concat: \([a, b])")
        assertName(Signal.from([1], on: nil), "[Array<Int>] -signalWithScheduler: nil")
    }

    // One or more samples from every other family: higher-order, side effects and errors,
    // aggregation, time and threads, multicasting.
    func testEveryOperatorFamilyNamesItsResultAsRACDoes() {
        let src = Signal<Int>.never.setName("src")
        let other = Signal<Int>.never.setName("other")
        let scheduler = TestScheduler()
        assertName(src.flattenMap { Signal.return($0) }, "[src] -flattenMap:")
        assertName(src.map { _ in other }.switchToLatest(), "[[src] -map:] -switchToLatest")
        assertName(src.merge(other), "[src] -merge: \(other)")
        assertName(src.combineLatest(with: other), "[src] -combineLatestWith: \(other)")
        assertName(src.take(until: other), "[src] -takeUntil: \(other)")
        assertName(src.sample(other), "[src] -sample: \(other)")
        assertName(src.window(withStart: other, close: { _ in other }), "[src] -windowWithStart: \(other) close:")
        let condition = src.map { $0 > 0 }
        assertName(Signal.if(condition, then: src, else: other), "+if: \(condition) then: \(src) else: \(other)")
        assertName(src.doNext { _ in }, "[src] -doNext:")
        assertName(src.initially {}, "[src] -initially:")
        assertName(src.catch(to: other), "[src] -catchTo: \(other)")
        assertName(src.retry(2), "[src] -retry: 2")
        assertName(src.repeat(), "[src] -repeat")
        assertName(src.tryMap { $0 }, "[src] -tryMap:")
        assertName(Signal<Int>.defer { src }, "+defer:")
        assertName(src.then { other }, "[src] -then:")
        assertName(src.collect(), "[src] -collect")
        assertName(src.buffer(2), "[src] -buffer: 2")
        assertName(src.aggregate(withStart: 0) { $0 + $1 }, "[src] -aggregateWithStart: 0 reduce:")
        assertName(src.materialize(), "[src] -materialize")
        assertName(condition.not(), "[[src] -map:] -not")
        assertName(src.throttle(1, on: scheduler), "[src] -throttle: 1.0")
        assertName(src.delay(2, on: scheduler), "[src] -delay: 2.0")
        assertName(src.timeout(3, on: scheduler), "[src] -timeout: 3.0 onScheduler: \(scheduler.name)")
        assertName(src.buffer(withTime: 4, on: scheduler),
                   "[src] -bufferWithTime: 4.0 onScheduler: \(scheduler.name)")
        assertName(src.deliver(on: scheduler), "[src] -deliverOn: \(scheduler.name)")
        assertName(src.subscribe(on: scheduler), "[src] -subscribeOn: \(scheduler.name)")
        assertName(src.deliverOnMainThread(), "[src] -deliverOnMainThread")
        assertName(src.groupBy { $0 % 2 }, "[src] -groupBy:")
        assertName(src.replayLazily(), "[src] -replayLazily")
        assertName(Signal<Int>.startLazily(on: scheduler) { _ in },
                   "+startLazilyWithScheduler: \(scheduler.name) block:")
    }
}
