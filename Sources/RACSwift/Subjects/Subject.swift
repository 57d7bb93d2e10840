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
/// Subscribing, and the first `dispose()` of a subscription, from another thread wait for a
/// delivery in progress to finish, so a subscriber must not block on a thread that is
/// subscribing to or disposing a subscription of the same subject. A second `dispose()` of
/// the same subscription, concurrent with the first, does not wait: it returns as soon as the
/// subscription is marked disposed, possibly while the delivery in progress is still reaching
/// that subscriber (contract §6: a thread already delivering may finish that one event).
///
/// When a subject is subscribed to a signal (`signal.subscribe(subject)`), that subscription
/// is kept in the subject's own disposable, which its terminal events and its deinit dispose
/// (RAC's `-didSubscribeWithDisposable:`).
open class Subject<Value>: Signal<Value>, Subscriber, SubjectSlotOwner, @unchecked Sendable {
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
    @exclusivity(unchecked) private var entries = SubjectEntryList()
    @exclusivity(unchecked) private var vacantSlots = 0
    /// Lists that sends in progress may still be walking; freed when the outermost send ends.
    @exclusivity(unchecked) private var retired: [SubjectEntryList] = []
    /// Sends in progress (nested ones when a subscriber sends into the subject).
    @exclusivity(unchecked) private var deliveries = 0
    /// Whether a send may be walking `entries` itself, so that a change must copy it first.
    @exclusivity(unchecked) private var entriesAreWalked = false
    /// The subject's subscriptions to other signals, made when first needed (most subjects
    /// are sent to by hand and never need it), under `sourcesLock`: a lock of its own, held
    /// only to make or read it, never `lock` — `didSubscribe(with:)` runs inside a source's
    /// `subscribe`, often under that source's lock, and taking `lock` there could deadlock
    /// with a thread delivering from this subject into the source.
    @exclusivity(unchecked) private var madeSources: CompoundDisposable?
    private let sourcesLock = UnfairLock()
    /// What the slots reach the subject by (no weak reference: see `SubjectLink`), made with
    /// the first subscription, under `lock`.
    @exclusivity(unchecked) private var link: SubjectLink?

    private var sources: CompoundDisposable {
        sourcesLock.withLock {
            if let madeSources { return madeSources }
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
        // First: a dispose racing this deinit either has finished with the subject or finds
        // it gone. (Read under the lock, as `madeSources` below.)
        lock.withLock { link }?.close()
        // Each live entry is its subscription's disposable: taken out (not disposed: nothing
        // observable happens) to break the cycle entry → subscription → entry, which would
        // otherwise keep a subscription nobody disposes alive, with its subscriber.
        for index in 0..<entries.count {
            if let entry = entries[index] { entry.subscription.remove(entry) }
        }
        // Under the lock although nothing else can use the subject now: it orders this read
        // after the write made on another thread for ThreadSanitizer, which does not see
        // the reference count's own ordering.
        sourcesLock.withLock { madeSources }?.dispose()
        entries.free()
        freeRetired()
    }

    // MARK: Signal

    /// Adds `subscriber` at once, on the calling thread, for the events sent from now on;
    /// disposing the result removes it. Overrides must register through `register(_:subscription:)`.
    @discardableResult
    open override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let subscription = CompoundDisposable()
        lock.withLock {
            subscriber.didSubscribe(with: subscription)
            register(subscriber, subscription: subscription)
        }
        return subscription
    }

    /// Adds `subscriber`, whose subscription is `subscription`, to the list. Call with `lock`
    /// held, after `subscriber.didSubscribe(with: subscription)`; the replaying subclasses
    /// replay and register in one critical section, so that nothing is missed or seen twice.
    final func register(_ subscriber: some Subscriber<Value>, subscription: CompoundDisposable) {
        willChangeEntries()
        // The entry is itself the disposable that removes it (see `SubjectEntryBase`), so a
        // subscription costs two objects (the subscription, the entry) beyond the subject's
        // one link.
        let link: SubjectLink
        if let made = self.link {
            link = made
        } else {
            link = SubjectLink(self)
            self.link = link
        }
        let entry = SubjectEntry<Value>(subscriber, subscription: subscription, index: entries.count, link: link)
        entries.append(entry)
        subscription.add(entry)
    }

    final func unregister(_ removing: SubjectEntryBase) -> SubjectEntryBase? {
        lock.withLock { () -> SubjectEntryBase? in
            let index = removing.index
            guard index < entries.count, let entry = entries[index], entry === removing else { return nil }
            willChangeEntries()
            if index == entries.count - 1 {
                entries.removeLast()
                while entries.count > 0, entries[entries.count - 1] == nil {
                    entries.removeLast()
                    vacantSlots -= 1
                }
            } else {
                entries[index] = nil
                vacantSlots += 1
                if vacantSlots * 2 > entries.count { compact() }
            }
            return entry
        }
    }

    private func compact() {
        var live = SubjectEntryList()
        for index in 0..<entries.count {
            guard let entry = entries[index] else { continue }
            entry.index = live.count
            live.append(entry)
        }
        entries.free()
        entries = live
        vacantSlots = 0
    }

