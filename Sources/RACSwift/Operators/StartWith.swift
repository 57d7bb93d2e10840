extension Signal {
    /// Sends `value` first, then this signal's events (RAC's `-startWith:`).
    ///
    /// `value` goes out at subscription, on the subscription scheduler as `Signal.return`
    /// would send it; this signal is subscribed right after, unless the result was disposed
    /// meanwhile.
    public func startWith(_ value: Value) -> Signal<Value> {
        StartWithSignal(source: self, value: value).named("[\(name)] -startWith: \(value)")
    }
}

final class StartWithSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let value: Value

    init(source: Signal<Value>, value: Value) {
        self.source = source
        self.value = value
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        let source = self.source
        let value = self.value
        Scheduler.runSubscription(adding: disposable) {
            guard !disposable.isDisposed else { return }
            subscriber.sendNext(value)
            guard !disposable.isDisposed else { return }
            source.subscribe(StartWithSink(downstream: subscriber, disposable: disposable))
        }
        return disposable
    }
}

/// Forwards the source's events; the source's subscription joins the result's compound.
final class StartWithSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let disposable: CompoundDisposable

    init(downstream: some Subscriber<Value>, disposable: CompoundDisposable) {
        self.downstream = downstream
        self.disposable = disposable
    }

    func didSubscribe(with other: CompoundDisposable) { disposable.add(other) }
    func sendNext(_ value: Value) { downstream.sendNext(value) }

    func sendError(_ error: any Error) {
        disposable.dispose()
        downstream.sendError(error)
    }

    func sendCompleted() {
        disposable.dispose()
        downstream.sendCompleted()
    }
}
