import Foundation

extension Signal {
    /// RAC's throttle is what Rx and Combine call *debounce*: a value is sent only once
    /// `interval` seconds have passed without a newer one (RAC's `-throttle:`).
    ///
    /// Each value starts a wait of `interval`; a newer value arriving before the wait is over —
    /// or exactly when it ends — replaces it, and only the last value of a burst is sent.
    /// Completion sends the value still waiting, if any, then completes; an error drops it and
    /// is forwarded at once.
    ///
    /// The wait runs on `scheduler`. Without one, RAC's rule applies to each value: the
    /// scheduler the value arrives on (`Scheduler.current`), else a background scheduler of
    /// the subscription's own — so a pipeline driven by a `TestScheduler` waits in virtual time.
    /// Values sent after a wait are delivered on the scheduler it ran on.
    ///
    /// On the main thread, without a scheduler, the wait runs on `Scheduler.main` (the main
    /// thread's current scheduler), so the main queue must be served: an app's run loop does
    /// that; a command-line program must call `dispatchMain()` or run the main run loop, or
    /// pass a background scheduler — a program that blocks its main thread instead never sees
    /// the value (see <doc:PortingFromReactiveCocoa#Command-line-programs>).
    ///
    /// ```
    /// self:        -ab----c|
    /// throttle(2): ----b---(c|)
    /// ```
    ///
    /// - Precondition: `interval` is not negative; `scheduler` is not `Scheduler.immediate`,
    ///   which cannot wait without blocking the sender.
    @inlinable
    public func throttle(_ interval: TimeInterval, on scheduler: Scheduler? = nil) -> Signal<Value> {
        checkTimeArguments(interval, scheduler, operator: "Signal.throttle(_:on:)")
        return throttling(interval, scheduler, { _ in true })
            .named("[\(name)] -throttle: \(interval)")
    }

    /// Throttles only the values for which `predicate` returns true (RAC's
    /// `-throttle:valuesPassingTest:`); RAC's throttle is Rx/Combine's *debounce*.
    ///
    /// A value that passes the test waits as in `throttle(_:on:)`. A value that fails it is
    /// sent at once and drops the value that was waiting, if any. Termination, scheduling and
    /// delivery are as in `throttle(_:on:)` — including the need for a served main queue when
    /// called without a scheduler on the main thread.
    ///
    /// - Precondition: `interval` is not negative; `scheduler` is not `Scheduler.immediate`.
    @inlinable
    public func throttle(
        _ interval: TimeInterval, on scheduler: Scheduler? = nil,
        valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal<Value> {
        checkTimeArguments(interval, scheduler, operator: "Signal.throttle(_:on:valuesPassingTest:)")
        return throttling(interval, scheduler, predicate)
            .named("[\(name)] -throttle: \(interval) valuesPassingTest:")
    }

    @inlinable
    func throttling(
        _ interval: TimeInterval, _ scheduler: Scheduler?, _ predicate: @escaping (Value) -> Bool
    ) -> Signal<Value> {
        LiftedSignal(self, (interval, scheduler, predicate)) {
            ThrottleSink(downstream: $0, interval: $1.0, scheduler: $1.1, predicate: $1.2, disposable: $2)
        }
    }

    /// The preconditions of the operators that wait (throttle, delay, buffer(withTime:),
    /// timeout), named after the operator `name`: `interval` is not negative, and `scheduler`
    /// is not `Scheduler.immediate`, which cannot wait without blocking the sender (RAC
    /// asserts the same).
    @usableFromInline
    func checkTimeArguments(_ interval: TimeInterval, _ scheduler: Scheduler?, operator name: String) {
        precondition(interval >= 0, "\(name): interval must not be negative, got \(interval)")
        precondition(
            scheduler !== Scheduler.immediate,
            "\(name): scheduler must not be Scheduler.immediate, which cannot wait without blocking")
    }
}

/// RAC's throttle rules as pure transitions; `ThrottleSink` runs them under its lock.
struct ThrottleState<Value> {
    private enum State {
        case idle
        /// A value waits for the timer numbered `generation` (the latest one started).
        // The generation is not in the payload: a tuple payload makes the library's generic
        // code look the tuple's metadata up at run time on every value (W12).
        case waiting(Value)
        case terminated
    }

    private var state = State.idle
    private var generation: UInt64 = 0

    enum NextAction {
        /// Send the value now (it failed the test); any waiting value is dropped.
        case send(Value)
        /// The value now waits: start timer `generation`, replacing the previous timer.
        case startTimer(generation: UInt64)
        /// Terminated: ignore the value.
        case ignore
    }

    mutating func receive(_ value: Value, isThrottled: Bool) -> NextAction {
        if case .terminated = state { return .ignore }
        guard isThrottled else {
            state = .idle
            return .send(value)
        }
        generation &+= 1
        state = .waiting(value)
        return .startTimer(generation: generation)
    }

