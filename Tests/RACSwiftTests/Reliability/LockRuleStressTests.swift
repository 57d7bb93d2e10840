import Foundation
@testable import RACSwift
import XCTest

/// The lock rule (contract article, "Which locks"), checked: every operator with several
/// inputs (an input and a timer, for throttle), ended from inside one of its own deliveries in each way a subscription can end —
/// `dispose()`, an error sent into a source, a `take(until:)` trigger firing — while other
/// threads send into every other input. Before issue 30 a `dispose()` there waited for a
/// subject's lock held by a thread that waited for the operator's (finding 1), and a
/// termination there for the locks of serializing points further up its stack (issue 15).
///
/// Each round: one thread per busy input sends 3, 4, 5... into it; once all of them are
/// sending, the subscriber ends the subscription from inside the next value it receives, and
/// the senders go on a little longer. The source it sends the error into (`ender`) and the
/// trigger are sent into by nobody else, or the error goes into the subject whose delivery this
/// is, nested: a send waits for a delivery in progress from the same subject on another thread
/// (what remains of the rule's waits, see the contract article). Checked: no deadlock (the
/// senders finish within a generous bound), the subscriber never receives two events at once,
/// exactly one terminal event (none when disposed), and nothing once `dispose()` has returned
/// or after the terminal event. The outcome does not depend on the interleaving; only how
/// early the end comes does.
final class LockRuleStressTests: RACTestCase {
    /// Rounds per operator and way of ending (`RACSWIFT_LOCK_RULE_ROUNDS` to raise it locally).
    private static var rounds: Int {
        ProcessInfo.processInfo.environment["RACSWIFT_LOCK_RULE_ROUNDS"].flatMap(Int.init) ?? 3
    }

    enum Ending: CaseIterable {
        /// The subscriber disposes its own subscription.
        case dispose
        /// The subscriber sends an error into a source (`ender`).
        case errorIntoASource
        /// The operator is followed by `take(until: trigger)`; the subscriber fires the trigger.
        case takeUntilTrigger
    }

    /// Where the subscriber sends the error that ends the operator.
    enum ErrorTarget {
        /// `ender`, an input of the operator's own that nobody else sends into.
        case ender
        /// The busy input the value being delivered came from (its index is the value's
        /// millions): the operator delivers it on that input's thread, inside that subject's
        /// delivery, so the error is a nested send.
        case sourceOfValue
    }

    /// An operator over `busyCount` input subjects that threads send into (and `ender`).
    struct Operator {
        let name: String
        let busyCount: Int
        var errorTarget = ErrorTarget.ender
        /// The values the subscriber may end on (the first one after the senders started).
        var endsOn: (Int) -> Bool = { _ in true }
        /// Values sent into the inputs before the round starts (from the test thread).
        var setUp: (_ busy: [Subject<Int>], _ ender: Subject<Int>) -> Void = { _, _ in }
        let make: (_ busy: [Subject<Int>], _ ender: Subject<Int>) -> Signal<Int>
    }

