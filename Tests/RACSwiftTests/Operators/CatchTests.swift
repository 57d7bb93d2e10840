import XCTest
@_spi(Testing) import RACSwift

final class CatchTests: RACTestCase {
    func testReplacementIsSubscribedOnlyOnError() {
        let source = ManualSource<Int>()
        let replacement = ManualSource<Int>()
        nonisolated(unsafe) var caught: [Int] = []
        let log = EventLog(source.signal.catch { error in
            caught.append((error as! TestError).code)
            return replacement.signal
        })
        source.send(1)
        XCTAssertEqual(replacement.subscriptions, 0)
        source.fail(TestError(code: 7))
        XCTAssertEqual(caught, [7])
        XCTAssertEqual(replacement.subscriptions, 1)
        replacement.send(2)
        replacement.complete()
        XCTAssertEqual(log.events, [.next(1), .next(2), .completed])
    }

    func testCompletionIsForwardedWithoutSubscribingTheReplacement() {
        let replacement = SyncSource<Int>([.next(9), .completed])
        let log = EventLog(SyncSource<Int>([.next(1), .completed]).signal.catch(to: replacement.signal))
        XCTAssertEqual(log.events, [.next(1), .completed])
        XCTAssertEqual(replacement.subscriptions, 0)
    }

    func testReplacementsErrorIsForwarded() {
        let log = EventLog(Signal<Int>.error(TestError(code: 1)).catch(to: .error(TestError(code: 2))))
        XCTAssertEqual(log.events, [.error(TestError(code: 2))])
    }

    func testCatchToSwitchesToTheGivenSignal() {
        let log = EventLog(SyncSource<Int>([.next(1), .error(TestError())]).signal.catch(to: .return(5)))
        XCTAssertEqual(log.events, [.next(1), .next(5), .completed])
    }

    func testDisposalReachesTheSourceBeforeAnError() {
        assertDisposalDisposesTheSource({ $0.catch(to: .return(0)) }, sending: [], thenAfterDisposal: { $0.fail() }, receives: [])
    }

    func testDisposalReachesTheReplacement() {
        assertDisposalDisposesTheSource({ replacement in Signal<Int>.error(TestError()).catch(to: replacement) }, sending: [],
                                        thenAfterDisposal: { $0.send(1) }, receives: [])
    }

    func testEachSubscriptionCatchesAgain() {
        nonisolated(unsafe) var handled = 0
        let signal = Signal<Int>.error(TestError()).catch { _ in
            handled += 1
            return .return(handled)
        }
        XCTAssertEqual(EventLog(signal).events, [.next(1), .completed])
        XCTAssertEqual(EventLog(signal).events, [.next(2), .completed])
    }
}
