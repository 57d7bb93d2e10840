import XCTest
@_spi(Testing) import RACSwift

final class ThenTests: RACTestCase {
    func testThenIgnoresValuesAndSubscribesTheBlocksSignalOnCompletion() {
        let source = ManualSource<Int>()
        let next = ManualSource<String>()
        nonisolated(unsafe) var calls = 0
        let log = EventLog(source.signal.then { () -> Signal<String> in
            calls += 1
            return next.signal
        })
        source.send(1)
        source.send(2)
        XCTAssertEqual(calls, 0)
        XCTAssertEqual(next.subscriptions, 0)
        source.complete()
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(next.subscriptions, 1)
        next.send("a")
        next.complete()
        XCTAssertEqual(log.events, [.next("a"), .completed])
    }

    func testErrorIsForwardedAndTheBlockNeverRuns() {
        nonisolated(unsafe) var calls = 0
        let log = EventLog(SyncSource<Int>([.next(1), .error(TestError(code: 2))]).signal.then { () -> Signal<String> in
            calls += 1
            return .return("x")
        })
        XCTAssertEqual(log.events, [.error(TestError(code: 2))])
        XCTAssertEqual(calls, 0)
    }

    func testTheSecondSignalsErrorIsForwarded() {
        let log = EventLog(Signal.return(1).then { Signal<Int>.error(TestError(code: 3)) })
        XCTAssertEqual(log.events, [.error(TestError(code: 3))])
    }

    func testDisposalReachesTheSourceOrTheSecondSignal() {
        assertDisposalDisposesTheSource({ $0.then { Signal<Int>.return(0) } }, sending: [], thenAfterDisposal: { _ in }, receives: [])
        assertDisposalDisposesTheSource({ next in Signal<Int>.empty.then { next } }, sending: [],
                                        thenAfterDisposal: { $0.send(1) }, receives: [])
    }

    func testBlockRunsAgainForEachSubscription() {
        nonisolated(unsafe) var calls = 0
        let signal = Signal.return(1).then { () -> Signal<Int> in
            calls += 1
            return .return(calls)
        }
        XCTAssertEqual(EventLog(signal).events, [.next(1), .completed])
        XCTAssertEqual(EventLog(signal).events, [.next(2), .completed])
    }
}
