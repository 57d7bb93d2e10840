extension Signal {
    /// Forwards the values of the latest signal this signal sent (RAC's `-switchToLatest`).
    ///
    /// ```
    /// self:            a-b|         a = -1--2|, b = --3|
    /// switchToLatest:  -1--3|
    /// ```
    ///
    /// When a new inner signal arrives, the previous inner subscription is disposed first,
    /// then the new signal is subscribed; nothing the replaced signal sends gets through, even
    /// from another thread. Completes once this signal and the latest inner signal have
    /// completed; an error from this signal or from the latest inner signal is forwarded at
    /// once and disposes everything.
    ///
    /// RAC builds it from `publish`, `flattenMap:` and `takeUntil:`, which subscribes the new
    /// inner signal a moment before it disposes the old one; here the old one is disposed
    /// first, so two inner signals are never live at once.
    @inlinable
    public func switchToLatest<T>() -> Signal<T> where Value: Signal<T> {
        LiftedSignal(self, ()) { downstream, _, subscription in
            SwitchToLatestSink<Value, T>(downstream: downstream, disposable: subscription)
        }.named("[\(name)] -switchToLatest")
    }
}

/// switchToLatest's rules as a pure state machine: which inner signal is the latest (a
/// generation number per inner subscription), whether it still runs and whether the source has
/// completed. Each transition returns what the sink does; an event whose generation is not the
/// latest is dropped, which is what keeps a replaced inner signal out even while it is
/// mid-send on another thread.
struct SwitchToLatestState {
    /// The latest inner signal's generation; 0 before the first.
    private(set) var generation = 0
    /// The latest inner signal has not ended.
    private(set) var isInnerActive = false
    private(set) var isSourceDone = false

    enum Action: Equatable {
        /// Nothing: the event came from a replaced inner signal, or the output has ended.
        case none
        /// Dispose the previous inner subscription, then subscribe the new inner signal with
        /// this generation (in that order: two inners are never live at once).
        case switchTo(generation: Int)
        /// Forward the value.
        case send
        /// The latest inner's subscription arrived: hold it, to dispose it on replacement.
        case hold
        /// An inner's subscription arrived after it was replaced or the output ended: dispose
        /// it at once.
        case dispose
        /// The latest inner completed while the source runs: let go of its subscription.
        case release
        /// Complete the output.
        case complete
        /// Fail the output with the event's error.
        case fail
    }

    /// The source sent an inner signal; `isOpen` says whether the output still sends.
    mutating func innerArrived(isOpen: Bool) -> Action {
        guard isOpen else { return .none }
        generation += 1
        isInnerActive = true
        return .switchTo(generation: generation)
    }

    /// The inner signal of `generation` handed over its subscription.
    func innerSubscribed(generation: Int, hasTerminated: Bool) -> Action {
        generation == self.generation && !hasTerminated ? .hold : .dispose
    }

    /// The inner signal of `generation` sent a value.
    func innerSentValue(generation: Int) -> Action {
        generation == self.generation ? .send : .none
    }

    /// The inner signal of `generation` failed.
    func innerFailed(generation: Int) -> Action {
        generation == self.generation ? .fail : .none
    }

    /// The inner signal of `generation` completed. Either way the sink lets go of its
    /// subscription; it completes the output if the source has completed.
    mutating func innerCompleted(generation: Int) -> Action {
        guard generation == self.generation else { return .none }
        isInnerActive = false
        return isSourceDone ? .complete : .release
    }

    /// The source completed: the output completes unless the latest inner still runs.
    mutating func sourceCompleted() -> Action {
        isSourceDone = true
        return isInnerActive ? .none : .complete
    }
}

/// Subscribes to the outer signal and to one inner signal at a time, following
/// `SwitchToLatestState`: the subscriptions are made and disposed outside the lock, the
/// output's events inside `serialize`. Holding and releasing the latest inner's subscription
/// happen under the lock, so that a replaced inner's late completion cannot clear its
/// successor's.
@usableFromInline
final class SwitchToLatestSink<Source: Signal<Value>, Value>: OutputPoint<Value>, Subscriber, @unchecked Sendable {
    private let inner = SerialDisposable()
    @exclusivity(unchecked) private var state = SwitchToLatestState()  // guarded by `lock`