    /// Timer `generation` fired: the value to send, unless a newer value or a test-failing one
    /// came first (a timer that loses the race against its own cancellation finds nothing).
    mutating func timerFired(generation fired: UInt64) -> Value? {
        guard case .waiting(let value) = state, generation == fired else { return nil }
        state = .idle
        return value
    }

    enum CompletionAction {
        /// Send the waiting value (if any), then complete.
        case complete(flushing: Value?)
        case ignore
    }

    mutating func complete() -> CompletionAction {
        switch state {
        case .terminated:
            return .ignore
        case .idle:
            state = .terminated
            return .complete(flushing: nil)
        case .waiting(let value):
            state = .terminated
            return .complete(flushing: value)
        }
    }

    /// An error ends everything and drops the waiting value; false if already terminated.
    mutating func fail() -> Bool {
        if case .terminated = state { return false }
        state = .terminated
        return true
    }
}

/// Input plus timer, serialized by the output point.
///
/// The wait is one `DeadlineTimer` of the scheduler's, whose deadline each throttled value
/// moves (issue 28): on a queue scheduler one dispatch timer per subscription, re-armed once
/// per burst; on a `TestScheduler` one `after` block per value, the replaced one cancelled, as
/// RAC does.
@usableFromInline
final class ThrottleSink<Value>: OutputPoint<Value>, Subscriber, @unchecked Sendable {
    private let interval: TimeInterval
    private let schedulers: TimerSchedulerChoice
    private let predicate: (Value) -> Bool
    /// Holds the current timer, so that disposal cancels it.
    private let timerSlot = SerialDisposable()
    // Touched only by `sendNext`, which the source calls one at a time: the timer and the
    // scheduler it runs on (a value without a scheduler of its own may arrive on another one).
    private var timer: DeadlineTimer?
    private var timerScheduler: Scheduler?
    // Guarded by `lock`: the rules, run with a `Bool` standing for the value, and the waiting
    // value itself, in a ring of at most one. `ThrottleState<Value>` in this generic code had
    // its nested enums' metadata looked up at run time on every value (W12, issue 28d); a
    // concrete state needs none, and the ring's methods take `Value` from the ring itself.
    private var machine = ThrottleState<Bool>()
    private var waiting = RingBuffer<Value>()

    @usableFromInline
    init(downstream: some Subscriber<Value>, interval: TimeInterval, scheduler: Scheduler?,
         predicate: @escaping (Value) -> Bool, disposable: CompoundDisposable) {
        self.interval = interval
        self.schedulers = TimerSchedulerChoice(scheduler)
        self.predicate = predicate
        super.init(downstream: downstream, disposable: disposable)
        disposable.add(timerSlot)
    }

    @usableFromInline func didSubscribe(with source: CompoundDisposable) {
        disposable.add(source)
    }

    private enum TimerAction {
        case clear
        case start(generation: UInt64)
    }

    @usableFromInline func sendNext(_ value: Value) {
        // As in RAC, the test and the scheduler choice happen on the sender's thread, before
        // the lock.
        let isThrottled = predicate(value)
        let scheduler = schedulers.scheduler()
        // The timer is moved or stopped after the lock is let go, as everything the contract
        // has operators dispose: it may take the scheduler's lock. Should it fire meanwhile,
        // its generation is stale and the state machine has nothing to send.
        let action = serialize { () -> TimerAction? in
            guard isOpen else { return nil }
            switch machine.receive(true, isThrottled: isThrottled) {
            case .ignore:
                return nil
            case .send:
                waiting.removeAll()
                send(value)
                return .clear
            case .startTimer(let generation):
                waiting.removeAll()
                waiting.append(value)
                return .start(generation: generation)
            }
        }
        switch action {
        case nil:
            break
        case .clear:
            timer?.clear()
        case .start(let generation):
            timer(on: scheduler).set(scheduler.now.addingTimeInterval(interval), token: generation)
        }
    }

    /// The timer on `scheduler`, made the first time (and again should the scheduler change).
    private func timer(on scheduler: Scheduler) -> DeadlineTimer {
        if let timer, timerScheduler === scheduler { return timer }
        timer?.clear()
        let made = scheduler.makeDeadlineTimer { [self] generation in timerFired(generation) }
        timer = made
        timerScheduler = scheduler
        // Replacing the slot's timer disposes the previous one; a slot already disposed
        // disposes the new one.
        timerSlot.disposable = made
        return made
    }

    private func timerFired(_ generation: UInt64) {
        serialize {
            guard isOpen, machine.timerFired(generation: generation) != nil else { return }
            send(waiting.removeFirst())
        }
    }

    @usableFromInline func sendError(_ error: any Error) {
        serialize {
            if machine.fail() {
                waiting.removeAll()
                finish(error: error)
            }
        }
    }

    @usableFromInline func sendCompleted() {
        serialize {
            guard case .complete(let pending) = machine.complete() else { return }
            if pending != nil { send(waiting.removeFirst()) }
            // A subscriber that disposed while it received the last value gets no completion
            // (`finish` checks).
            finish(error: nil)
        }
    }
}