    /// Call before any change to `entries`: if a send may be walking it, retire it (the send
    /// keeps walking it, intact and alive) and continue with a copy.
    private func willChangeEntries() {
        guard entriesAreWalked else { return }
        entriesAreWalked = false
        retired.append(entries)
        entries = entries.copy()
    }

    // MARK: Subscriber

    /// Sends `value` to every current subscriber, in subscription order (RAC's `-sendNext:`).
    open func sendNext(_ value: Value) {
        lock.withLock { deliverNext(value) }
    }

    /// Ends every current subscription with `error` and disposes the subject's subscriptions
    /// to other signals (RAC's `-sendError:`). Later subscribers still receive later sends.
    open func sendError(_ error: any Error) {
        lock.withLock { deliverError(error) }
    }

    /// Ends every current subscription with completion and disposes the subject's
    /// subscriptions to other signals (RAC's `-sendCompleted`). Later subscribers still
    /// receive later sends.
    open func sendCompleted() {
        lock.withLock { deliverCompleted() }
    }

    /// Sends `value` to every current subscriber. Call with `lock` held.
    @inline(__always)
    final func deliverNext(_ value: Value) {
        guard let base = entries.base else { return }
        let count = entries.count
        deliveries += 1
        entriesAreWalked = true
        // Each slot is read as a trivial `Unmanaged?` (the same single nullable pointer as
        // `SubjectEntryBase?`) and the entry borrowed: no retain/release per subscriber. The
        // list (retired if a subscriber changes it meanwhile) keeps every entry alive.
        let slots = UnsafeRawPointer(base)
        let stride = MemoryLayout<SubjectEntryBase?>.stride
        var index = 0
        while index < count {
            let slot = slots.load(fromByteOffset: index * stride, as: Unmanaged<SubjectEntryBase>?.self)
            slot?._withUnsafeGuaranteedRef { entry in
                if !entry.subscription.isDisposed {
                    unsafeDowncast(entry, to: SubjectEntry<Value>.self).subscriber.sendNext(value)
                }
            }
            index += 1
        }
        deliveries -= 1
        if deliveries == 0 {
            entriesAreWalked = false
            if !retired.isEmpty { freeRetired() }
        }
    }

    private func freeRetired() {
        var lists = retired
        retired = []
        for index in lists.indices { lists[index].free() }
    }

    /// Disposes the subject's subscriptions to other signals, then ends every current
    /// subscription with `error` (RAC's order). Call with `lock` held.
    final func deliverError(_ error: any Error) {
        var taken = takeAllAndDisposeSources()
        for index in 0..<taken.count {
            guard let entry = taken[index], !entry.subscription.isDisposed else { continue }
            // Terminate: dispose the subscription, then forward the event (RAC's order).
            entry.subscription.dispose()
            unsafeDowncast(entry, to: SubjectEntry<Value>.self).subscriber.sendError(error)
        }
        taken.free()
    }

    /// Disposes the subject's subscriptions to other signals, then ends every current
    /// subscription (RAC's order). Call with `lock` held.
    final func deliverCompleted() {
        var taken = takeAllAndDisposeSources()
        for index in 0..<taken.count {
            guard let entry = taken[index], !entry.subscription.isDisposed else { continue }
            entry.subscription.dispose()
            unsafeDowncast(entry, to: SubjectEntry<Value>.self).subscriber.sendCompleted()
        }
        taken.free()
    }

    /// Takes the subscribers that a terminal event ends, then disposes the subject's
    /// subscriptions to other signals with `lock` released — every level of it, also when the
    /// terminal event is sent from inside a delivery. Disposing one may take the lock of the
    /// signal it belongs to (a subject's), which a thread delivering from there into this
    /// subject holds while it waits for `lock`. Meanwhile that thread finds no subscriber to
    /// deliver to: they have been taken out. Call with `lock` held.
    private func takeAllAndDisposeSources() -> SubjectEntryList {
        let taken = takeAll()
        // If no source has come yet, the shared disposed compound takes the place of one, so
        // that a source coming later is disposed at once — without building and disposing a
        // compound per terminal event (a flattenMap's inner subjects each end this way).
        let sources = sourcesLock.withLock { () -> CompoundDisposable? in
            if let madeSources { return madeSources }
            madeSources = disposedSources
            return nil
        }
        if let sources, !sources.isDisposed { lock.withLockReleased { sources.dispose() } }
        return taken
    }

    /// Empties the list: a terminal event ends every subscription it reaches, and subscribers
    /// added while it is being delivered stay for later events, as in RAC.
    private func takeAll() -> SubjectEntryList {
        // The list itself is handed over (no copy, no allocation), unless a send is walking
        // it: then that send keeps it (retired) and the caller gets a copy. The caller frees
        // what it gets; nil slots in it are vacant.
        let taken: SubjectEntryList
        if entriesAreWalked {
            entriesAreWalked = false
            retired.append(entries)
            taken = entries.copy()
        } else {
            taken = entries
        }
        entries = SubjectEntryList()
        vacantSlots = 0
        return taken
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
