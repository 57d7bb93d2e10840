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

    /// The events are formed and taken apart in the caller's types (issue 28f): values of a
    /// reference type and of an optional go through whole, each released once.
    func testValuesOfAnyTypeGoThroughAndAreReleasedOnce() {
        final class Box: @unchecked Sendable {
            let id: Int
            let released: Fixture.Log<Int>
            init(_ id: Int, _ released: Fixture.Log<Int>) { self.id = id; self.released = released }
            deinit { released.append(id) }
        }
        let released = Fixture.Log<Int>()
        do {
            let source = ManualSource<Box>()
            let ids = Fixture.Log<Int>()
            let subscription = source.signal.materialize().dematerialize().subscribeNext { ids.append($0.id) }
            for id in 0..<3 { source.send(Box(id, released)) }
            source.complete()
            XCTAssertEqual(ids.all, [0, 1, 2])
            XCTAssertTrue(subscription.isDisposed)
        }
        XCTAssertEqual(released.all.sorted(), [0, 1, 2], "each value released once, none kept")

        let optionals = EventLog(SyncSource<String?>([.next("a"), .next(nil), .completed]).signal.materialize())
        XCTAssertEqual(optionals.events, [.next(.next("a")), .next(.next(nil)), .next(.completed), .completed])
    }
}

