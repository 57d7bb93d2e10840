import Foundation
import RACSwift
import XCTest

/// An operator that ends (an input failed or completed, or its timer fired) disposes its
/// other inputs; so does an `AnySubscriber` subscribed to several signals. When an
/// input is a subject, disposing its subscription used to take the subject's lock — which a
/// thread sending into that subject holds while it waits for the operator's lock to deliver.
/// Issue 15 made the operator dispose with its own lock released; issue 30's lock rule makes
/// the disposal itself wait for no such lock (the subject hands the removal to the thread
/// delivering). Each test races one thread sending into the "busy" subject against another
/// ending the operator through a second one; before issue 15 the two threads deadlocked within
/// a few rounds (Linux's mutex reports it as a fatal "Recursive call to lock Mutex").
final class TerminationDeadlockTests: RACTestCase {

    /// Per round: subscribes to the operator made by `make(busy, ender)`, then one thread
    /// sends values into `busy` while another, once those are flowing, calls `end(ender)`.
    private func race(
        rounds: Int = 40, file: StaticString = #filePath, line: UInt = #line,
        ender makeEnder: () -> Subject<Int> = { Subject() },
        make: (Subject<Int>, Subject<Int>) -> Signal<Int>, end: @escaping @Sendable (Subject<Int>) -> Void
    ) {
        for round in 0..<rounds {
            let busy = Subject<Int>(), ender = makeEnder()
            let probe = StressProbe<Int>()
            let disposable = probe.subscribe(make(busy, ender))
            let flowing = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            DispatchQueue.global().async(group: done) {
                busy.sendNext(0)
                flowing.signal()
                for value in 1..<2_000 { busy.sendNext(value) }
            }
            DispatchQueue.global().async(group: done) {
                flowing.wait()
                end(ender)
            }
            guard finishRound(round, done: done, probe: probe, file: file, line: line) else { return }
            disposable.dispose()
        }
    }

    private let fail: @Sendable (Subject<Int>) -> Void = { $0.sendError(TestError("ended")) }

    /// `signal`, with `ender` sending one value right after each subscription: for operators
    /// whose source is `ender`, so that they are busy with `busy` before `end` runs.
    private func startedBySending(_ signal: Signal<Int>, into ender: Subject<Int>) -> Signal<Int> {
        Signal.create { subscriber in
            let subscription = signal.subscribe(subscriber)
            ender.sendNext(0)
            return subscription
        }
    }

    /// Sends 0 and 1 on each subscription and never ends.
    private static let zeroThenOne = Signal<Int>.create { outer in
        outer.sendNext(0)
        outer.sendNext(1)
        return nil
    }

    /// Waits for both threads of a round (failing on a deadlock) and for the probe's terminal
    /// event, and checks the contract; false when the round deadlocked.
    private func finishRound(
        _ round: Int, done: DispatchGroup, probe: StressProbe<Int>, file: StaticString, line: UInt
    ) -> Bool {
        guard done.wait(timeout: .now() + 10) == .success else {
            XCTFail("deadlock in round \(round)", file: file, line: line)
            return false
        }
        probe.waitForTerminal(file: file, line: line)
        probe.assertContract(file: file, line: line)
        return true
    }

    func testMerge() {
        race(make: { Signal.merge([$0, $1]) }, end: fail)
    }

    func testZip() {
        race(make: { $0.zip(with: $1).map { $0.0 } }, end: fail)
    }

    func testCombineLatest() {
        race(make: { $0.combineLatest(with: $1).map { $0.0 } }, end: fail)
    }

    func testTakeUntil() {
        race(make: { $0.take(until: $1) }, end: { $0.sendNext(1) })
    }

    func testTakeUntilReplacement() {
        race(make: { $0.take(untilReplacement: $1) }, end: { $0.sendCompleted() })
    }

    func testBindEndedByItsSource() {
        // The source (`ender`) binds the busy subject, then fails.
        race(make: { busy, ender in
            startedBySending(ender.bind { { _, _ in busy } }, into: ender)
        }, end: fail)
    }

    func testSwitchToLatestEndedByItsOuterSignal() {
        race(make: { busy, ender in
            startedBySending(ender.map { _ in busy }.switchToLatest(), into: ender)
        }, end: fail)
    }

