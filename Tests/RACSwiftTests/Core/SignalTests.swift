import Foundation
@_spi(Testing) import RACSwift
import XCTest

final class SignalCreateTests: RACTestCase {
    func testCreateRunsItsBlockOncePerSubscription() {
        let runs = Fixture.Counter()
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendNext(runs.increment())
            subscriber.sendCompleted()
            return nil
        }
        XCTAssertEqual(runs.value, 0, "cold: nothing runs before a subscription")
        let first = EventLog(signal)
        let second = EventLog(signal)
        XCTAssertEqual(first.events, [.next(1), .completed])
        XCTAssertEqual(second.events, [.next(2), .completed])
    }

    func testSubscribeThenDisposeRunsInOrder() {
        let log = Fixture.Log<String>()
        let source = Signal<Int>.create { subscriber in
            log.append("subscribed")
            subscriber.sendNext(1)
            return Disposable { log.append("disposed") }
        }
        let disposable = source.subscribe(next: { log.append("next \($0)") })
        log.append("subscribe returned")
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(log.all, ["subscribed", "next 1", "subscribe returned", "disposed"])
    }

    func testCompletionLaterDisposesBeforeForwarding() {
        let source = HigherProbe<Int>()
        let log = Fixture.Log<String>()
        let signal = Signal<Int>.create { subscriber in
            let inner = source.signal.subscribe(subscriber)
            return Disposable {
                log.append("disposed")
                inner.dispose()
            }
        }
        let disposable = signal.subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        source.send(1)
        source.sendCompleted()
        XCTAssertEqual(log.all, ["next 1", "disposed", "completed"], "RAC's order: dispose, then forward")
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCompletionInsideTheBlockDisposesTheReturnedDisposableAtOnce() {
        let log = Fixture.Log<String>()
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return Disposable { log.append("disposed") }
        }
        let disposable = signal.subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        XCTAssertEqual(log.all, ["next 1", "completed", "disposed"])
        XCTAssertTrue(disposable.isDisposed)
    }

    func testNoEventsAfterDisposal() {
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        let signal = Signal<Int>.create { subscriber in
            kept = subscriber
            return nil
        }
        let recorder = EventLog(signal)
        kept?.sendNext(1)
        recorder.disposable?.dispose()
        kept?.sendNext(2)
        kept?.sendError(TestError.boom)
        kept?.sendCompleted()
        XCTAssertEqual(recorder.events, [.next(1)])
        kept = nil
    }

    func testNoEventsAfterCompleted() {
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        let recorder = EventLog(Signal<Int>.create { kept = $0; return nil })
        kept?.sendNext(1)
        kept?.sendCompleted()
        kept?.sendNext(2)
        kept?.sendError(TestError.boom)
        kept?.sendCompleted()
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertEqual(recorder.disposable?.isDisposed, true)
        kept = nil
    }

    func testNoEventsAfterError() {
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        let recorder = EventLog(Signal<Int>.create { kept = $0; return nil })
        kept?.sendError(TestError.boom)
        kept?.sendNext(2)
        kept?.sendCompleted()
        kept?.sendError(TestError.other)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
        kept = nil
    }

    func testTheBlockRunsEvenWhenTheSubscriberDisposedBeforeItStarts() {
        // As RAC's createSignal:, which runs the block whatever the subscription's state.
        let runs = Fixture.Counter()
        let signal = Signal<Int>.create { _ in
            runs.increment()
            return nil
        }
        let subscriber = Fixture.LoggingSubscriber<Int>()
        final class Disposer: Subscriber, @unchecked Sendable {
            func sendNext(_ value: Int) {}
            func sendError(_ error: any Error) {}
            func sendCompleted() {}
            func didSubscribe(with disposable: CompoundDisposable) { disposable.dispose() }
        }
        signal.subscribe(Disposer())
        XCTAssertEqual(runs.value, 1)
        signal.subscribe(subscriber)
        XCTAssertEqual(runs.value, 2)
    }

    func testConcurrentSendsAreSerializedAndNothingIsLost() {
        // Eight threads send into one create subscriber at once; the subscriber must never see
        // two deliveries overlap, and must see every value, each thread's in its order.
        let (threads, perThread) = (8, 2_000)
        let result = Fixture.sendConcurrentlyIntoCreate(threads: threads, perThread: perThread)
        XCTAssertFalse(result.overlapped)
        XCTAssertEqual(result.received, Array(repeating: Array(0..<perThread), count: threads))
    }

    func testAtMostTheInFlightEventArrivesAfterDisposeReturns() {
        // Contract §2.6: a thread already delivering when disposal began may finish that one
        // event; nothing sent after `dispose()` returned gets through.
        // Set by the create block on this thread before any other thread reads it.
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        let received = Fixture.Counter()
        let disposable = Signal<Int>.create { kept = $0; return nil }.subscribeNext { _ in received.increment() }
        let subscriber = kept!
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            // Send until disposal is visible here, then 1,000 more times.
            var signalled = false
            var afterDisposal = 0
            while afterDisposal < 1_000 {
                subscriber.sendNext(1)
                if disposable.isDisposed { afterDisposal += 1 }
                if !signalled, received.value >= 100 {
                    signalled = true
                    started.signal()
                }
            }
            finished.signal()
        }
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        disposable.dispose()
        let atDispose = received.value
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        XCTAssertLessThanOrEqual(received.value, atDispose + 1)
        kept = nil
    }

    func testConcurrentTerminalEventsDeliverExactlyOne() {
        for _ in 0..<20 {
            // Unlocked on purpose: the library serializes these deliveries, and TSan checks it.
            nonisolated(unsafe) var kept: (any Subscriber<Int>)?
            let recorder = EventLog(Signal<Int>.create { kept = $0; return nil })
            let subscriber = kept!
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                if thread % 2 == 0 { subscriber.sendCompleted() } else { subscriber.sendError(TestError.boom) }
                subscriber.sendNext(thread)
            }
            XCTAssertEqual(recorder.events.count, 1)
            XCTAssertEqual(recorder.events.first?.isFinished, true)
            kept = nil
        }
    }

    func testReentrantSendNestsWithoutDeadlock() {
        // A subscriber that synchronously sends into its own source gets a nested delivery,
        // as with RAC's recursive @synchronized.
        // Set by the create block on this thread before any other thread reads it.
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        let log = Fixture.Log<String>()
        let disposable = Signal<Int>.create { kept = $0; return nil }.subscribe(next: { value in
            log.append("begin \(value)")
            if value < 3 { kept?.sendNext(value + 1) }
            log.append("end \(value)")
        }, completed: { log.append("completed") })
        kept?.sendNext(1)
        XCTAssertEqual(log.all, ["begin 1", "begin 2", "begin 3", "end 3", "end 2", "end 1"])
        // The same from a background thread, where the lock is not held by the main thread.
        let done = expectation(description: "background re-entrant send")
        let subscriber = kept!
        DispatchQueue.global().async {
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all.suffix(5), ["begin 2", "begin 3", "end 3", "end 2", "completed"])
        XCTAssertTrue(disposable.isDisposed)
        kept = nil
    }

    func testSendingValuesCreatesNoSubscriptionObjects() {
        // The live-subscription count does not move while values flow. (That delivery
        // allocates nothing at all is a benchmark's job to measure, not this test's.)
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        nonisolated(unsafe) var sum = 0
        let disposable = Signal<Int>.create { kept = $0; return nil }.subscribeNext { sum += $0 }
        let live = LiveSubscriptions.count
        for value in 1...1_000 { kept?.sendNext(value) }
        XCTAssertEqual(LiveSubscriptions.count, live)
        XCTAssertEqual(sum, 500_500)
        disposable.dispose()
        kept = nil
    }
}

