import Foundation
import RACSwift
import XCTest

final class AnySubscriberTests: RACTestCase {
    func testForwardsEventsToItsClosures() {
        let log = Fixture.Log<String>()
        let subscriber = AnySubscriber<Int>(
            next: { log.append("next \($0)") }, error: { log.append("error \($0)") },
            completed: { log.append("completed") })
        Signal.return(1).subscribe(subscriber)
        XCTAssertEqual(log.all, ["next 1", "completed"])
        XCTAssertTrue(subscriber.disposable.isDisposed)
    }

    func testSerializesEventsFromSignalsOnSeveralThreads() {
        let threads = 8
        let sources = (0..<threads).map { _ in HigherProbe<Int>() }
        let detector = Fixture.OverlapDetector()
        // Unlocked on purpose: the library serializes these deliveries, and TSan checks it.
        nonisolated(unsafe) var count = 0
        let subscriber = AnySubscriber<Int>(next: { _ in
            detector.enter()
            count += 1
            detector.leave()
        })
        for source in sources { source.signal.subscribe(subscriber) }
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            for value in 0..<500 { sources[index].send(value) }
        }
        XCTAssertFalse(detector.didOverlap)
        XCTAssertEqual(count, threads * 500)
        subscriber.disposable.dispose()
        XCTAssertEqual(sources.map(\.disposals), Array(repeating: 1, count: threads))
    }

    func testATerminalEventDisposesEverySubscriptionItIsPartOf() {
        let first = HigherProbe<Int>()
        let second = HigherProbe<Int>()
        let log = Fixture.Log<String>()
        let subscriber = AnySubscriber<Int>(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        first.signal.subscribe(subscriber)
        second.signal.subscribe(subscriber)
        first.sendCompleted()
        XCTAssertEqual(second.disposals, 1)
        second.send(1)
        XCTAssertEqual(log.all, ["completed"])
    }

    func testAnErrorReleasesTheClosuresAndDropsLaterEvents() {
        final class Token {}
        nonisolated(unsafe) weak var weakToken: Token?
        let source = HigherProbe<Int>()
        let other = HigherProbe<Int>()
        let errors = Fixture.Counter()
        let subscriber: AnySubscriber<Int>
        do {
            nonisolated(unsafe) let token = Token()
            weakToken = token
            subscriber = AnySubscriber(next: { _ in _ = token }, error: { _ in _ = token; errors.increment() })
        }
        source.signal.subscribe(subscriber)
        other.signal.subscribe(subscriber)
        source.sendError()
        XCTAssertNil(weakToken)
        subscriber.sendNext(1)
        subscriber.sendError(TestError.other)
        XCTAssertEqual(errors.value, 1)
        XCTAssertEqual(other.disposals, 1)
    }

    func testSubscribingAfterItTerminatedRunsTheBlockAndEndsTheNewSubscriptionAtOnce() {
        // As in RAC: the create block runs although the subscription is already over, and
        // what it returns is disposed at once.
        let subscriber = AnySubscriber<Int>()
        Signal<Int>.empty.subscribe(subscriber)
        let late = HigherProbe<Int>()
        let disposable = late.signal.subscribe(subscriber)
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(late.subscriptions, 1, "the create block runs")
        XCTAssertEqual(late.disposals, 1, "what it returned is disposed at once")
    }

    func testFinishedSubscriptionsDoNotAccumulate() {
        // A long-lived subscriber drops each subscription that ended on its own; disposing it
        // later touches only the live ones.
        let subscriber = AnySubscriber<Int>()
        for _ in 0..<100 { Signal<Int>.never.subscribe(subscriber).dispose() }
        let live = HigherProbe<Int>()
        live.signal.subscribe(subscriber)
        subscriber.disposable.dispose()
        XCTAssertEqual(live.disposals, 1)
    }
}

final class SubscriberProtocolTests: RACTestCase {
    func testAUserSubscriberGetsDidSubscribeBeforeAnyEvent() {
        let subscriber = Fixture.LoggingSubscriber<Int>()
        let disposable = Signal<Int>.create { $0.sendNext(1); $0.sendCompleted(); return nil }.subscribe(subscriber)
        XCTAssertEqual(subscriber.log.all, ["didSubscribe", "next 1", "completed"])
        XCTAssertTrue(subscriber.disposables.first === disposable, "it is handed the subscription's disposable")
    }

    func testDidSubscribeComesFirstThroughEveryCorePrimitive() {
        let signals: [Signal<Int>] = [
            .return(1), .empty, .error(TestError.boom),
            Signal.return(1).concat(.return(2)),
            Signal.return(1).bind { { value, _ in .return(value) } },
            Signal.return(1).zip(with: Signal.return(2)).bind { { pair, _ in .return(pair.0 + pair.1) } },
        ]
        for signal in signals {
            let subscriber = Fixture.LoggingSubscriber<Int>()
            signal.subscribe(subscriber)
            XCTAssertEqual(subscriber.log.all.first, "didSubscribe")
            XCTAssertEqual(subscriber.log.all.filter { $0 == "didSubscribe" }.count, 1)
        }
    }

