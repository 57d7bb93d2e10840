import XCTest
@_spi(Testing) import RACSwift

final class TakeLastTests: RACTestCase {
    func testTakeLastSendsOnlyOnCompletion() {
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.takeLast(2))
        source.send(1)
        source.send(2)
        source.send(3)
        XCTAssertEqual(log.events, [])
        source.complete()
        XCTAssertEqual(log.events, [.next(2), .next(3), .completed])
    }

    func testTakeLastWithFewerValuesSendsThemAll() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .completed]).signal.takeLast(3)).events, [.next(1), .completed])
    }

    func testTakeLastZeroSendsOnlyCompletion() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .next(2), .completed]).signal.takeLast(0)).events, [.completed])
    }

    func testErrorIsForwardedAndBufferedValuesAreDropped() {
        XCTAssertEqual(EventLog(SyncSource<Int>([.next(1), .next(2), .error(TestError())]).signal.takeLast(2)).events,
                       [.error(TestError())])
    }

    func testNilValuesAreKept() {
        XCTAssertEqual(EventLog(SyncSource<Int?>([.next(1), .next(nil), .completed]).signal.takeLast(2)).events,
                       [.next(1), .next(nil), .completed])
    }

    func testDisposalStopsTheSource() {
        assertDisposalDisposesTheSource({ (signal: Signal<Int>) in signal.takeLast(1) }, sending: [1],
                                        thenAfterDisposal: { $0.complete() }, receives: [])
    }

    func testDisposalWhileFlushingStopsTheRemainingValues() {
        nonisolated(unsafe) var got: [Int] = []
        nonisolated(unsafe) var completed = false
        let stop = UncheckedBox<Disposable?>(nil)
        let subscriber = AnySubscriber<Int>(next: {
            got.append($0)
            stop.value?.dispose()
        }, completed: { completed = true })
        stop.value = subscriber.disposable
        SyncSource<Int>([.next(1), .next(2), .next(3), .completed]).signal.takeLast(3).subscribe(subscriber)
        XCTAssertEqual(got, [1])
        XCTAssertFalse(completed)
    }

    func testEachSubscriptionHasAFreshBuffer() {
        let signal = SyncSource<Int>([.next(1), .next(2), .completed]).signal.takeLast(1)
        XCTAssertEqual(EventLog(signal).events, [.next(2), .completed])
        XCTAssertEqual(EventLog(signal).events, [.next(2), .completed])
    }
}