final class SignalConstantTests: RACTestCase {
    func testReturnSendsTheValueThenCompletes() {
        let recorder = EventLog(Signal.return(7))
        XCTAssertEqual(recorder.events, [.next(7), .completed])
        XCTAssertEqual(recorder.disposable?.isDisposed, true)
    }

    func testReturnCarriesNilValues() {
        let recorder = EventLog(Signal<Int?>.return(nil))
        XCTAssertEqual(recorder.events, [.next(nil), .completed])
    }

    func testEmptyCompletesAtOnce() {
        let recorder = EventLog(Signal<Int>.empty)
        XCTAssertEqual(recorder.events, [.completed])
        XCTAssertEqual(recorder.disposable?.isDisposed, true)
    }

    func testNeverSendsNothingUntilDisposed() {
        let recorder = EventLog(Signal<Int>.never)
        XCTAssertEqual(recorder.events, [])
        XCTAssertEqual(recorder.disposable?.isDisposed, false)
        recorder.disposable?.dispose()
        XCTAssertEqual(recorder.events, [])
    }

    func testErrorFailsAtOnce() {
        let recorder = EventLog(Signal<Int>.error(TestError.boom))
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
        XCTAssertEqual(recorder.disposable?.isDisposed, true)
    }

    func testDisposingInsideNextStopsReturnBeforeItCompletes() {
        let subscriber = Fixture.LoggingSubscriber<Int>()
        subscriber.onNext = { _, me in me.disposables.forEach { $0.dispose() } }
        Signal.return(1).subscribe(subscriber)
        XCTAssertEqual(subscriber.log.all, ["didSubscribe", "next 1"])
    }