    func testDisposingFromInsideNextStopsASynchronousSource() {
        let sent = Fixture.Log<Int>()
        let source = Signal<Int>.create { subscriber in
            for value in 1...10 {
                sent.append(value)
                subscriber.sendNext(value)
            }
            subscriber.sendCompleted()
            return nil
        }
        let subscriber = Fixture.LoggingSubscriber<Int>()
        subscriber.onNext = { value, me in if value == 3 { me.disposables.forEach { $0.dispose() } } }
        source.subscribe(subscriber)
        XCTAssertEqual(subscriber.log.all, ["didSubscribe", "next 1", "next 2", "next 3"])
    }

    func testASendFromAnotherThreadAfterANestedSendIsDelivered() {
        // A nested send into a create block's subscriber kept the level of the recursive mutex
        // its `enter` took (Apple platforms, ThreadSanitizer builds): the lock stayed held by
        // this thread, and the other thread's send waited for ever.
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        let log = Fixture.Log<Int>()
        let disposable = Signal<Int>.create { kept = $0; return nil }.subscribeNext { value in
            log.append(value)
            if value == 1 { kept?.sendNext(2) }
        }
        kept?.sendNext(1)
        let subscriber = kept
        let delivered = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            subscriber?.sendNext(3)
            delivered.signal()
        }
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success, "the other thread's send waited for the lock")
        XCTAssertEqual(log.all, [1, 2, 3])
        disposable.dispose()
        kept = nil
    }

    func testPassingTheCreateSubscriberToAnotherSignalTiesTheirSubscriptions() {
        let inner = HigherProbe<Int>()
        let outer = Signal<Int>.create { subscriber in
            inner.signal.subscribe(subscriber)
            return nil
        }
        let recorder = EventLog(outer)
        inner.send(1)
        recorder.disposable?.dispose()
        XCTAssertEqual(inner.disposals, 1)
        XCTAssertEqual(recorder.events, [.next(1)])
    }
}

/// The subscriber behind `subscribe(next:error:completed:)`. Its closures go with it; the
/// library's sources let go of it at the end, so what the closures captured is freed then,
/// even while the user still holds the source's subscriber or the subscription's disposable.
final class ClosureSubscriberTests: RACTestCase {
    private final class Token {}

    /// Where a create block keeps its subscriber after the subscription ends.
    private final class Stash: @unchecked Sendable {
        var subscriber: (any Subscriber<Int>)?

        /// A create signal whose block keeps its subscriber here and ignores disposal.
        var signal: Signal<Int> {
            Signal.create { [self] subscriber in
                self.subscriber = subscriber
                return nil
            }
        }
    }