    static var operators: [Operator] { [
        Operator(name: "merge", busyCount: 3) { busy, ender in Signal.merge(busy + [ender]) },
        Operator(
            name: "flattenMap", busyCount: 3,
            // 0, 1 and 2 bring in the other inputs as inners.
            setUp: { busy, _ in for value in 0..<3 { busy[0].sendNext(value) } }
        ) { busy, ender in
            busy[0].flattenMap { value in
                switch value {
                case 0: busy[1]
                case 1: busy[2]
                case 2: ender
                default: .return(value)
                }
            }
        },
        Operator(name: "flatten", busyCount: 3) { busy, ender in Signal.from(busy + [ender]).flatten() },
        Operator(name: "concat", busyCount: 2, errorTarget: .sourceOfValue) { busy, _ in Signal.concat(busy) },
        Operator(name: "combineLatest", busyCount: 3, setUp: { _, ender in ender.sendNext(0) }) { busy, ender in
            Signal<[Int]>.combineLatest(busy + [ender]).map { $0[0] }
        },
        Operator(
            name: "zip", busyCount: 3,
            // More than any sender sends: the other inputs decide when a tuple is complete.
            setUp: { _, ender in for value in 0..<Self.zipBacklog { ender.sendNext(value) } }
        ) { busy, ender in
            Signal<[Int]>.zip(busy + [ender]).map { $0[0] }
        },
        Operator(name: "sample", busyCount: 2, errorTarget: .sourceOfValue) { busy, _ in
            // Delivered on the sampler's thread: the value is relabelled as the sampler's.
            busy[0].sample(busy[1]).map { 1_000_000 + $0 % 1_000_000 }
        },
        Operator(name: "take(until:)", busyCount: 2, errorTarget: .sourceOfValue) { busy, _ in
            busy[0].take(until: busy[1].filter { $0 < 0 })
        },
        Operator(name: "take(untilReplacement:)", busyCount: 2, errorTarget: .sourceOfValue) { busy, _ in
            busy[0].take(untilReplacement: busy[1])
        },
        Operator(name: "switchToLatest", busyCount: 3, errorTarget: .sourceOfValue) { busy, _ in
            // Switches every 100 values of the first input, so that the others get through.
            busy[0].map { ($0 / 100) % 2 }.distinctUntilChanged().map { $0 == 0 ? busy[1] : busy[2] }.switchToLatest()
        },
        Operator(name: "window", busyCount: 3, errorTarget: .sourceOfValue) { busy, _ in
            busy[0].window(withStart: busy[1], close: { _ in busy[2] }).flatten()
        },
        Operator(name: "timeout", busyCount: 1, errorTarget: .sourceOfValue) { busy, _ in
            busy[0].timeout(1, on: TestScheduler())
        },
        // One input and a timer: the deliveries after a wait come from the scheduler's thread
        // while the sender's thread goes on sending. An interval of 0 makes the timer fire
        // whenever the scheduler gets to it, though every value moves its deadline.
        Operator(name: "throttle", busyCount: 1) { busy, ender in
            // Ended from inside a delivery on the scheduler's thread. The error cannot go into
            // the input: its sender holds that subject's lock while it waits for the
            // throttle's (a send against the flow, which the rule lets wait), so `ender` is
            // merged after the throttle, whose disposal then runs inside its own delivery.
            Signal.merge(busy[0].throttle(0, on: Scheduler.background(name: "LockRuleStressTests.throttle")), ender)
        },
        Operator(
            name: "throttle(valuesPassingTest:)", busyCount: 1, errorTarget: .sourceOfValue,
            // Ended from inside a value that fails the test, sent at once on the sender's
            // thread while the scheduler's thread delivers the values that waited.
            endsOn: { $0 % 1_024 == 0 }
        ) { busy, _ in
            busy[0].throttle(0, on: Scheduler.background(name: "LockRuleStressTests.throttle"), valuesPassingTest: { $0 % 1_024 != 0 })
        },
        Operator(name: "create subscribed to subjects", busyCount: 2) { busy, ender in
            Signal.create { subscriber in
                let subscriptions = CompoundDisposable()
                for input in busy + [ender] {
                    subscriptions.add(input.subscribe(next: { subscriber.sendNext($0) }, error: { subscriber.sendError($0) }))
                }
                return subscriptions
            }
        },
        Operator(name: "AnySubscriber", busyCount: 2) { busy, ender in
            Signal.create { subscriber in
                let all = AnySubscriber<Int>(
                    next: { subscriber.sendNext($0) }, error: { subscriber.sendError($0) },
                    completed: { subscriber.sendCompleted() })
                for input in busy + [ender] { input.subscribe(all) }
                return all.disposable
            }
        },
        Operator(name: "subject subscribed to subjects", busyCount: 3) { busy, ender in
            let subject = Subject<Int>()
            for input in busy + [ender] { input.subscribe(subject) }
            return subject
        },
    ] }

    /// Values sent into zip's `ender` up front: more than the others send before the end.
    static let zipBacklog = 20_000

    func testEveryMultiInputOperatorEndedFromInsideADeliveryWhileOtherThreadsSend() {
        for op in Self.operators {
            for ending in Ending.allCases {
                for round in 0..<Self.rounds {
                    guard runRound(op, ending: ending, round: round) else { return }
                }
            }
        }
    }

