/// A signal you send events to by hand, shared by all its subscribers (RACSubject).
///
/// A subject is both a `Signal` and a `Subscriber`: every event sent to it (directly, or by a
/// signal it is subscribed to) goes to every subscriber it has at that moment, in the order
/// they subscribed. It remembers nothing: a subscriber sees only what is sent after it
/// subscribed. As in RAC, a terminal event ends every current subscription, but the subject
/// itself stays usable — a subscriber that arrives after a terminal event receives none of the
/// past events, yet does receive whatever is sent to the subject afterwards.
///
/// Subscribing registers the subscriber at once, on the calling thread (subjects bypass
/// `Scheduler.subscription`). Events sent from several threads are serialized: the subject
/// holds a recursive lock while it delivers one, so subscribers never see two at once, and a
/// subscriber that sends into the subject from inside a delivery gets a nested delivery rather
/// than a deadlock. Subscribing and disposing are safe at any time, also from inside a
/// delivery; a subscription disposed during a delivery receives nothing new once its
/// `dispose()` has returned (each subscriber's disposed flag is checked before each event).
/// Subscribing and disposing never wait for a delivery in progress on another thread (as in
/// RAC, whose subject delivers outside the lock they take): the registration or the removal
/// is handed to that thread, which carries it out before it delivers anything more or lets go
/// of the subject. So every event sent after `subscribe` returns reaches the new subscriber,
/// and `dispose()` may return while the delivery in progress is still reaching that
/// subscriber (contract §6: a thread already delivering may finish that one event), nothing
/// sent later. (`ReplaySubject` and `BehaviorSubject` replay and register in one step, so
/// subscribing to one waits for a delivery in progress.)
///
/// A terminal event goes to the subscribers of that moment, in order, each disposed just
/// before it receives it; until its turn a subscriber is still subscribed, so a value sent
/// into the subject from inside an earlier one's `completed` (or `error`) reaches it first,
/// as in RAC, which enumerates a copy of its subscribers.
///
/// When a subject is subscribed to a signal (`signal.subscribe(subject)`), that subscription
/// is kept in the subject's own disposable, which its terminal events and its deinit dispose
/// (RAC's `-didSubscribeWithDisposable:`).
open class Subject<Value>: Signal<Value>, Subscriber, @unchecked Sendable {
    /// The serializing point: held while an event is delivered, and guarding the subscriber
    /// list, so a send takes exactly one lock.
    let lock = RecursiveLock()
    /// Subscribers in subscription order, guarded by `lock`. A disposed subscription leaves a
    /// nil slot (O(1) removal); `compact()` reclaims them once they are half the list. A send
    /// walks the list in place, retaining neither it nor its entries; a change made while a
    /// send is walking it (re-entrantly, from a subscriber) first moves the walked list to
    /// `retired` and changes a copy, so the walk never sees a change or a freed entry.
    /// Exclusivity is unchecked: `lock` guards every access, and the dynamic check would be a
    /// large part of a send's cost.
    // Unchecked, measured: the optimizer keeps its dynamic check; W1 +162 %, R1 +153 %, W17 +13 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) var entries = SubjectEntryList()
    var vacantSlots = 0
    /// What sends in progress may still be using, kept until the outermost send ends: lists
    /// they may be walking, and subscribers let go meanwhile (one may be receiving the send
    /// that ended its subscription: the walk does not retain it).
    /// nil rather than empty when there is nothing: releasing an empty array (the runtime's
    /// shared, immortal one) takes the release's slow path, at every subject's deinit (D1).
    // Unchecked, measured: the optimizer keeps its dynamic check; W17 +13 %, W18 +10 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var retired: [SubjectRetired]?
    /// Sends in progress (nested ones when a subscriber sends into the subject).
    private var deliveries = 0
    /// Whether a send may be walking `entries` itself, so that a change must copy it first.
    var entriesAreWalked = false
    /// The subject's subscriptions to other signals, made when first needed (most subjects
    /// are sent to by hand and never need it), under `sourcesLock`: a lock of its own, held
    /// only to make or read it, never `lock` — `didSubscribe(with:)` runs inside a source's
    /// `subscribe`, often under that source's lock, and taking `lock` there could deadlock
    /// with a thread delivering from this subject into the source.
    private var madeSources: CompoundDisposable?
    /// Whether a terminal event came before any source: the shared `disposedSources` then
    /// stands for the sources. A flag rather than that compound in `madeSources`: storing
    /// the shared object is a retain and a release (at the deinit) on one reference count that
    /// every subject ending this way touches (a flattenMap's inner subjects). Under `sourcesLock`.
    private var sourcesEnded = false
    private let sourcesLock = UnfairLock()
    /// Subscriptions and disposals that found `lock` held by another thread (a delivery in
    /// progress), in the order they came, for whichever thread holds or next takes `lock` to
    /// carry out (`takeHandedOff`) before it delivers anything or lets go. Under
    /// `handOffLock`, a leaf lock: held for an append or a take, never while waiting for
    /// anything. nil rather than empty, as `retired`.
    // Unchecked, measured: the optimizer keeps its dynamic check; W17 +13 %, W18 +10 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) var handedOff: [SubjectHandOff]?
    let handOffLock = UnfairLock()
    /// How many items `handedOff` holds: what a thread reads when it has taken `lock` and
    /// after it has let go, a load each (see `HandOffCount` for why none is missed).
    let handedOffCount = HandOffCount()
    /// Entries whose gate was closed while their disposer was inside (see `SubjectEntryBase`):
    /// the deinit waits until each has left. Rarely non-empty: only a dispose racing a
    /// terminal event, a registration or the deinit puts one here. Guarded by `lock`.
    /// nil rather than empty, as `retired`.
    var closedWithDisposerInside: [SubjectEntryBase]?

