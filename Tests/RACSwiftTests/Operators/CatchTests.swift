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
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.catch(to: .return(0)))
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
        source.fail()
        XCTAssertEqual(log.events, [])
    }

    func testDisposalReachesTheReplacement() {
        let replacement = ManualSource<Int>()
        let log = EventLog(Signal<Int>.error(TestError()).catch(to: replacement.signal))
        XCTAssertTrue(replacement.isSubscribed)
        log.disposable.dispose()
        XCTAssertEqual(replacement.disposals, 1)
        replacement.send(1)
        XCTAssertEqual(log.events, [])
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
