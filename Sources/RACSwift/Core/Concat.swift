extension Signal {
    /// Sends this signal's events, then, once it completes, subscribes `signal` and sends its
    /// events (RAC's `-concat:`). An error from either ends the result; `signal` is not
    /// subscribed until this one completes. Disposal stops whichever is running.
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
        let disposable = CompoundDisposable()
        let current = SerialDisposable()
        disposable.add(current)
        subscriber.didSubscribe(with: disposable)
        first.subscribe(ConcatFirstSubscriber(downstream: subscriber, next: second, current: current))
        return disposable
    }
}

/// Forwards the first signal's events; its completion hands over to the second signal. Only
/// the second signal is retained, because only it still has to be subscribed.
private final class ConcatFirstSubscriber<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private var next: Signal<Value>?
    private let current: SerialDisposable

    init(downstream: some Subscriber<Value>, next: Signal<Value>, current: SerialDisposable) {
        self.downstream = downstream
        self.next = next
        self.current = current
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        current.disposable = disposable
    }

    func sendNext(_ value: Value) { downstream.sendNext(value) }
    func sendError(_ error: any Error) { downstream.sendError(error) }

    func sendCompleted() {
        guard let next, !current.isDisposed else { return }
        self.next = nil
        next.subscribe(ConcatSecondSubscriber(downstream: downstream, current: current))
    }
}

private final class ConcatSecondSubscriber<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let current: SerialDisposable

    init(downstream: any Subscriber<Value>, current: SerialDisposable) {
        self.downstream = downstream
        self.current = current
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        current.disposable = disposable
    }

    func sendNext(_ value: Value) { downstream.sendNext(value) }
    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
}