    private var sources: CompoundDisposable {
        sourcesLock.withLock {
            if let madeSources { return madeSources }
            if sourcesEnded { return disposedSources }
            let made = CompoundDisposable()
            madeSources = made
            return made
        }
    }

    /// A subject with no subscribers (RAC's `+subject`).
    public override init() {
        super.init()
    }

    deinit {
        // First: close the gate of every listed entry, so that no disposer comes in from now
        // on, then wait (the lock released: they need it) for those already inside to leave.
        // (Under the lock although no send can be running: it also orders this after the
        // writes made on other threads for ThreadSanitizer, which does not see the reference
        // count's own ordering.)
        let waiting = lock.withLock { () -> [SubjectEntryBase]? in
            entries.forEachUnretained { entry in detach(entry) }
            return closedWithDisposerInside
        }
        if let waiting {
            for entry in waiting { entry.waitForDisposer() }
        }
        // Nothing else uses the subject now. Each live entry lets go of its subscriber (not
        // disposed: nothing observable happens), so that a subscription nobody disposes, still
        // held, does not keep its subscriber alive.
        // (Entries whose removal was handed off are still listed; `handedOff` only keeps them,
        // and registrations not yet carried out, which are dropped with it.)
        entries.forEachUnretained { entry in entry.takeSubscriber()?.release() }
        entries.free()
        sourcesLock.withLock { madeSources }?.dispose()
        if retired != nil { freeRetired() }
    }

    // MARK: Signal