    func testSwitchToLatestEndedByItsInnerSignal() {
        // Every busy value switches to `ender` again (unsubscribing and resubscribing it);
        // `ender` fails, and replays the failure to a subscription it made between two
        // switches.
        race(ender: { ReplaySubject(capacity: 0) }, make: { busy, ender in
            busy.map { _ in ender }.switchToLatest()
        }, end: fail)
    }

    func testFlattenMapEndedByAnInnerSignal() {
        race(make: { busy, ender in busy.flattenMap { value in value == 0 ? ender : .return(value) } }, end: fail)
    }

    func testSample() {
        race(make: { busy, ender in busy.sample(ender) }, end: fail)
    }

    func testTimeoutFiringOnAnotherThread() {
        // The timer's thread is the one ending the operator: a TestScheduler advanced there.
        let scheduler = TestScheduler()
        race(make: { busy, _ in busy.timeout(1, on: scheduler) }, end: { _ in scheduler.advance(by: 1) })
    }

    func testWindow() {
        // The busy subject opens windows; the source (`ender`) fails.
        race(make: { busy, ender in
            ender.window(withStart: busy, close: { _ in Signal<Int>.never }).map { _ in 0 }
        }, end: fail)
    }

    func testAnySubscriberSubscribedToTwoSubjects() {
        race(make: { busy, ender in
            Signal.create { subscriber in
                let both = AnySubscriber<Int>(
                    next: { subscriber.sendNext($0) }, error: { subscriber.sendError($0) },
                    completed: { subscriber.sendCompleted() })
                busy.subscribe(both)
                ender.subscribe(both)
                return both.disposable
            }
        }, end: fail)
    }

    func testACreateBlockSubscribedToTwoSubjects() {
        race(make: { busy, ender in
            Signal.create { subscriber in
                let subscriptions = CompoundDisposable()
                subscriptions.add(busy.subscribe(next: { subscriber.sendNext($0) }))
                subscriptions.add(ender.subscribe(error: { subscriber.sendError($0) }))
                return subscriptions
            }
        }, end: fail)
    }

    // MARK: Terminations nested inside a delivery

    /// Like `race`, but the operator is ended from inside one of its own deliveries: `ender`
    /// sends the marker -1, and the subscriber, receiving it, calls `end` — so the terminal
    /// event reaches the serializing point while it holds its lock for that delivery, and
    /// disposing the busy subject's subscription needs the busy subject's lock, which the
    /// sending thread holds while it waits for the serializing point's lock. Before the fix
    /// the nested path disposed with that lock held, and the two threads deadlocked.
    private func nestedRace(
        rounds: Int = 20, file: StaticString = #filePath, line: UInt = #line,
        isMarker: @escaping @Sendable (Int) -> Bool = { $0 == -1 },
        make: (Subject<Int>, Subject<Int>) -> Signal<Int>, end: @escaping @Sendable (Subject<Int>) -> Void
    ) {
        for round in 0..<rounds {
            let busy = Subject<Int>(), ender = Subject<Int>()
            let probe = StressProbe<Int>()
            let disposable = make(busy, ender).subscribe(
                next: { value in if isMarker(value) { end(ender) } else { probe.sendNext(value) } },
                error: { probe.sendError($0) }, completed: { probe.sendCompleted() })
            let flowing = DispatchSemaphore(value: 0)
            let ended = Fixture.Locked(false)
            let done = DispatchGroup()
            // `busy` keeps sending until the other thread's send has returned (bounded), so
            // that it is inside a delivery whenever the nested termination disposes.
            DispatchQueue.global().async(group: done) {
                busy.sendNext(0)
                flowing.signal()
                var value = 1
                while !ended.value, value < 500_000 {
                    busy.sendNext(value)
                    value += 1
                }
            }
            DispatchQueue.global().async(group: done) {
                flowing.wait()
                ender.sendNext(-1)
                ended.value = true
            }
            guard finishRound(round, done: done, probe: probe, file: file, line: line) else { return }
            disposable.dispose()
        }
    }

    func testNestedCompletionOfACreateBlockSubscribedToTwoSubjects() {
        // The reproduction: the create block's subscriber, kept by the test, is
        // completed from inside its own delivery of `ender`'s marker.
        nestedRace(make: { busy, ender in
            let kept = Fixture.Locked<(any Subscriber<Int>)?>(nil)
            return Signal.create { subscriber in
                kept.value = subscriber
                let subscriptions = CompoundDisposable()
                subscriptions.add(busy.subscribe(subscriber))
                subscriptions.add(ender.subscribe(subscriber))
                return subscriptions
            }.doNext { value in if value == -1 { kept.value?.sendCompleted() } }
        }, end: { _ in })
    }

