import XCTest
@_spi(Testing) import RACSwift

final class MaterializeTests: RACTestCase {
    func testMaterializeSendsEveryEventAsAValueThenCompletes() {
        let log = EventLog(SyncSource<Int>([.next(1), .next(2), .completed]).signal.materialize())
        XCTAssertEqual(log.events, [.next(.next(1)), .next(.next(2)), .next(.completed), .completed])
    }

    func testMaterializeTurnsAnErrorIntoAValueAndCompletes() {
        let log = EventLog(SyncSource<Int>([.next(1), .error(TestError(code: 5))]).signal.materialize())
        XCTAssertEqual(log.events, [.next(.next(1)), .next(.error(TestError(code: 5))), .completed])
    }

    func testMaterializeDisposalStopsTheSource() {
        assertDisposalDisposesTheSource({ (signal: Signal<Int>) in signal.materialize() }, sending: [1],
                                        thenAfterDisposal: { $0.complete() }, receives: [.next(.next(1))])
    }

    func testDematerializeInvertsMaterialize() {
        let ok = EventLog(SyncSource<Int>([.next(1), .next(2), .completed]).signal.materialize().dematerialize())
        XCTAssertEqual(ok.events, [.next(1), .next(2), .completed])
        let failed = EventLog(SyncSource<Int>([.next(1), .error(TestError(code: 3))]).signal.materialize().dematerialize())
        XCTAssertEqual(failed.events, [.next(1), .error(TestError(code: 3))])
    }

    func testDematerializeStopsTheSourceAtATerminalEventValue() {
        let source = ManualSource<Event<Int>>()
        let log = EventLog(source.signal.dematerialize())
        source.send(.next(1))
        source.send(.error(TestError(code: 1)))
        XCTAssertEqual(source.disposals, 1)
        source.send(.next(2))
        XCTAssertEqual(log.events, [.next(1), .error(TestError(code: 1))])

        let source2 = ManualSource<Event<Int>>()
        let log2 = EventLog(source2.signal.dematerialize())
        source2.send(.completed)
        XCTAssertEqual(source2.disposals, 1)
        XCTAssertEqual(log2.events, [.completed])
    }

    func testDematerializeForwardsTheSourcesOwnTerminalEvents() {
        XCTAssertEqual(EventLog(SyncSource<Event<Int>>([.next(.next(1)), .completed]).signal.dematerialize()).events,
                       [.next(1), .completed])
        XCTAssertEqual(EventLog(SyncSource<Event<Int>>([.error(TestError(code: 2))]).signal.dematerialize()).events,
                       [.error(TestError(code: 2))])
    }

    func testDematerializeDisposalStopsTheSource() {
        let source = ManualSource<Event<Int>>()
        let log = EventLog(source.signal.dematerialize())
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
        source.send(.next(1))
        XCTAssertEqual(log.events, [])
    }
}