    /// Subscribes to `stash`'s signal with closures that hold a token and log each event
    /// (`onNext` after the log); returns the subscription and whether the token, and so the
    /// closures, are still alive.
    private func subscribeHoldingAToken(
        _ stash: Stash, _ log: Fixture.Log<String>, onNext: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> (disposable: Disposable, tokenIsAlive: () -> Bool) {
        nonisolated(unsafe) weak var weakToken: Token?
        nonisolated(unsafe) let token = Token()
        weakToken = token
        let disposable = stash.signal.subscribe(
            next: { value in
                _ = token
                log.append("next \(value)")
                onNext(value)
            },
            completed: { _ = token; log.append("completed") })
        return (disposable, { weakToken != nil })
    }

    func testTheEndOfACreateSignalReleasesTheClosuresWhileItsSubscriberIsStillHeld() {
        let stash = Stash()
        let log = Fixture.Log<String>()
        let (disposable, tokenIsAlive) = subscribeHoldingAToken(stash, log)
        stash.subscriber?.sendNext(1)
        XCTAssertTrue(tokenIsAlive())
        stash.subscriber?.sendCompleted()
        XCTAssertFalse(tokenIsAlive(), "released at the terminal event, not when the subscriber goes")
        stash.subscriber?.sendNext(2)
        stash.subscriber?.sendError(TestError.boom)
        XCTAssertEqual(log.all, ["next 1", "completed"])
        XCTAssertNotNil(disposable)
        stash.subscriber = nil
    }

    func testAfterANestedSendTheTerminalEventStillReleasesTheClosuresAtOnce() {
        // With a nested send's level of the recursive mutex kept (Apple platforms,
        // ThreadSanitizer builds), this thread's later events ran as nested ones: the
        // completion's release waited for an outermost send that never came.
        let stash = Stash()
        let log = Fixture.Log<String>()
        let (disposable, tokenIsAlive) = subscribeHoldingAToken(stash, log) { value in
            if value == 1 { stash.subscriber?.sendNext(2) }
        }
        stash.subscriber?.sendNext(1)
        stash.subscriber?.sendCompleted()
        XCTAssertFalse(tokenIsAlive(), "released at the terminal event, not when the subscriber goes")
        XCTAssertEqual(log.all, ["next 1", "next 2", "completed"])
        XCTAssertNotNil(disposable)
        stash.subscriber = nil
    }

    /// Disposal does not reach into a create block that ignores it: the chain (and the
    /// closures) go at the next event the block sends, which meets the disposed subscription.
    func testAfterDisposalTheNextEventFromAStashedSubscriberReleasesTheClosures() {
        nonisolated(unsafe) weak var weakToken: Token?
        let stash = Stash()
        let signal = stash.signal
        let log = Fixture.Log<String>()
        let disposable: Disposable
        do {
            nonisolated(unsafe) let token = Token()
            weakToken = token
            disposable = signal.subscribeNext { _ = token; log.append("next \($0)") }
        }
        stash.subscriber?.sendNext(1)
        disposable.dispose()
        XCTAssertNotNil(weakToken)
        stash.subscriber?.sendNext(2)
        XCTAssertNil(weakToken)
        XCTAssertEqual(log.all, ["next 1"])
        stash.subscriber = nil
    }

    /// The create subscriber lends the chain to a delivery without retaining it; a terminal
    /// event sent from inside that delivery must not free the chain under it.
    func testATerminalEventSentFromInsideADeliveryFreesTheChainOnlyAfterItReturns() {
        nonisolated(unsafe) weak var weakToken: Token?
        let stash = Stash()
        let log = Fixture.Log<String>()
        do {
            nonisolated(unsafe) let token = Token()
            weakToken = token
            stash.signal.map { $0 * 10 }.subscribe(
                next: { value in
                    log.append("next \(value)")
                    stash.subscriber?.sendCompleted()
                    log.append("token alive: \(weakToken != nil)")
                    _ = token
                },
                completed: { log.append("completed") })
        }
        stash.subscriber?.sendNext(1)
        XCTAssertEqual(log.all, ["next 10", "completed", "token alive: true"])
        XCTAssertNil(weakToken, "released once the outer delivery returned")
        stash.subscriber?.sendNext(2)
        XCTAssertEqual(log.all.count, 3)
        stash.subscriber = nil
    }

    /// Ends the subscription from inside its own delivery and records whether it was freed
    /// before that delivery returned.
    private final class SelfEndingSubscriber: Subscriber, @unchecked Sendable {
        let log: Fixture.Log<String>
        let stash: Stash

        init(log: Fixture.Log<String>, stash: Stash) {
            self.log = log
            self.stash = stash
        }

        deinit { log.append("freed") }

        func sendNext(_ value: Int) {
            log.append("next \(value)")
            stash.subscriber?.sendCompleted()
            log.append("next returns")
        }

        func sendError(_ error: any Error) {}
        func sendCompleted() { log.append("completed") }
        func didSubscribe(with disposable: CompoundDisposable) {}
    }

    func testACreateSubscriberDoesNotFreeItsSubscriberDuringItsDelivery() {
        let stash = Stash()
        let log = Fixture.Log<String>()
        stash.signal.subscribe(SelfEndingSubscriber(log: log, stash: stash))
        stash.subscriber?.sendNext(1)
        XCTAssertEqual(log.all, ["next 1", "completed", "next returns", "freed"])
        stash.subscriber = nil
    }

    /// Hands events to its one subscriber directly and keeps it until `drop()`, against the
    /// contract's advice.
    private final class KeepingSignal: Signal<Int>, @unchecked Sendable {
        private(set) var subscriber: (any Subscriber<Int>)?

        override func subscribe(_ subscriber: some Subscriber<Int>) -> Disposable {
            let disposable = CompoundDisposable()
            subscriber.didSubscribe(with: disposable)
            self.subscriber = subscriber
            return disposable
        }

        func drop() { subscriber = nil }
    }

    func testASubscriberKeptAfterTheEndIgnoresLaterEventsAndFreesTheClosuresWhenLetGo() {
        nonisolated(unsafe) weak var weakToken: Token?
        let signal = KeepingSignal()
        let log = Fixture.Log<String>()
        do {
            nonisolated(unsafe) let token = Token()
            weakToken = token
            signal.subscribe(
                next: { _ = token; log.append("next \($0)") },
                error: { _ in log.append("error") },
                completed: { _ = token; log.append("completed") })
        }
        signal.subscriber?.sendNext(1)
        signal.subscriber?.sendCompleted()
        signal.subscriber?.sendNext(2)
        signal.subscriber?.sendError(TestError.boom)
        signal.subscriber?.sendCompleted()
        XCTAssertEqual(log.all, ["next 1", "completed"])
        XCTAssertNotNil(weakToken, "the closures live as long as the subscriber")
        signal.drop()
        XCTAssertNil(weakToken)
    }

    func testATerminalEventSentFromInsideNextEndsTheSubscriberThere() {
        let signal = KeepingSignal()
        let log = Fixture.Log<String>()
        signal.subscribe(
            next: { value in
                log.append("next \(value)")
                signal.subscriber?.sendError(TestError.boom)
                signal.subscriber?.sendNext(value + 1)
                log.append("next \(value) returns")
            },
            error: { _ in log.append("error") })
        signal.subscriber?.sendNext(1)
        signal.subscriber?.sendNext(3)
        XCTAssertEqual(log.all, ["next 1", "error", "next 1 returns"])
        signal.drop()
    }
}
