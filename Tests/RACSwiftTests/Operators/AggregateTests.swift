import XCTest
@_spi(Testing) import RACSwift

final class AggregateTests: RACTestCase {
    func testAggregateSendsTheReducedValueOnlyOnCompletion() {
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.aggregate(withStart: 0, reduce: +))
        source.send(1)
        source.send(2)
        XCTAssertEqual(log.events, [])
        source.complete()
        XCTAssertEqual(log.events, [.next(3), .completed])
    }

    func testAggregateOnAnEmptySignalSendsTheStartValue() {
        XCTAssertEqual(EventLog(Signal<Int>.empty.aggregate(withStart: 42, reduce: +)).events, [.next(42), .completed])
    }

    func testAggregateForwardsTheErrorWithoutAValue() {
        let log = EventLog(SyncSource<Int>([.next(1), .error(TestError(code: 1))]).signal.aggregate(withStart: 0, reduce: +))
        XCTAssertEqual(log.events, [.error(TestError(code: 1))])
    }

    func testReduceWithIndexCountsFromZero() {
        let log = EventLog(SyncSource<String>([.next("a"), .next("b"), .next("c"), .completed]).signal
            .aggregate(withStart: "") { running, next, index in running + "\(index)\(next)" })
        XCTAssertEqual(log.events, [.next("0a1b2c"), .completed])
    }

    func testEachSubscriptionStartsAgainFromStart() {
        let signal = SyncSource<Int>([.next(1), .next(2), .completed]).signal
            .aggregate(withStart: 10) { running, next, index in running + next + index }
        XCTAssertEqual(EventLog(signal).events, [.next(14), .completed])
        XCTAssertEqual(EventLog(signal).events, [.next(14), .completed])
    }

    func testStartFactoryMakesAFreshStartPerSubscription() {
        final class Bag { var items: [Int] = [] }
        nonisolated(unsafe) var made = 0
        let signal = SyncSource<Int>([.next(1), .next(2), .completed]).signal
            .aggregate(withStartFactory: { () -> Bag in
                made += 1
                return Bag()
            }, reduce: { bag, next in
                bag.items.append(next)
                return bag
            })
            .map(\.items)
        XCTAssertEqual(made, 0)
        XCTAssertEqual(EventLog(signal).events, [.next([1, 2]), .completed])
        XCTAssertEqual(EventLog(signal).events, [.next([1, 2]), .completed])
        XCTAssertEqual(made, 2)
    }

    func testStartFactoryOnAnEmptySignalSendsTheStartValue() {
        XCTAssertEqual(EventLog(Signal<Int>.empty.aggregate(withStartFactory: { 7 }, reduce: +)).events,
                       [.next(7), .completed])
    }

    func testAggregateDisposalStopsTheSource() {
        assertDisposalDisposesTheSource({ (signal: Signal<Int>) in signal.aggregate(withStartFactory: { 0 }, reduce: +) }, sending: [1],
                                        thenAfterDisposal: { $0.complete() }, receives: [])
    }

    func testCollectSendsOneArrayOnCompletion() {
        let source = ManualSource<Int?>()
        let log = EventLog(source.signal.collect())
        source.send(1)
        source.send(nil)
        XCTAssertEqual(log.events, [])
        source.complete()
        XCTAssertEqual(log.events, [.next([1, nil]), .completed])
    }

    func testCollectOnAnEmptySignalSendsOneEmptyArray() {
        XCTAssertEqual(EventLog(Signal<Int>.empty.collect()).events, [.next([]), .completed])
    }

    func testCollectForwardsTheError() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .error(TestError())]).signal.collect()).events, [.error(TestError())])
    }

    func testCollectStartsEmptyForEachSubscriptionAndStopsOnDisposal() {
        let signal = SyncSource<Int>([.next(1), .completed]).signal.collect()
        XCTAssertEqual(EventLog(signal).events, [.next([1]), .completed])
        XCTAssertEqual(EventLog(signal).events, [.next([1]), .completed])
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.collect())
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
    }
}
