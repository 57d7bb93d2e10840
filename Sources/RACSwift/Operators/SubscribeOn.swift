extension Signal {
    /// Subscribes to this signal on `scheduler`, so that its subscription side effects run
    /// there, and disposes that subscription on `scheduler` too (RAC's `-subscribeOn:`).
    ///
    /// Events are forwarded from wherever the source sends them: to receive them on a
    /// scheduler as well, add `deliver(on:)`. Prefer `deliver(on:)` alone when you can — as
    /// RAC warns, a signal's side effects are not always safe to run on another thread.
    /// Disposal takes effect at once for the subscriber (nothing more arrives), while the
    /// source's own disposal is scheduled on `scheduler` (or runs at once when disposal happens
    /// on `scheduler` already); disposing before the scheduled subscription has run cancels it.
    // Inlinable so that the sink is built with the caller's types: built in the library's
    // generic code, each subscription would look its metadata up at run time (W11).
    @inlinable
    public func subscribe(on scheduler: Scheduler) -> Signal<Value> {
        OperatorSignal((self, scheduler)) { subscriber, arguments in
            SubscribeOnSink(downstream: subscriber, scheduler: arguments.1)
                .start(arguments.0, subscriber: subscriber)
        }.named("[\(name)] -subscribeOn: \(scheduler.name)")
    }
}

/// One input, forwarded as it comes (no lock). It holds the source subscription apart from
/// the output's subscription, so that disposing the output can hand the source's disposal to
/// the scheduler instead of running it on the disposing thread.
///
/// On a queue scheduler (`acceptsDeliveries`) the sink itself is the unit queued for the
/// subscription (issue 28): no block and no disposable; disposing first makes the unit do
/// nothing. Elsewhere the subscription is a scheduled block, which disposal cancels.
@usableFromInline
final class SubscribeOnSink<Value>: Sink, Subscriber, ScheduledDelivery, @unchecked Sendable {
    /// Its subscription is the result's; the source's stays out of it (see above).
    let output: SerialOutputPoint<Value>
    private let scheduler: Scheduler
    private let lock = UnfairLock()
    // Guarded by `lock`.
    @exclusivity(unchecked) private var source: CompoundDisposable?
    @exclusivity(unchecked) private var isDisposed = false
    /// The signal to subscribe to, until the scheduled subscription takes it.
    @exclusivity(unchecked) private var pendingSource: Signal<Value>?

    @usableFromInline
    init(downstream: some Subscriber<Value>, scheduler: Scheduler) {
        self.output = SerialOutputPoint(downstream: downstream, disposable: CompoundDisposable())
        self.scheduler = scheduler
    }

    /// Hands the subscription to `signal` to the scheduler; returns the result's subscription.
    @usableFromInline
    func start(_ signal: Signal<Value>, subscriber: any Subscriber<Value>) -> Disposable {
        let disposable = output.disposable
        subscriber.didSubscribe(with: disposable)
        disposable.add(SubscribeOnDisposal(self))
        if scheduler.acceptsDeliveries {
            lock.withLock { pendingSource = signal }
            scheduler.enqueueDelivery(self)
        } else {
            disposable.add(scheduler.schedule { signal.subscribe(self) })
        }
        return disposable
    }

    /// The scheduled subscription, on a queue scheduler.
    func performDelivery() {
        let signal = lock.withLock { () -> Signal<Value>? in
            defer { pendingSource = nil }
            return isDisposed ? nil : pendingSource
        }
        signal?.subscribe(self)
    }

    // Called on `scheduler`, inside the scheduled subscription.
    @usableFromInline func didSubscribe(with subscription: CompoundDisposable) {
        let disposeNow = lock.withLock { () -> Bool in
            if isDisposed { return true }
            source = subscription
            return false
        }
        if disposeNow { subscription.dispose() }
    }

    func disposeSource() {
        let (subscription, unsubscribed) = lock.withLock { () -> (CompoundDisposable?, Signal<Value>?) in
            isDisposed = true
            defer {
                source = nil
                pendingSource = nil
            }
            return (source, pendingSource)
        }
        _ = unsubscribed  // released outside the lock
        // A source that has terminated has disposed itself already: nothing to schedule.
        guard let subscription, !subscription.isDisposed else { return }
        if Scheduler.current === scheduler {
            subscription.dispose()
        } else {
            scheduler.schedule { subscription.dispose() }
        }
    }

    @usableFromInline func sendNext(_ value: Value) {
        if output.isOpen { output.send(value) }
    }

    @usableFromInline func sendError(_ error: any Error) { output.finish(error: error) }
    @usableFromInline func sendCompleted() { output.finish(error: nil) }
}

/// Disposing `subscribe(on:)`'s result reaches its sink through this (one object, where a
/// disposable with a block would be two).
final class SubscribeOnDisposal<Value>: Disposable, @unchecked Sendable {
    private let sink: SubscribeOnSink<Value>

    init(_ sink: SubscribeOnSink<Value>) {
        self.sink = sink
        super.init()
    }

    override func dispose() {
        guard markDisposed() else { return }
        sink.disposeSource()
    }
}
