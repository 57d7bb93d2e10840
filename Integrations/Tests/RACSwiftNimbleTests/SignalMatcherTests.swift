import Foundation
import Nimble
import RACSwift
import RACSwiftNimble
import RACSwiftTesting
import XCTest

final class SignalMatcherTests: LeakCheckedTestCase {
    // MARK: Passing, one matcher per kind of event

    func testSendValuesPassesOnExactlyTheseValuesWhateverTheEnding() {
        expect(Signal.from([1, 2, 3])).to(sendValues([1, 2, 3]))
        expect(Signal.from([1, 2]).concat(Signal.error(TestError.boom))).to(sendValues([1, 2]))
        expect(Signal<Int>.never).to(sendValues([]))
        expect(Signal.from([1, 2, 3])).toNot(sendValues([1, 2]))
        expect(Signal.from([1, 2, 3])).toNot(sendValues([1, 3, 2]))
    }

    func testSendValuesThenChecksTheTerminalEvent() {
        let subject = Subject<Int>()
        subject.sendNext(0) // before the expectation subscribes: not seen
        expect(Signal.from([1, 2])).to(sendValues([1, 2], then: .completion))
        expect(Signal.from([1]).concat(Signal.error(TestError.boom))).to(sendValues([1], then: .error(TestError.boom)))
        expect(Signal.from([1]).concat(Signal.error(TestError.boom))).to(sendValues([1], then: .anyError))
        expect(Signal<Int>.error(TestError.other)).to(sendValues([], then: .error { $0 as? TestError == .other }))
        expect(Signal.from([1]).concat(Signal.never)).to(sendValues([1], then: .nothing))
        expect(subject).to(sendValues([], then: .nothing))

        expect(Signal.from([1, 2])).toNot(sendValues([1, 2], then: .nothing))
        expect(Signal.from([1, 2])).toNot(sendValues([1, 2], then: .anyError))
        expect(Signal<Int>.error(TestError.other)).toNot(sendValues([], then: .error(TestError.boom)))
        expect(Signal<Int>.error(TestError.other)).toNot(sendValues([], then: .completion))
    }

    func testCompletePassesOnCompletionAfterAnyValues() {
        expect(Signal<Int>.empty).to(complete())
        expect(Signal.from(["a", "b"])).to(complete())
        expect(Signal<Int>.error(TestError.boom)).toNot(complete())
        expect(Signal<Int>.never).toNot(complete())
    }

    func testSendErrorMatchesAnErrorByEqualityOrTest() {
        let failing = Signal.from([1]).concat(Signal.error(TestError.boom))
        expect(failing).to(sendError())
        expect(failing).to(sendError(matching: TestError.boom))
        expect(failing).toNot(sendError(matching: TestError.other))
        expect(failing).to(sendError { $0 is TestError })
        expect(failing).toNot(sendError { $0 is CancellationError })
        expect(Signal<Int>.empty).toNot(sendError())
        expect(Signal<Int>.never).toNot(sendError())
    }

    func testSendNothingPassesOnlyWithNoEventAtAll() {
        expect(Signal<Int>.never).to(sendNothing())
        expect(Subject<Int>()).to(sendNothing())
        expect(Signal<Int>.empty).toNot(sendNothing())
        expect(Signal<Int>.error(TestError.boom)).toNot(sendNothing())
        expect(Signal.return(1).concat(Signal.never)).toNot(sendNothing())
    }

    func testATestRecorderIsReadWithItsVirtualTimes() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.cold("-a-b-|"))
        expect(recorder).to(sendNothing())
        scheduler.run()
        expect(recorder).to(sendValues(["a", "b"], then: .completion))
        expect(recorder).to(complete())
    }

    // MARK: Asynchronous signals

    func testToEventuallyPollsOneSubscriptionWhileTheMainQueueRuns() async {
        let signal = Signal.from([1, 2, 3]).deliver(on: .main)
        await expect(signal).toEventually(sendValues([1, 2, 3], then: .completion))
        await expect(signal).toEventually(complete())
    }

    func testToEventuallySubscribesOnceAndSeesEveryValueSentBetweenPolls() async {
        let subscriptions = Locked(0)
        let signal = Signal<Int>.create { subscriber in
            subscriptions += 1
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { subscriber.sendNext(1) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.08) {
                subscriber.sendNext(2)
                subscriber.sendCompleted()
            }
            return nil
        }
        // Polled every 10 ms: an expectation that resubscribed at each poll would never see 2.
        await expect(signal).toEventually(sendValues([1, 2], then: .completion), timeout: .seconds(5))
        expect(subscriptions.value) == 1
    }

    func testAwaitedToEventuallyReadsASignalDeliveringOnABackgroundScheduler() async {
        let signal = Signal.from(["x", "y"]).delay(0.01, on: .background())
        await expect(signal).toEventually(sendValues(["x", "y"], then: .completion), timeout: .seconds(5))
        await expect(Signal<Int>.error(TestError.boom).deliver(on: .background())).toEventually(
            sendError(matching: TestError.boom), timeout: .seconds(5))
    }

    func testTheExpectationsSubscriptionIsDisposedWhenItIsOver() {
        let subject = Subject<Int>()
        expect(subject).toNot(complete())
        expect(subject).to(endWithNoLiveSubscriptions())
        expect { expect(subject).to(sendNothing()) }.to(endWithNoLiveSubscriptions())
    }

    // MARK: The leak check

    func testEndWithNoLiveSubscriptionsCountsWhatTheBlockLeftAlive() {
        let subject = Subject<Int>()
        expect { subject.map { $0 + 1 }.subscribeNext { _ in }.dispose() }.to(endWithNoLiveSubscriptions())
        expect(Signal.from([1, 2]).map { $0 * 2 }).to(endWithNoLiveSubscriptions())

        var kept: [Disposable] = []
        let alive = leakedSubscriptions(timeout: 0) { kept.append(subject.subscribeNext { _ in }) }
        let messages = failureMessages {
            expect { kept.append(subject.subscribeNext { _ in }) }.to(endWithNoLiveSubscriptions(timeout: 0))
        }
        kept.forEach { $0.dispose() }
        // A `subscribeNext` on a subject is one object (its entry holds the closure).
        expect(alive) == 1
        expect(messages) == ["expected to end with no live subscriptions, got 1 subscription object still alive"]
    }
}
