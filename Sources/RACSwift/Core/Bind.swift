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
        BindSignal(source: self, block: block).named("[\(name)] -bind:")
    }
}

/// Bind's signal: per subscription, runs `block` on the subscription scheduler (RAC builds
/// bind on `createSignal`), then subscribes the merge point to the source with the binding
/// function it returned.
final class BindSignal<Value, U>: Signal<U>, @unchecked Sendable {
    private let source: Signal<Value>
    private let block: () -> (Value, inout Bool) -> Signal<U>?

    init(source: Signal<Value>, block: @escaping () -> (Value, inout Bool) -> Signal<U>?) {
        self.source = source
        self.block = block
    }

    override func subscribe(_ subscriber: some Subscriber<U>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        // Locals, not `self`, are captured: only the source is needed once subscribed.
        let source = self.source
        let block = self.block
        Scheduler.runSubscription(adding: disposable) {
            guard !disposable.isDisposed else { return }
            source.subscribe(MergeSink(downstream: subscriber, binding: block(), disposable: disposable))
        }
        return disposable
    }
}
