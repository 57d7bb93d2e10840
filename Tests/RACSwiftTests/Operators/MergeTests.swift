import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

final class MergeTests: RACTestCase {
    func testMergeForwardsValuesOfBothSignalsAsTheyArrive() {
        let scheduler = TestScheduler()
        let a = scheduler.hot("-p-q|", values: ["p": "a1", "q": "a2"])
        let b = scheduler.hot("--rs--|", values: ["r": "b1", "s": "b2"])
        scheduler.expectMarbles(a.merge(b), "-pr(qs)--|", values: ["p": "a1", "q": "a2", "r": "b1", "s": "b2"])
    }

    func testMergeCompletesOnlyAfterAllInputsCompleted() {
        let inputs = [HigherProbe<Int>(), HigherProbe<Int>(), HigherProbe<Int>()]
        let log = HigherLog(Signal.merge(inputs.map(\.signal)))
        inputs[2].sendCompleted()
        inputs[0].send(1)
        inputs[0].sendCompleted()
        XCTAssertEqual(log.events, ["1"])
        inputs[1].send(2)
        inputs[1].sendCompleted()
        XCTAssertEqual(log.events, ["1", "2", "completed"])
    }

    func testMergeOfAnEmptyArrayCompletesAtOnce() {
        XCTAssertEqual(HigherLog(Signal<Int>.merge([])).events, ["completed"])
    }

    func testVariadicMergeSubscribesInOrder() {
        let signal = Signal.merge(Signal.return(1), Signal.return(2), Signal.return(3))
        XCTAssertEqual(HigherLog(signal).events, ["1", "2", "3", "completed"])
    }

    func testMergeForwardsAnErrorAtOnceAndDisposesTheOtherInputs() {
        let inputs = [HigherProbe<Int>(), HigherProbe<Int>(), HigherProbe<Int>()]
        let log = HigherLog(Signal.merge(inputs.map(\.signal)))
        inputs[1].sendError(TestError("second"))
        XCTAssertEqual(log.events, ["error second"])
        XCTAssertEqual(inputs.map(\.disposals), [1, 1, 1])
        inputs[0].send(1)
        XCTAssertEqual(log.events, ["error second"])
    }

    func testMergeStopsSubscribingOnceAnInputFailsSynchronously() {
        let later = HigherProbe<Int>()
        let log = HigherLog(Signal.merge([Signal.error(TestError.boom), later.signal]))
        XCTAssertEqual(log.events, ["error boom"])
        XCTAssertEqual(later.subscriptions, 0)
    }

    func testDisposingMergeDisposesEveryInput() {
        let inputs = [HigherProbe<Int>(), HigherProbe<Int>()]
        let log = HigherLog(inputs[0].signal.merge(inputs[1].signal))
        XCTAssertEqual(inputs.map(\.subscriptions), [1, 1])
        log.disposable.dispose()
        XCTAssertEqual(inputs.map(\.disposals), [1, 1])
        inputs[0].send(1)
        XCTAssertEqual(log.events, [])
    }

    func testMergeResubscribesEveryInputPerSubscription() {
        let input = HigherProbe<Int>(onSubscribe: { $0.sendNext(7); $0.sendCompleted() })
        let merged = input.signal.merge(.return(8))
        XCTAssertEqual(HigherLog(merged).events, ["7", "8", "completed"])
        XCTAssertEqual(HigherLog(merged).events, ["7", "8", "completed"])
        XCTAssertEqual(input.subscriptions, 2)
    }

    /// Four threads send into four merged signals at once: every value arrives exactly once,
    /// and no two deliveries overlap.
    func testMergeSerializesInputsSendingFromFourThreads() {
        let inputs = (0..<4).map { _ in HigherProbe<Int>() }
        assertSerializesFourSendingThreads(inputs, into: Signal.merge(inputs.map(\.signal)))
    }
}