    @usableFromInline
    override init(downstream: some Subscriber<Value>, disposable: CompoundDisposable) {
        super.init(downstream: downstream, disposable: disposable)
        disposable.add(inner)
    }

    // MARK: The outer signal

    @usableFromInline func didSubscribe(with outer: CompoundDisposable) {
        disposable.add(outer)
    }

    @usableFromInline func sendNext(_ signal: Source) {
        guard case .switchTo(let current) = serialize({ state.innerArrived(isOpen: isOpen) }) else { return }
        inner.swap(with: nil)?.dispose()
        if signal.isConstant, Scheduler.isCurrentSet, deliverConstant(signal, generation: current) { return }
        signal.subscribe(SwitchToLatestInput(self, generation: current))
    }

    /// Delivers a constant inner signal (`return`, `empty`, `error`) without subscribing to
    /// it; false if `signal` is not constant. Only while a scheduler is current, where its
    /// subscription would have sent everything synchronously, right here. The checks are
    /// those the subscription would make: nothing gets through once a newer signal replaced
    /// this one (its subscription would be disposed) or this subscription is disposed.
    private func deliverConstant(_ signal: Source, generation current: Int) -> Bool {
        serialize {
            let termination = signal.deliverConstant { value in
                if case .send = state.innerSentValue(generation: current) { send(value) }
            }
            guard let termination else { return false }
            guard isOpen else { return true }
            switch termination {
            case .completed: perform(state.innerCompleted(generation: current), error: nil)
            case .failed(let error): perform(state.innerFailed(generation: current), error: error)
            }
            return true
        }
    }

    @usableFromInline func sendError(_ error: any Error) {
        serialize { finish(error: error) }
    }

    @usableFromInline func sendCompleted() {
        serialize { perform(state.sourceCompleted(), error: nil) }
    }

    /// Performs a terminal action. Called inside `serialize`.
    private func perform(_ action: SwitchToLatestState.Action, error: (any Error)?) {
        switch action {
        case .complete: finish(error: nil)
        case .fail: finish(error: error)
        case .none, .switchTo, .send, .hold, .dispose, .release: break
        }
    }

    // MARK: Inner signals

    func innerDidSubscribe(_ subscription: CompoundDisposable, generation: Int) {
        let isLatest = serialize { () -> Bool in
            guard case .hold = state.innerSubscribed(generation: generation, hasTerminated: hasTerminated) else {
                return false
            }
            inner.disposable = subscription
            return true
        }
        if !isLatest { subscription.dispose() }
    }

    func forward(_ value: Value, generation: Int) {
        serialize {
            if case .send = state.innerSentValue(generation: generation) { send(value) }
        }
    }

    func innerFailed(_ error: any Error, generation: Int) {
        serialize { perform(state.innerFailed(generation: generation), error: error) }
    }

    func innerCompleted(generation: Int) {
        serialize {
            let action = state.innerCompleted(generation: generation)
            // Released before the output completes too: the completed subscription is disposed
            // before the rest of the subscription. (A constant inner has none to release.)
            switch action {
            case .release, .complete: inner.disposable = nil
            default: break
            }
            perform(action, error: nil)
        }
    }
}

private final class SwitchToLatestInput<Source: Signal<Value>, Value>: Sink, Subscriber, @unchecked Sendable {
    private let parent: SwitchToLatestSink<Source, Value>
    private let generation: Int

    init(_ parent: SwitchToLatestSink<Source, Value>, generation: Int) {
        self.parent = parent
        self.generation = generation
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        parent.innerDidSubscribe(disposable, generation: generation)
    }

    func sendNext(_ value: Value) { parent.forward(value, generation: generation) }
    func sendError(_ error: any Error) { parent.innerFailed(error, generation: generation) }
    func sendCompleted() { parent.innerCompleted(generation: generation) }
}
