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

final class BindSignal<Value, U>: Signal<U>, @unchecked Sendable {
    private let source: Signal<Value>
    private let block: () -> (Value, inout Bool) -> Signal<U>?

    init(source: Signal<Value>, block: @escaping () -> (Value, inout Bool) -> Signal<U>?) {
        self.source = source
        self.block = block
    }

    override func subscribe(_ subscriber: some Subscriber<U>) -> Disposable {
        let state = BindState<Value, U>(downstream: subscriber)
        subscriber.didSubscribe(with: state.disposable)
        // RAC builds bind on createSignal, so the user's block runs on the subscription
        // scheduler, like the rest of the subscription work. Locals, not `self`, are
        // captured: only the source is needed once subscribed.
        let source = self.source
        let block = self.block
        Scheduler.runSubscription(adding: state.disposable) {
            guard !state.disposable.isDisposed else { return }
            source.subscribe(BindSourceSubscriber(state, bind: block()))
        }
        return state.disposable
    }
}

/// The shared state of one `bind` subscription: the live-signal count (RAC's `signals` array,
/// counted instead of compared by equality) and the serializing lock for the output.
private final class BindState<Value, U>: OutputPoint<U>, @unchecked Sendable {
    private var active = 1  // guarded by `lock`: the source plus each live bound signal

    func addSignal(_ signal: Signal<U>) {
        serialize { active += 1 }
        signal.subscribe(BindInnerSubscriber(self))
    }

    func sendNext(_ value: U) {
        serialize { send(value) }
    }

    func sendError(_ error: any Error) {
        serialize { finish(error: error) }
    }

    /// One signal (the source or a bound one) finished; `finished` is its subscription.
    func complete(_ finished: CompoundDisposable?) {
        serialize {
            active -= 1
            if active == 0 {
                finish(error: nil)
            } else if let finished {
                disposable.remove(finished)
            }
        }
    }
}

private final class BindSourceSubscriber<Value, U>: Sink, Subscriber, @unchecked Sendable {
    private let state: BindState<Value, U>
    private let bind: (Value, inout Bool) -> Signal<U>?
    private var subscription: CompoundDisposable?
    private var isDone = false

    init(_ state: BindState<Value, U>, bind: @escaping (Value, inout Bool) -> Signal<U>?) {
        self.state = state
        self.bind = bind
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
        state.disposable.add(disposable)
    }

    func sendNext(_ value: Value) {
        guard !isDone, !state.disposable.isDisposed else { return }
        var stop = false
        let signal = bind(value, &stop)
        if let signal { state.addSignal(signal) }
        if signal == nil || stop {
            isDone = true
            subscription?.dispose()
            state.complete(subscription)
        }
    }

    func sendError(_ error: any Error) {
        guard !isDone else { return }
        isDone = true
        state.sendError(error)
    }

    func sendCompleted() {
        guard !isDone else { return }
        isDone = true
        state.complete(subscription)
    }
}

private final class BindInnerSubscriber<Value, U>: Sink, Subscriber, @unchecked Sendable {
    private let state: BindState<Value, U>
    private var subscription: CompoundDisposable?

    init(_ state: BindState<Value, U>) {
        self.state = state
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
        state.disposable.add(disposable)
    }

    func sendNext(_ value: U) { state.sendNext(value) }
    func sendError(_ error: any Error) { state.sendError(error) }
    func sendCompleted() { state.complete(subscription) }
}
