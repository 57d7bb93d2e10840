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
    // Inlinable so that the signal and the sink's class are named with the caller's types,
    // whose metadata the caller caches: named in the library's generic code, each would be
    // looked up at run time (W11).
    @inlinable
    public func subscribe(on scheduler: Scheduler) -> Signal<Value> {
        SubscribeOnSignal(self, on: scheduler, sink: SubscribeOnSink<Value>.self, relay: SubscribeOnRelay<Value>.self)
            .named("[\(name)] -subscribeOn: \(scheduler.name)")
    }
}

/// `subscribe(on:)`'s signal. Its own class rather than an `OperatorSignal`, whose generic
/// payload (the source and the scheduler as a tuple) was copied and destroyed through value
/// witnesses at every construction (W11, issue 28c).
@usableFromInline
final class SubscribeOnSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let scheduler: Scheduler
    /// The sink's and the relay's classes, from the caller's code (see `subscribe(on:)`):
    /// spelled out here, in the library's generic code, they would be looked up at every
    /// subscription.
    private let sinkType: SubscribeOnSink<Value>.Type
    private let relayType: SubscribeOnRelay<Value>.Type

    @usableFromInline
    init(
        _ source: Signal<Value>, on scheduler: Scheduler, sink sinkType: SubscribeOnSink<Value>.Type,
        relay relayType: SubscribeOnRelay<Value>.Type
    ) {
        self.source = source
        self.scheduler = scheduler
        self.sinkType = sinkType
        self.relayType = relayType
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(tracingIsOn), let traced = traced(subscriber) { return subscribe(traced) }
        let sink = sinkType.init(source: source, downstream: subscriber, relay: relayType, scheduler: scheduler)
        subscriber.didSubscribe(with: sink)
        sink.schedule()
        return sink
    }
}

/// The part of `subscribe(on:)`'s sink that does not depend on the value type: the
/// subscription's compound (the sink *is* the result's subscription) and the unit queued on a
/// queue scheduler.
///
/// One object per subscription (issue 28c): before, the sink, its output point, the compound
/// and the disposal hook were four, and the generic ones were looked up at run time per
/// subscription. Not generic, so that queuing it as a `ScheduledDelivery` needs no run-time
/// witness table look-up either.
@usableFromInline
class SubscribeOnSubscription: CompoundDisposable, ScheduledDelivery, @unchecked Sendable {
    final let scheduler: Scheduler
    /// Guards the subclass's state.
    final let lock = UnfairLock()

    init(scheduler: Scheduler) {
        self.scheduler = scheduler
        super.init()
        // A live subscription part, as every `Sink` is (CompoundDisposable is its base here).
        LiveSubscriptions.increment()
    }

    deinit { LiveSubscriptions.decrement() }

    /// Queues the scheduled subscription: on a queue scheduler (`acceptsDeliveries`) this
    /// object is the queued unit (no block, no disposable; disposal makes it do nothing);
    /// elsewhere a scheduled block, which disposal cancels.
    final func schedule() {
        if scheduler.acceptsDeliveries {
            scheduler.enqueueDelivery(self)
        } else {
            add(scheduler.schedule { self.performDelivery() })
        }
    }

    /// The scheduled subscription (the subclass's).
    func performDelivery() {
        preconditionFailure("SubscribeOnSubscription.performDelivery() must be overridden")
    }

    /// Disposing the result: nothing more goes out, and the source's subscription is disposed
    /// on the scheduler.
    override final func dispose() {
        if disposeChildren() { didDispose() }
    }

    /// Run once, by whoever disposed the compound: lets go of what the subscription holds
    /// (the subclass's).
    func didDispose() {}

    /// Disposes the source's subscription on the scheduler: at once if this is the
    /// scheduler's thread, else in a scheduled block.
    final func dispose(source subscription: CompoundDisposable?) {
        // A source that has terminated has disposed itself already: nothing to schedule.
        guard let subscription, !subscription.isDisposed else { return }
        if Scheduler.current === scheduler {
            subscription.dispose()
        } else {
            scheduler.schedule { subscription.dispose() }
        }
    }
}

