extension Signal {
    /// Sends `value` first, then this signal's events (RAC's `-startWith:`).
    ///
    /// `value` goes out at subscription, on the subscription scheduler as `Signal.return`
    /// would send it; this signal is subscribed right after — as in RAC, also when the result
    /// was disposed meanwhile, in which case that subscription is disposed at once.
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
            if !disposable.isDisposed { subscriber.sendNext(value) }
            // The source's subscription joins the result's compound, as defer's made signal
            // does. As RAC's `[[return: value] concat: self]`, the source is subscribed also
            // when the result is already disposed (before or while `value` went out); that
            // subscription is disposed at once.
            source.subscribe(InnerForwardSink(downstream: subscriber, outer: disposable))
        }
        return disposable
    }
}