    /// Adds `subscriber` at once, on the calling thread, for the events sent from now on;
    /// disposing the result removes it. Overrides must register through `register(_:subscription:)`.
    @discardableResult
    open override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        return subscribe(subscriber, with: makeSubscription(for: subscriber))
    }

    // MARK: Subscriber

    /// Sends `value` to every current subscriber, in subscription order (RAC's `-sendNext:`).
    open func sendNext(_ value: Value) {
        // `withDeliveryLock`'s steps with `enter` and `leave`, as `ReplaySubject.sendNext`: its
        // closure stayed a function of its own, a call and a frame per send (W1 133.0 -> 123.0,
        // W30 221.3 -> 211.3; Benchmarks/HISTORY.md, "Issue 37: the workloads on the line,
        // eighth pass").
        let nested = lock.enter()
        if handedOffCount.mayBeNonZero { releasingAfter(takeHandedOff) }
        deliverNext(value)
        lock.leave(nested: nested)
        if handedOffCount.mayBeNonZero { releasingAfter(settleHandedOff) }
    }

    /// Ends every current subscription with `error` and disposes the subject's subscriptions
    /// to other signals (RAC's `-sendError:`). Later subscribers still receive later sends.
    open func sendError(_ error: any Error) {
        withDeliveryLock { deliverError(error) }
    }

    /// Ends every current subscription with completion and disposes the subject's
    /// subscriptions to other signals (RAC's `-sendCompleted`). Later subscribers still
    /// receive later sends.
    open func sendCompleted() {
        withDeliveryLock { deliverCompleted() }
    }

    /// Sends `value` to every current subscriber. Call with `lock` held.
    @inline(__always)
    final func deliverNext(_ value: Value) {
        if entries.count == 0 { return }
        deliveries += 1
        entriesAreWalked = true
        // The list (retired if a subscriber changes it meanwhile) keeps every entry alive.
        entries.forEachUnretained { entry in
            if !entry.isDisposed { knownClassCast(entry, to: SubjectEntryOf<Value>.self).deliverNext(value) }
        }
        deliveries -= 1
        if deliveries == 0 {
            entriesAreWalked = false
            if retired != nil { freeRetired() }
        }
    }

    private func freeRetired() {
        guard let kept = retired else { return }
        retired = nil
        for item in kept {
            switch item {
            case .list(var list): list.free()
            case .subscriber(let subscriber): subscriber.release()
            }
        }
    }

    /// Releases `subscriber`, taken from an entry, or keeps it until the outermost send ends if
    /// one is in progress; returns nil then. Call with `lock` held.
    func release(whenNoSend subscriber: ManuallyRetained<AnyObject>?) -> ManuallyRetained<AnyObject>? {
        guard let subscriber, deliveries > 0 else { return subscriber }
        retire(.subscriber(subscriber))
        return nil
    }

    /// Keeps `item` until the outermost send ends. Call with `lock` held.
    func retire(_ item: SubjectRetired) {
        if retired == nil {
            retired = [item]
        } else {
            retired!.append(item)
        }
    }

    /// Disposes the subject's subscriptions to other signals, then ends every current
    /// subscription with `error` (RAC's order). Call with `lock` held.
    final func deliverError(_ error: any Error) {
        disposeSources()
        if entries.count == 0 { return }
        // RAC enumerates a copy of its subscribers; so does this: the subscribers stay listed
        // until each one's turn, so a value sent from inside an earlier one's terminal event
        // reaches them, and those subscribed meanwhile stay for later events.
        var ending = entries.copy()
        ending.forEachUnretained { entry in
            end(knownClassCast(entry, to: SubjectEntryOf<Value>.self)) { $0.deliverError(error) }
        }
        ending.free()
    }

    /// Disposes the subject's subscriptions to other signals, then ends every current
    /// subscription (RAC's order). Call with `lock` held.
    final func deliverCompleted() {
        disposeSources()
        if entries.count == 0 { return }
        // As in `deliverError`.
        var ending = entries.copy()
        ending.forEachUnretained { entry in
            end(knownClassCast(entry, to: SubjectEntryOf<Value>.self)) { $0.deliverCompleted() }
        }
        ending.free()
    }

    /// Ends the subscription of `entry`, listed when the terminal event began, unless it has
    /// left the list since (its own disposal, or a terminal event sent from inside an earlier
    /// subscriber's): takes it out, disposes it unless it has been, then forwards the event
    /// (RAC's order), and lets go of the subscriber. Call with `lock` held.
    @inline(__always)
    private func end(_ entry: SubjectEntryOf<Value>, with deliver: (SubjectEntryOf<Value>) -> Void) {
        if entry.index == SubjectEntryBase.notListed { return }
        removeListed(entry)
        // The gate: a disposer that has not entered yet stays out, so the subscriber is this
        // thread's to take (one inside hands the entry off or finds it gone).
        detach(entry)
        if !entry.isDisposed {
            // The disposal without the removal (done above).
            entry.endForTerminalEvent()
            deliver(entry)
        }
        release(whenNoSend: entry.takeSubscriber())?.release()
    }

    /// Disposes the subject's subscriptions to other signals, under `lock`: a disposal never
    /// waits for a lock held across a delivery (the lock rule), so nothing needs releasing —
    /// and no other thread's event can slip in between this and the terminal event. Call
    /// with `lock` held.
    private func disposeSources() {
        // If no source has come yet, the shared disposed compound takes the place of one, so
        // that a source coming later is disposed at once — without building and disposing a
        // compound per terminal event (a flattenMap's inner subjects each end this way).
        let sources = sourcesLock.withLock { () -> CompoundDisposable? in
            if let madeSources { return madeSources }
            sourcesEnded = true
            return nil
        }
        if let sources, !sources.isDisposed { sources.dispose() }
    }

    /// Keeps `disposable`, the subject's subscription to a signal, until that subscription
    /// ends, the subject terminates or the subject is released (RAC's
    /// `-didSubscribeWithDisposable:`).
    public func didSubscribe(with disposable: CompoundDisposable) {
        if disposable.isDisposed { return }
        let sources = self.sources
        sources.add(disposable)
        // Disposed (by a terminal event): `disposable` has been disposed with it, nothing is
        // held. Returning also keeps a weak reference (a side table, never freed) off the
        // shared `disposedSources`.
        if sources.isDisposed { return }
        // A source subscription that ends on its own stops being held by the subject.
        disposable.add(Disposable { [weak sources, weak disposable] in
            if let sources, let disposable { sources.remove(disposable) }
        })
    }
}
