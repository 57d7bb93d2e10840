import Foundation
import RACSwift
import XCTest

/// An operator that ends (an input failed or completed, or its timer fired) disposes its
/// other inputs; so does an `AnySubscriber` subscribed to several signals. When an
/// input is a subject, disposing its subscription takes the subject's lock — which a thread
/// sending into that subject holds while it waits for the operator's lock to deliver. So the
/// operator must dispose with its own lock released. Each test races one thread sending into
/// the "busy" subject against another ending the operator through a second one; before the
/// fix the two threads deadlocked within a few rounds (Linux's mutex reports it as a fatal
/// "Recursive call to lock Mutex").
final class TerminationDeadlockTests: RACTestCase {
    private struct Ended: Error {}

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
            guard done.wait(timeout: .now() + 10) == .success else {
                XCTFail("deadlock in round \(round)", file: file, line: line)
                return
            }
            probe.waitForTerminal(file: file, line: line)
            probe.assertContract(file: file, line: line)
            disposable.dispose()
        }
    }

    private let fail: @Sendable (Subject<Int>) -> Void = { $0.sendError(Ended()) }

    /// `signal`, with `ender` sending one value right after each subscription: for operators
    /// whose source is `ender`, so that they are busy with `busy` before `end` runs.
    private func startedBySending(_ signal: Signal<Int>, into ender: Subject<Int>) -> Signal<Int> {
        Signal.create { subscriber in
            let subscription = signal.subscribe(subscriber)
            ender.sendNext(0)
            return subscription
        }
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
}
