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
    // looked up at run time (W11). The relay serves a live source, the closure sink a constant
    // one: each is named only for the source that uses it, since in generic code (a Command's
    // execution) naming a class costs a look-up.
    @inlinable
    public func subscribe(on scheduler: Scheduler) -> Signal<Value> {
        let constant = isConstant
        return SubscribeOnSignal(
            self, on: scheduler, sink: SubscribeOnSink<Value>.self,
            relay: constant ? nil : SubscribeOnRelay<Value>.self,
            closureSink: constant ? SubscribeOnClosureSink<Value>.self : nil
        ).named("[\(name)] -subscribeOn: \(scheduler.name)")
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
    /// Given for a live source only.
    private let relayType: SubscribeOnRelay<Value>.Type?
    /// Given for a constant source only.
    private let closureSinkType: SubscribeOnClosureSink<Value>.Type?

    @usableFromInline
    init(
        _ source: Signal<Value>, on scheduler: Scheduler, sink sinkType: SubscribeOnSink<Value>.Type,
        relay relayType: SubscribeOnRelay<Value>.Type?, closureSink closureSinkType: SubscribeOnClosureSink<Value>.Type?
    ) {
        self.source = source
        self.scheduler = scheduler
        self.sinkType = sinkType
        self.relayType = relayType
        self.closureSinkType = closureSinkType
        super.init()
        // A constant source: a closure subscription is one `SubscribeOnClosureSink`.
        subscribesClosures = closureSinkType != nil
    }

    override func subscribeClosures(
        next: consuming ((Value) -> Void)?, error: consuming ((any Error) -> Void)?,
        completed: consuming (() -> Void)?
    ) -> Disposable {
        // Traced subscriptions go through a subscriber, which the trace wraps.
        if _slowPath(tracingIsOn) {
            return subscribe(ClosureSubscriber(next: next, error: error, completed: completed))
        }
        let sink = closureSinkType!.init(source: source, next: next, error: error, completed: completed)
        sink.schedule(on: scheduler)
        return sink
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        let sink = sinkType.init(source: source, downstream: subscriber, relay: relayType, scheduler: scheduler)
        subscriber.didSubscribe(with: sink)
        sink.schedule(on: scheduler)
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
    /// Guards the subclass's state.
    final let lock = UnfairLock()

    override init() {
        super.init()
        // A live subscription part, as every `Sink` is (CompoundDisposable is its base here).
        LiveSubscriptions.increment()
    }

    deinit { LiveSubscriptions.decrement() }

    /// Queues the scheduled subscription: on a queue scheduler (`acceptsDeliveries`) this
    /// object is the queued unit (no block, no disposable; disposal makes it do nothing);
    /// elsewhere a scheduled block, which disposal cancels. (The queue holds this object, not
    /// the other way round: only `SubscribeOnSink`, which disposes a source's subscription
    /// there, keeps the scheduler.)
    final func schedule(on scheduler: Scheduler) {
        add(scheduler.schedule(delivery: self))
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

    /// Disposes the source's subscription on `scheduler`: at once if this is the
    /// scheduler's thread, else in a scheduled block.
    final func dispose(source subscription: CompoundDisposable?, on scheduler: Scheduler) {
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
    private var downstream: (any Subscriber<Value>)?
    /// The signal to subscribe to, until the scheduled subscription takes it.
    private var pendingSource: Signal<Value>?
    /// The source's subscription, once it has begun; kept apart from the compound so that
    /// disposal can hand it to the scheduler instead of disposing it on the disposing thread.
    private var source: CompoundDisposable?
    /// Nil for a constant source, which needs a relay only off any scheduler (looked up then).
    private let relayType: SubscribeOnRelay<Value>.Type?
    /// Where the source's subscription is disposed.
    private let scheduler: Scheduler

    /// Then the subscriber gets it as its subscription, and `schedule()` queues the
    /// subscription to `source`.
    @usableFromInline
    init(source: Signal<Value>, downstream: any Subscriber<Value>, relay: SubscribeOnRelay<Value>.Type?, scheduler: Scheduler) {
        self.downstream = downstream
        self.pendingSource = source
        self.relayType = relay
        self.scheduler = scheduler
        super.init()
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
            signal.subscribe((relayType ?? SubscribeOnRelay<Value>.self).init(sink: self, downstream: subscriber))
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
        dispose(source: subscription, on: scheduler)
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

/// The part of `SubscribeOnClosureSink` that does not depend on the value type: the
/// disposable, its lock and the queued unit (not generic, so that queuing it as a
/// `ScheduledDelivery` needs no run-time witness table look-up).
///
/// A plain `Disposable` rather than a compound, which a subscriber's `didSubscribe(with:)`
/// would need and closures do not: at 112 bytes the object is freed, on the scheduler's
/// thread, without taking the allocator's lock — glibc frees chunks of up to 128 bytes into
/// its lock-free fast bins — where, as a compound of 152, every free contended for that lock
/// with the subscribing thread's allocations (W11: a futex call every other subscription;
/// Benchmarks/HISTORY.md, "Issue 28f").
@usableFromInline
class SubscribeOnClosureSubscription: Disposable, ScheduledDelivery, @unchecked Sendable {
    /// Guards this object's state and the subclass's.
    final let lock = UnfairLock()
    /// The scheduled block that runs the delivery, where it is not this object queued on a
    /// queue scheduler; disposed with the subscription. Guarded by `lock`.
    final var scheduled: Disposable?

    override init() {
        super.init()
        // A live subscription part, as every `Sink` is.
        LiveSubscriptions.increment()
    }

    deinit { LiveSubscriptions.decrement() }

    /// Queues the delivery: on a queue scheduler (`acceptsDeliveries`) this object is the
    /// queued unit (disposal makes it do nothing); elsewhere a scheduled block, which disposal
    /// cancels.
    final func schedule(on scheduler: Scheduler) {
        hold(scheduler.schedule(delivery: self))
    }

    /// Keeps `disposable` (a scheduled block) to dispose with the subscription, in place of
    /// the one before it (which has run); disposes it at once if the subscription has ended.
    final func hold(_ disposable: Disposable?) {
        guard let disposable else { return }
        lock.lock()
        let ended = isDisposed
        if !ended { scheduled = disposable }
        lock.unlock()
        if ended { disposable.dispose() }
    }

    /// The scheduled delivery (the subclass's).
    func performDelivery() {
        preconditionFailure("SubscribeOnClosureSubscription.performDelivery() must be overridden")
    }
}

/// `subscribe(on:)` of a constant source (`return`, `empty`, `error`) subscribed with closures
/// (`subscribe(next:error:completed:)` and its shorter forms): `SubscribeOnSink`'s constant
/// path with the closures held here instead of in a `ClosureSubscriber` (`subscribesClosures`)
/// — one object per `return(x).subscribe(on:).subscribeNext { … }`, the subscription, the
/// queued unit and the subscriber at once (W11). The closures go, with the source, when the
/// subscription ends or is disposed, as a `ClosureSubscriber`'s go with it.
@usableFromInline
final class SubscribeOnClosureSink<Value>: SubscribeOnClosureSubscription, @unchecked Sendable {
    // Guarded by `lock` and let go of by the end or the disposal of the subscription.
    private var pendingSource: Signal<Value>?
    private var next: ((Value) -> Void)?
    private var error: ((any Error) -> Void)?
    private var completed: (() -> Void)?

    @usableFromInline
    init(
        source: Signal<Value>, next: consuming ((Value) -> Void)?, error: consuming ((any Error) -> Void)?,
        completed: consuming (() -> Void)?
    ) {
        self.pendingSource = source
        self.next = next
        self.error = error
        self.completed = completed
        super.init()
    }

    override func performDelivery() {
        lock.lock()
        let signal = isDisposed ? nil : pendingSource
        pendingSource = nil
        // Read once: only the end of the subscription, which `deliver` brings, clears it.
        let next = self.next
        lock.unlock()
        guard let signal else { return }
        if Scheduler.isCurrentSet {
            deliver(signal, next)
        } else {
            // Off any scheduler (the immediate one, on a thread of no scheduler's), the constant
            // signal would send on the subscription scheduler's background scheduler.
            // The closures are the subscriber's, `@Sendable` where they were given.
            nonisolated(unsafe) let next = next
            hold(SubscriptionScheduler.shared.backgroundScheduler.schedule { self.deliver(signal, next) })
        }
    }

    /// What the constant signal's subscription does where a scheduler is current: its value,
    /// then its terminal event, checking disposal between them.
    private func deliver(_ signal: Signal<Value>, _ next: ((Value) -> Void)?) {
        let termination = signal.deliverConstant { value in
            if !isDisposed { next?(value) }
        }
        end { error, completed in
            if case .failed(let failure) = termination {
                error?(failure)
            } else {
                completed?()
            }
        }
    }

    /// Disposing: nothing more goes out, and the closures and the source are let go of.
    override func dispose() {
        end { _, _ in }
    }

    /// Ends the subscription, once: marks it disposed, takes everything it holds, and — for the
    /// caller that ended it, none later — passes the terminal closures to `body`. All of it is
    /// released after `body`, outside the lock: freeing what the closures captured may run any
    /// code.
    private func end(_ body: (((any Error) -> Void)?, (() -> Void)?) -> Void) {
        if isDisposed { return }
        lock.lock()
        guard markDisposedHoldingLock() else {
            lock.unlock()
            return
        }
        let held = scheduled
        let source = pendingSource
        let next = self.next
        let error = self.error
        let completed = self.completed
        scheduled = nil
        pendingSource = nil
        self.next = nil
        self.error = nil
        self.completed = nil
        lock.unlock()
        held?.dispose()
        body(error, completed)
        _ = (source, next)
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
