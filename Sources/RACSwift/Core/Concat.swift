extension Signal {
    /// Sends this signal's events, then, once it completes, subscribes `signal` and sends its
    /// events (RAC's `-concat:`). An error from either ends the result; `signal` is not
    /// subscribed until this one completes, and not at all if this one fails or the
    /// subscription is disposed first. Disposal stops whichever is running.
    public func concat(_ signal: Signal<Value>) -> Signal<Value> {
        ConcatSignal(first: self, second: signal).named("[\(name)] -concat: \(signal)")
    }
}

final class ConcatSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let first: Signal<Value>
    private let second: Signal<Value>

    init(first: Signal<Value>, second: Signal<Value>) {
        self.first = first
        self.second = second
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let state = ConcatState(downstream: subscriber)
        subscriber.didSubscribe(with: state.disposable)
        first.subscribe(ConcatFirstSubscriber(state, next: second))
        return state.disposable
    }
}

/// What both halves share: the downstream, the subscription handed to it, and the slot
/// holding whichever input is running.
private final class ConcatState<Value>: @unchecked Sendable {
    let downstream: any Subscriber<Value>
    let disposable = CompoundDisposable()
    let current = SerialDisposable()

    init(downstream: some Subscriber<Value>) {
        self.downstream = downstream
        disposable.add(current)
    }

    // Terminate: dispose the whole subscription first, then forward (RAC's order), so the
    // disposable `subscribe` returned reads as disposed once the result has ended.
    func sendError(_ error: any Error) {
        disposable.dispose()
        downstream.sendError(error)
    }

    func sendCompleted() {
        disposable.dispose()
        downstream.sendCompleted()
    }
}

/// Forwards the first signal's events; its completion hands over to the second signal. Only
/// the second signal is retained, because only it still has to be subscribed.
private final class ConcatFirstSubscriber<Value>: Sink, Subscriber, @unchecked Sendable {
    private let state: ConcatState<Value>
    private var next: Signal<Value>?

    init(_ state: ConcatState<Value>, next: Signal<Value>) {
        self.state = state
        self.next = next
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        state.current.disposable = disposable
    }

    func sendNext(_ value: Value) { state.downstream.sendNext(value) }

    func sendError(_ error: any Error) {
        next = nil
        state.sendError(error)
    }

    func sendCompleted() {
        guard let next else { return }
        self.next = nil
        guard !state.disposable.isDisposed else { return }
        next.subscribe(ConcatSecondSubscriber(state))
    }
}

private final class ConcatSecondSubscriber<Value>: Sink, Subscriber, @unchecked Sendable {
    private let state: ConcatState<Value>

    init(_ state: ConcatState<Value>) {
        self.state = state
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        state.current.disposable = disposable
    }

    func sendNext(_ value: Value) { state.downstream.sendNext(value) }
    func sendError(_ error: any Error) { state.sendError(error) }
    func sendCompleted() { state.sendCompleted() }
}
