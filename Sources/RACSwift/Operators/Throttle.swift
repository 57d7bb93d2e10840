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
    public func throttle(_ interval: TimeInterval, on scheduler: Scheduler? = nil) -> Signal<Value> {
        checkThrottleArguments(interval, scheduler, operator: "Signal.throttle(_:on:)")
        return ThrottleSignal(source: self, interval: interval, scheduler: scheduler, predicate: { _ in true })
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
    public func throttle(
        _ interval: TimeInterval, on scheduler: Scheduler? = nil,
        valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal<Value> {
        checkThrottleArguments(interval, scheduler, operator: "Signal.throttle(_:on:valuesPassingTest:)")
        return ThrottleSignal(source: self, interval: interval, scheduler: scheduler, predicate: predicate)
            .named("[\(name)] -throttle: \(interval) valuesPassingTest:")
    }

    private func checkThrottleArguments(_ interval: TimeInterval, _ scheduler: Scheduler?, operator name: String) {
        precondition(interval >= 0, "\(name): interval must not be negative, got \(interval)")
        precondition(
            scheduler !== Scheduler.immediate,
            "\(name): scheduler must not be Scheduler.immediate, which cannot wait without blocking")
    }
}

/// RAC's throttle rules as pure transitions; `ThrottleSink` runs them under its lock.
struct ThrottleStateMachine<Value> {
    private enum State {
        case idle
        /// A value waits for the timer numbered `generation`.
        case waiting(Value, generation: UInt64)
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
        state = .waiting(value, generation: generation)
        return .startTimer(generation: generation)
    }

    /// Timer `generation` fired: the value to send, unless a newer value or a test-failing one
    /// came first (a timer that loses the race against its own cancellation finds nothing).
    mutating func timerFired(generation fired: UInt64) -> Value? {
        guard case .waiting(let value, let generation) = state, generation == fired else { return nil }
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
        case .waiting(let value, _):
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

final class ThrottleSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let interval: TimeInterval
    private let scheduler: Scheduler?
    private let predicate: (Value) -> Bool

    init(source: Signal<Value>, interval: TimeInterval, scheduler: Scheduler?, predicate: @escaping (Value) -> Bool) {
        self.source = source
        self.interval = interval
        self.scheduler = scheduler
        self.predicate = predicate
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let sink = ThrottleSink(
            downstream: subscriber, interval: interval, scheduler: scheduler, predicate: predicate)
        subscriber.didSubscribe(with: sink.disposable)
        source.subscribe(sink)
        return sink.disposable
    }
}

/// Input plus timer: the output is serialized by `lock`, held while delivering.
final class ThrottleSink<Value>: Sink, Subscriber, @unchecked Sendable {
    let disposable = CompoundDisposable()
    private let downstream: any Subscriber<Value>
    private let interval: TimeInterval
    private let schedulers: TimerSchedulerChoice
    private let predicate: (Value) -> Bool
    private let timer = SerialDisposable()
    private let lock = RecursiveLock()
    private var machine = ThrottleStateMachine<Value>()  // guarded by `lock`

    init(downstream: some Subscriber<Value>, interval: TimeInterval, scheduler: Scheduler?,
         predicate: @escaping (Value) -> Bool) {
        self.downstream = downstream
        self.interval = interval
        self.schedulers = TimerSchedulerChoice(scheduler)
        self.predicate = predicate
        super.init()
        disposable.add(timer)
    }

    func didSubscribe(with source: CompoundDisposable) {
        disposable.add(source)
    }

    func sendNext(_ value: Value) {
        // As in RAC, the test and the scheduler choice happen on the sender's thread, before
        // the lock.
        let isThrottled = predicate(value)
        let scheduler = schedulers.scheduler()
        lock.withLock {
            guard !disposable.isDisposed else { return }
            switch machine.receive(value, isThrottled: isThrottled) {
            case .ignore:
                return
            case .send(let value):
                timer.disposable?.dispose()
                downstream.sendNext(value)
            case .startTimer(let generation):
                timer.disposable?.dispose()
                timer.disposable = scheduler.afterDelay(interval) { [self] in
                    timerFired(generation)
                }
            }
        }
    }

    private func timerFired(_ generation: UInt64) {
        lock.withLock {
            guard !disposable.isDisposed, let value = machine.timerFired(generation: generation) else { return }
            downstream.sendNext(value)
        }
    }

    func sendError(_ error: any Error) {
        lock.withLock {
            guard machine.fail() else { return }
            disposable.dispose()
            downstream.sendError(error)
        }
    }

    func sendCompleted() {
        lock.withLock {
            guard case .complete(let pending) = machine.complete() else { return }
            if let pending { downstream.sendNext(pending) }
            // A subscriber that disposed while it received the last value gets no completion.
            if disposable.isDisposed { return }
            disposable.dispose()
            downstream.sendCompleted()
        }
    }
}