    /// One round; false if it deadlocked (the threads are left behind, and the test stops).
    private func runRound(_ op: Operator, ending: Ending, round: Int) -> Bool {
        let label = "\(op.name), \(ending), round \(round)"

        let inputs = (0..<op.busyCount).map { _ in Subject<Int>() }
        let ender = Subject<Int>()
        let trigger = Subject<Void>()
        var signal = op.make(inputs, ender)
        if ending == .takeUntilTrigger { signal = signal.take(until: trigger) }
        let probe = EndingProbe(endsOn: op.endsOn) { probe, value in
            switch ending {
            case .dispose: probe.disposeOwnSubscription()
            case .errorIntoASource:
                switch op.errorTarget {
                case .ender: ender.sendError(TestError("ended"))
                case .sourceOfValue: inputs[value / 1_000_000].sendError(TestError("ended"))
                }
            case .takeUntilTrigger: trigger.sendNext(())
            }
        }
        let subscription = signal.subscribe(probe)
        op.setUp(inputs, ender)
        let sending = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for (index, input) in inputs.enumerated() {
            // A thread of its own each: the global queue may not start a third CPU-bound
            // block on two cores until another ends.
            done.enter()
            Thread {
                defer { done.leave() }
                var value = 3
                var sentAfterEnd = 0
                // Bounded: stops 200 values after the end, or after 5 s (the end never came).
                let deadline = Date().addingTimeInterval(5)
                while sentAfterEnd < 200, value % 1_024 != 0 || Date() < deadline {
                    input.sendNext(index * 1_000_000 + value)
                    if value == 3 { sending.signal() }
                    if probe.hasEnded { sentAfterEnd += 1 }
                    value += 1
                }
            }.start()
        }
        for _ in inputs {
            guard sending.wait(timeout: .now() + 10) == .success else {
                XCTFail("\(label): a sender never started")
                return false
            }
        }
        probe.arm()
        guard done.wait(timeout: .now() + 20) == .success else {
            XCTFail("\(label): deadlock")
            return false
        }
        // The end may come from a thread no sender waits for (throttle's timer delivers on its
        // scheduler), and a terminal event claimed inside a nested delivery goes out when that
        // delivery unwinds: wait for it (bounded) instead of reading the record at once.
        if ending != .dispose { _ = probe.terminalArrived.wait(timeout: .now() + 10) }
        let record = probe.record
        XCTAssertTrue(record.ended, "\(label): never ended")
        XCTAssertEqual(record.overlaps, 0, "\(label): two events at once")
        XCTAssertEqual(record.afterEnd, 0, "\(label): events after dispose() returned or after the terminal event")
        XCTAssertEqual(record.terminals, ending == .dispose ? 0 : 1, "\(label): terminal events")
        subscription.dispose()
        return true
    }
}

/// A subscriber that, once armed, ends its subscription from inside the next value it receives
/// that `endsOn` accepts (`end`), and records what the lock rule promises: no overlapping
/// events, one terminal event at most, nothing after `dispose()` has returned or after a
/// terminal event.
final class EndingProbe: Subscriber, @unchecked Sendable {
    typealias Value = Int

    struct Record {
        var ended = false
        var overlaps = 0
        var terminals = 0
        var afterEnd = 0
    }

    private let lock = NSLock()
    /// Signalled by each terminal event.
    let terminalArrived = DispatchSemaphore(value: 0)
    private let endsOn: (Int) -> Bool
    private let end: (EndingProbe, Int) -> Void
    // Guarded by `lock`.
    private var state = Record()
    private var armed = false
    private var subscription: CompoundDisposable?
    private var disposeReturned = false
    /// The thread inside a delivery, and how deeply (a terminal event nested in a value).
    private var deliveringThread: pthread_t?
    private var depth = 0

    init(endsOn: @escaping (Int) -> Bool = { _ in true }, end: @escaping (EndingProbe, Int) -> Void) {
        self.endsOn = endsOn
        self.end = end
    }

    var record: Record { lock.withLock { state } }
    var hasEnded: Bool { lock.withLock { state.ended } }

    func arm() { lock.withLock { armed = true } }

    func didSubscribe(with disposable: CompoundDisposable) {
        lock.withLock { if subscription == nil { subscription = disposable } }
    }

    func disposeOwnSubscription() {
        let subscription = lock.withLock { self.subscription }
        subscription?.dispose()
        lock.withLock { disposeReturned = true }
    }

    private func enter() {
        lock.withLock {
            let me = pthread_self()
            if let thread = deliveringThread, pthread_equal(thread, me) == 0 { state.overlaps += 1 }
            deliveringThread = me
            depth += 1
            if disposeReturned || state.terminals > 0 { state.afterEnd += 1 }
        }
    }

    private func leave() {
        lock.withLock {
            depth -= 1
            if depth == 0 { deliveringThread = nil }
        }
    }

    func sendNext(_ value: Int) {
        enter()
        let ends = lock.withLock { () -> Bool in
            guard armed, !state.ended, endsOn(value) else { return false }
            state.ended = true
            return true
        }
        if ends { end(self, value) }
        leave()
    }

    func sendError(_ error: any Error) {
        enter()
        lock.withLock { state.terminals += 1 }
        leave()
        terminalArrived.signal()
    }

    func sendCompleted() {
        enter()
        lock.withLock { state.terminals += 1 }
        leave()
        terminalArrived.signal()
    }
}