    func testNestedErrorInMerge() {
        // The subscriber of `busy.merge(ender)` fails `ender` on the marker.
        nestedRace(make: { $0.merge($1) }, end: fail)
    }

    func testNestedCompletionOfAnAnySubscriberInsideItsOwnNext() {
        nestedRace(make: { busy, ender in
            Signal.create { subscriber in
                let both = Fixture.Locked<AnySubscriber<Int>?>(nil)
                both.value = AnySubscriber<Int>(
                    next: { value in
                        subscriber.sendNext(value)
                        if value == -1 { both.value?.sendCompleted() }
                    },
                    error: { subscriber.sendError($0) },
                    completed: { subscriber.sendCompleted() })
                busy.subscribe(both.value!)
                ender.subscribe(both.value!)
                let disposable = both.value!.disposable
                return Disposable { disposable.dispose(); both.value = nil }
            }
        }, end: { _ in })
    }

    func testNestedErrorInZip() {
        // zip sends only pairs: the marker is paired with a busy value.
        nestedRace(make: { busy, ender in busy.zip(with: ender).map { $0.1 } }, end: fail)
    }

    func testNestedErrorInCombineLatest() {
        nestedRace(make: { busy, ender in busy.combineLatest(with: ender).map { $0.1 } }, end: fail)
    }

    func testNestedErrorInFlattenMap() {
        // The two subjects are flattenMap's inner signals, so the marker is delivered on the
        // sending thread. (Constant inner signals would be subscribed on the background
        // scheduler, whose thread would then fail `ender` while holding flattenMap's lock, as
        // the sender of `busy` holds merge's and waits for flattenMap's: a cycle the test,
        // not the library, would make.)
        nestedRace(make: { busy, ender in
            Self.zeroThenOne.flattenMap { $0 == 0 ? busy : ender }
        }, end: fail)
    }

    func testNestedErrorInSwitchToLatest() {
        nestedRace(make: { busy, ender in
            Signal<Signal<Int>>.return(Signal.merge([busy, ender])).switchToLatest()
        }, end: fail)
    }

    func testNestedErrorInTakeUntil() {
        // The source's failure, sent from inside the delivery of the marker, ends both merge
        // and take(until:) nested. (Firing the trigger instead would leave merge's lock held
        // on this thread while take(until:) disposes merge's subscription to `busy`: a cycle
        // through a serializing point further up the stack, which only disposing after the
        // outermost delivery on the thread would avoid — see the contract.)
        let trigger = Subject<Int>()
        nestedRace(make: { busy, ender in busy.merge(ender).take(until: trigger) }, end: fail)
    }

    func testNestedErrorInBind() {
        nestedRace(make: { busy, ender in
            Self.zeroThenOne.bind { { value, _ in value == 0 ? busy : ender } }
        }, end: fail)
    }

    func testNestedErrorInTakeUntilReplacement() {
        let replacement = Subject<Int>()
        nestedRace(make: { busy, ender in busy.merge(ender).take(untilReplacement: replacement) }, end: fail)
    }

    func testNestedErrorInTimeout() {
        nestedRace(make: { busy, ender in busy.merge(ender).timeout(1_000, on: TestScheduler()) }, end: fail)
    }

    func testNestedErrorInWindow() {
        // One window, opened at subscription; its values reach the subscriber from inside the
        // window operator's delivery, where failing `ender` ends the operator nested.
        nestedRace(make: { busy, ender in
            busy.merge(ender)
                .window(withStart: Signal<Int>.return(0).concat(.never), close: { _ in Signal<Int>.never })
                .flatten()
        }, end: fail)
    }

    func testNestedErrorInSample() {
        // Every `ender` value samples `busy`'s latest, so any value marks the delivery.
        nestedRace(isMarker: { _ in true }, make: { busy, ender in busy.sample(ender) }, end: fail)
    }

    func testNestedCompletionOfASubjectSubscribedToASubject() {
        // A subject subscribed to `busy` and `ender` is completed from inside its own
        // delivery; completing disposes its subscriptions to both.
        nestedRace(make: { busy, ender in
            Signal.create { subscriber in
                let relay = Subject<Int>()
                let subscription = relay.subscribe(subscriber)
                busy.subscribe(relay)
                ender.subscribe(relay)
                return subscription
            }
        }, end: { ender in ender.sendCompleted() })
    }
}