/// `subscribe(on:)`'s sink: the result's subscription, which runs the scheduled subscription
/// and lets go of the subscriber once disposed (its holder must not keep the subscriber, and
/// what its closures capture, alive).
///
/// A constant source (`return`, `empty`, `error`) is not subscribed: the scheduled
/// subscription delivers its events itself, as the constant signal would deliver them there
/// (at once, since a scheduler is current), checking disposal between them. One object and no
/// source subscription per `return(x).subscribe(on:)` (W11; the fast path is listed in the
/// contract article's "Fast paths"). Any other source is subscribed with a
/// `SubscribeOnRelay`, which holds the subscriber for the source, so that its values go out
/// without a lock.
@usableFromInline
final class SubscribeOnSink<Value>: SubscribeOnSubscription, @unchecked Sendable {
    // All three guarded by `lock` and let go of by disposal.
    @exclusivity(unchecked) private var downstream: (any Subscriber<Value>)?
    /// The signal to subscribe to, until the scheduled subscription takes it.
    @exclusivity(unchecked) private var pendingSource: Signal<Value>?
    /// The source's subscription, once it has begun; kept apart from the compound so that
    /// disposal can hand it to the scheduler instead of disposing it on the disposing thread.
    @exclusivity(unchecked) private var source: CompoundDisposable?
    private let relayType: SubscribeOnRelay<Value>.Type

    /// Then the subscriber gets it as its subscription, and `schedule()` queues the
    /// subscription to `source`.
    @usableFromInline
    init(source: Signal<Value>, downstream: any Subscriber<Value>, relay: SubscribeOnRelay<Value>.Type, scheduler: Scheduler) {
        self.downstream = downstream
        self.pendingSource = source
        self.relayType = relay
        super.init(scheduler: scheduler)
    }

    override func performDelivery() {
        lock.lock()
        let signal = isDisposed ? nil : pendingSource
        pendingSource = nil
        let subscriber = downstream
        lock.unlock()
        guard let signal, let subscriber else { return }
        // What the constant signal's subscription would do here, where a scheduler is current.
        if signal.isConstant, Scheduler.isCurrentSet {
            let termination = signal.deliverConstant { value in
                if !isDisposed { subscriber.sendNext(value) }
            }
            if case .failed(let error) = termination {
                if end() { subscriber.sendError(error) }
            } else {
                if end() { subscriber.sendCompleted() }
            }
        } else {
            signal.subscribe(relayType.init(sink: self, downstream: subscriber))
        }
    }

    /// For a terminal event: true if it ended the subscription (and the event goes out).
    func end() -> Bool {
        guard disposeChildren() else { return false }
        releaseAll()
        return true
    }

    override func didDispose() {
        releaseAll()
    }

    /// Lets go of everything, once, after the compound's disposal.
    private func releaseAll() {
        lock.lock()
        let subscriber = downstream
        let signal = pendingSource
        let subscription = source
        downstream = nil
        pendingSource = nil
        source = nil
        lock.unlock()
        // Released outside the lock: freeing them may run any code.
        _ = subscriber
        _ = signal
        dispose(source: subscription)
    }

    /// The source's subscription (from the relay, on `scheduler`).
    func sourceSubscribed(_ subscription: CompoundDisposable) {
        lock.lock()
        let disposeNow = isDisposed
        if !disposeNow { source = subscription }
        lock.unlock()
        if disposeNow { subscription.dispose() }
    }
}

/// The subscriber of a non-constant source under `subscribe(on:)`: forwards its events as they
/// come (the source serializes them) while the subscription (`sink`) is not disposed. It holds
/// the subscriber itself, immutably, so that a value costs one flag check; the sink, which the
/// subscription's holder keeps, lets go of its own reference on disposal, and this one goes
/// when the source lets go of the relay.
@usableFromInline
final class SubscribeOnRelay<Value>: Sink, Subscriber, @unchecked Sendable {
    private let sink: SubscribeOnSink<Value>
    private let downstream: any Subscriber<Value>

    @usableFromInline
    init(sink: SubscribeOnSink<Value>, downstream: any Subscriber<Value>) {
        self.sink = sink
        self.downstream = downstream
    }

    // Called on the scheduler, inside the scheduled subscription.
    @usableFromInline func didSubscribe(with subscription: CompoundDisposable) {
        sink.sourceSubscribed(subscription)
    }

    @usableFromInline func sendNext(_ value: Value) {
        if !sink.isDisposed { downstream.sendNext(value) }
    }

    @usableFromInline func sendError(_ error: any Error) {
        if sink.end() { downstream.sendError(error) }
    }

    @usableFromInline func sendCompleted() {
        if sink.end() { downstream.sendCompleted() }
    }
}
