extension Signal {
    /// RAC's `-bind:`: the primitive that `flattenMap` and user-defined operators build on.
    ///
    /// `block` runs once per subscription and returns the binding function. For each value,
    /// the binding function returns a signal whose values are forwarded (nil means: complete
    /// the source side now) and may set its `stop` argument to true to stop after that signal.
    /// The result completes when the source and every bound signal have completed; any error,
    /// from the source or a bound signal, is forwarded at once and ends everything. Events
    /// from bound signals on different threads are serialized.
    public func bind<U>(
        _ block: @escaping @Sendable () -> (_ value: Value, _ stop: inout Bool) -> Signal<U>?
    ) -> Signal<U> {
        // Per subscription: `block` runs on the subscription scheduler (RAC builds bind on
        // `createSignal`), then the merge point subscribes to the source with the binding
        // function it returned.
        OperatorSignal((self, block)) { subscriber, arguments in
            let (source, block) = arguments
            let disposable = CompoundDisposable()
            subscriber.didSubscribe(with: disposable)
            Scheduler.runSubscription(adding: disposable) {
                guard !disposable.isDisposed else { return }
                source.subscribe(MergeSink(downstream: subscriber, binding: block(), disposable: disposable))
            }
            return disposable
        }.named("[\(name)] -bind:")
    }
}
