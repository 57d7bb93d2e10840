extension Signal {
    /// Forwards the values of the latest signal this signal sent (RAC's `-switchToLatest`).
    ///
    /// ```
    /// self:            a-b|         a = -1--2|, b = --3|
    /// switchToLatest:  -1--3|
    /// ```
    ///
    /// When a new inner signal arrives, it is subscribed first, then the previous inner
    /// subscription is disposed — RAC's order (RAC builds the operator from `publish`,
    /// `flattenMap:` and `takeUntil:`: the new inner is subscribed before the outer value
    /// reaches the old one's trigger). Until that disposal the replaced signal's events still
    /// go through, as in RAC; once it is disposed nothing it sends gets through, even from
    /// another thread. Completes once this signal and the latest inner signal have completed;
    /// an error from this signal or from a live inner signal is forwarded at once and disposes
    /// everything.
    @inlinable
    public func switchToLatest<T>() -> Signal<T> where Value: Signal<T> {
        LiftedSignal(self, ()) { downstream, _, subscription in
            SwitchToLatestSink<Value, T>(downstream: downstream, disposable: subscription)
        }.named("[\(name)] -switchToLatest")
    }
}

/// switchToLatest's rules as a pure state machine: which inner signal is the latest (a
/// generation number per inner subscription), which replaced ones are still live (their
/// successor is being subscribed; they are disposed right after), whether the latest still
/// runs and whether the source has completed. Each transition returns what the sink does; an
/// event from an inner signal that is neither the latest nor still live is dropped, which is
/// what keeps a disposed inner signal out even while it is mid-send on another thread.
struct SwitchToLatestState {
    /// The latest inner signal's generation; 0 before the first.
    private(set) var generation = 0
    /// The oldest replaced generation still live, 0 if none: every generation from it up to
    /// the latest is live (those in between that ended send nothing more). Set when an inner
    /// arrives while the latest one runs, cleared when the replaced ones are disposed.
    private(set) var oldestReplaced = 0
    /// The latest inner signal has not ended.
    private(set) var isInnerActive = false
    private(set) var isSourceDone = false

    enum Action: Equatable {
        /// Nothing: the event came from a disposed inner signal, or the output has ended.
        case none
        /// Subscribe the new inner signal with this generation; then, if `replacing`, dispose
        /// the previous inner subscription (RAC's order).
        case switchTo(generation: Int, replacing: Bool)
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
        let replacing = isInnerActive
        if replacing, oldestReplaced == 0 { oldestReplaced = generation }
        generation += 1
        isInnerActive = true
        return .switchTo(generation: generation, replacing: replacing)
    }

    /// The replaced inner subscriptions are being disposed: nothing they send gets through
    /// any more.
    mutating func replacedDisposed() {
        oldestReplaced = 0
    }

    /// Whether events of the inner signal of `generation` go through.
    private func isLive(_ generation: Int) -> Bool {
        generation == self.generation || (oldestReplaced > 0 && generation >= oldestReplaced)
    }

    /// The inner signal of `generation` handed over its subscription. A replaced one's is
    /// disposed at once (it arrives late, from another thread).
    func innerSubscribed(generation: Int, hasTerminated: Bool) -> Action {
        generation == self.generation && !hasTerminated ? .hold : .dispose
    }

    /// The inner signal of `generation` sent a value.
    func innerSentValue(generation: Int) -> Action {
        isLive(generation) ? .send : .none
    }

    /// The inner signal of `generation` failed: a replaced one still live fails the output
    /// too, as in RAC (flattenMap forwards any inner's error).
    func innerFailed(generation: Int) -> Action {
        isLive(generation) ? .fail : .none
    }

    /// The inner signal of `generation` completed: if it is the latest, the sink lets go of its
    /// subscription, and completes the output if the source has completed. A replaced one
    /// changes nothing (the latest still runs).
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
    // Guarded by `lock`, hence no dynamic exclusivity checks.
    private var state = SwitchToLatestState()
    // The replaced inner subscriptions waiting for their successor's subscription to return,
    // oldest first, each also a child of `disposable` (so disposal meanwhile stops them). More
    // than one only when an inner's subscription makes the outer signal send again.
    // Unchecked, measured: the optimizer keeps its dynamic check; R4 +25 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var replaced: [(Disposable, CompoundDisposable.Removal)] = []

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
        let action = serialize { () -> SwitchToLatestState.Action in
            let action = state.innerArrived(isOpen: isOpen)
            if case .switchTo(_, replacing: true) = action, let previous = inner.swap(with: nil) {
                replaced.append((previous, disposable.addRemovable(previous)))
            }
            return action
        }
        guard case .switchTo(let current, let replacing) = action else { return }
        if !(signal.isConstant && Scheduler.isCurrentSet && deliverConstant(signal, generation: current)) {
            signal.subscribe(SwitchToLatestInput(self, generation: current))
        }
        if replacing { disposeReplaced() }
    }

    /// Disposes the replaced inner subscriptions, oldest first (RAC's order: their triggers
    /// were subscribed in that order).
    private func disposeReplaced() {
        let previous = serialize { () -> [(Disposable, CompoundDisposable.Removal)] in
            state.replacedDisposed()
            defer { replaced.removeAll() }
            return replaced
        }
        for (subscription, removal) in previous {
            disposable.remove(subscription, addedAs: removal)
            subscription.dispose()
        }
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
