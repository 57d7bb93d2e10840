extension Signal {
    /// Runs `block` on `scheduler` now, once, and returns a signal that replays every event
    /// `block` sends to its subscriber, then forwards the rest (RAC's
    /// `+startEagerlyWithScheduler:block:`).
    ///
    /// Disposing a subscription of the result does not stop the work: `block` runs to the end
    /// and should terminate, since nothing can end it. Subscribers receive the replayed events
    /// on `scheduler`.
    @discardableResult
    public static func startEagerly(
        on scheduler: Scheduler, _ block: @escaping (any Subscriber<Value>) -> Void
    ) -> Signal<Value> {
        let signal = StartSignal(scheduler: scheduler, block: block)
        // One subscription forces the lazy signal to run its block now, as RAC does.
        signal.publish().connect()
        return signal.named("+startEagerlyWithScheduler: \(scheduler.name) block:")
    }

    /// Like `startEagerly(on:_:)`, but `block` runs (on `scheduler`, once) only when the result
    /// gets its first subscriber (RAC's `+startLazilyWithScheduler:block:`). Each subscriber is
    /// subscribed on `scheduler` and receives every event `block` has sent, then the rest.
    /// Given `Scheduler.immediate`, the first subscription runs `block` synchronously.
    public static func startLazily(
        on scheduler: Scheduler, _ block: @escaping (any Subscriber<Value>) -> Void
    ) -> Signal<Value> {
        StartSignal(scheduler: scheduler, block: block)
            .named("+startLazilyWithScheduler: \(scheduler.name) block:")
    }
}

/// RAC builds it as `[[createSignal:^{ [connection.signal subscribe:]; [connection connect]; }]
/// subscribeOn:scheduler]` over a `multicast:` of the block into a replay subject; the
/// scheduling of `subscribeOn:` is done here directly.
final class StartSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let scheduler: Scheduler
    private let connection: MulticastConnection<Value>

    init(scheduler: Scheduler, block: @escaping (any Subscriber<Value>) -> Void) {
        self.scheduler = scheduler
        connection = Signal<Value>.create { subscriber in
            block(subscriber)
            return nil
        }.multicast(ReplaySubject())
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        let connection = self.connection
        let sink = StartSink(downstream: subscriber, disposable: disposable)
        disposable.add(scheduler.schedule {
            connection.signal.subscribe(sink)
            connection.connect()
        })
        return disposable
    }
}

/// Forwards the replay subject's events (the subject serializes them) until the subscription
/// is disposed; a terminal event disposes it first, then goes downstream.
private final class StartSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let disposable: CompoundDisposable

    init(downstream: some Subscriber<Value>, disposable: CompoundDisposable) {
        self.downstream = downstream
        self.disposable = disposable
    }

    func sendNext(_ value: Value) {
        guard !disposable.isDisposed else { return }
        downstream.sendNext(value)
    }

    func sendError(_ error: any Error) {
        guard !disposable.isDisposed else { return }
        disposable.dispose()
        downstream.sendError(error)
    }

    func sendCompleted() {
        guard !disposable.isDisposed else { return }
        disposable.dispose()
        downstream.sendCompleted()
    }

    func didSubscribe(with subscription: CompoundDisposable) {
        disposable.add(subscription)
    }
}