    func testConstantsOffTheMainThreadDeliverAsynchronouslyOnABackgroundScheduler() {
        let done = expectation(description: "return delivered")
        let log = Fixture.Log<String>()
        DispatchQueue.global().async {
            Signal.return(1).subscribe(next: { _ in
                log.append(Thread.isMainThread ? "main" : "background")
                log.append(Scheduler.current == nil ? "no current" : "current")
            }, completed: { done.fulfill() })
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["background", "current"])
    }
}

final class SignalSubscribeFormTests: RACTestCase {
    func testSubscribeNextGetsValuesOnly() {
        let values = Fixture.Log<Int>()
        Signal.return(1).concat(.error(TestError.boom)).subscribeNext { values.append($0) }
        XCTAssertEqual(values.all, [1])
    }

    func testSubscribeErrorGetsTheErrorOnly() {
        let errors = Fixture.Log<TestError>()
        Signal.return(1).concat(.error(TestError.other)).subscribeError { errors.append($0 as! TestError) }
        XCTAssertEqual(errors.all, [.other])
    }

    func testSubscribeCompletedGetsCompletionOnly() {
        let completions = Fixture.Counter()
        Signal.return(1).subscribeCompleted { completions.increment() }
        XCTAssertEqual(completions.value, 1)
    }

    func testSubscribeClosuresAreReleasedAfterTheTerminalEvent() {
        final class Token {}
        weak var weakToken: Token?
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        do {
            nonisolated(unsafe) let token = Token()
            weakToken = token
            Signal<Int>.create { kept = $0; return nil }.subscribe(next: { _ in _ = token }, completed: { _ = token })
        }
        XCTAssertNotNil(weakToken, "a live subscription keeps its closures")
        kept?.sendCompleted()
        XCTAssertNil(weakToken, "even while the create block's subscriber is still referenced")
        kept = nil
    }
}

final class SignalNameTests: RACTestCase {
    private var debugNamesEnabled: Bool { ProcessInfo.processInfo.environment["RAC_DEBUG_SIGNAL_NAMES"] != nil }

    func testOperatorNamesCostNothingWithoutTheEnvironmentVariable() {
        // The name's text is built from the value's description only when debug names are on.
        struct Loud: CustomStringConvertible {
            let described: Fixture.Counter
            var description: String {
                described.increment()
                return "loud"
            }
        }
        let described = Fixture.Counter()
        let signal = Signal.return(Loud(described: described))
        let bound = signal.bind { { value, _ in Signal.return(value) } }
        if debugNamesEnabled {
            XCTAssertEqual(signal.name, "+return: loud")
            XCTAssertEqual(bound.name, "[+return: loud] -bind:")
        } else {
            XCTAssertEqual(signal.name, "")
            XCTAssertEqual(bound.name, "")
            XCTAssertEqual(described.value, 0)
        }
    }

    func testSetNameSetsAndReturnsTheSameSignal() {
        let signal = Signal<Int>.never
        let named = signal.setName("numbers")
        XCTAssertTrue(named === signal)
        XCTAssertEqual(signal.name, "numbers")
        signal.name = "renamed"
        XCTAssertEqual(signal.name, "renamed")
        XCTAssertTrue(signal.description.contains("name = renamed"))
    }

    func testNamesFollowRACFormsWhenEnabled() {
        let source = Signal<Int>.never.setName("source")
        let other = Signal<Int>.never.setName("other")
        let concatenated = source.concat(other)
        let zipped = source.zip(with: other)
        if debugNamesEnabled {
            XCTAssertTrue(concatenated.name.hasPrefix("[source] -concat: "))
            XCTAssertTrue(zipped.name.hasPrefix("[source] -zipWith: "))
        } else {
            XCTAssertEqual(concatenated.name, "")
            XCTAssertEqual(zipped.name, "")
        }
    }
}
