// The subject's subscriber list: registrations and removals (a subscription and its disposal),
// the work handed to the thread holding the delivery lock when either found it held (the lock
// rule, contract article "Which locks"), and the list's upkeep.
extension Subject {
    /// This class's `subscribe(_:)` with the subscription made by the caller (a new entry of
    /// this subject), where its type is concrete and its metadata cached (`flattenMap`'s
    /// inners); made here, in generic code, it is a look-up in the runtime's table.
    @usableFromInline @discardableResult @inline(__always)
    final func subscribe<S: Subscriber<Value>>(_ subscriber: S, with subscription: SubjectEntry<S>) -> Disposable {
        // Before the registration and outside the lock: no event can reach the subscriber
        // before it is registered.
        subscriber.didSubscribe(with: subscription)
        registerOrHandOff(subscription) {
            register(subscriber, subscription: subscription)
        } later: {
            { [subscriber] subject in
                knownClassCast(subject, to: Subject<Value>.self).register(subscriber, subscription: subscription)
            }
        }
        return subscription
    }

    /// `subscribeNext(_:)` on this class itself (not a subclass): the entry, made by the caller
    /// with the closure in it, is the subscription. As `subscribe(_:with:)`, without the
    /// `didSubscribe` a `NextSubscriber` ignores. A traced subscription goes through a
    /// `NextSubscriber` instead, which the trace wraps. (Debug builds' serial-delivery check,
    /// which wraps every other subscription, is not made: the subject delivers under its lock.)
    @usableFromInline @discardableResult
    final func subscribe(nextEntry entry: NextEntry<Value>) -> Disposable {
        if _slowPath(tracingIsOn) { return subscribe(NextSubscriber(next: entry.takeClosure())) }
        registerOrHandOff(entry) {
            register(nextEntry: entry)
        } later: {
            { subject in knownClassCast(subject, to: Subject<Value>.self).register(nextEntry: entry) }
        }
        return entry
    }

    /// `subscribe(nextEntry:)` for an entry that is its own subscriber (combineLatest's inputs;
    /// `SubjectEntryOf.subscribeToItsSubject()`), made for this subject: the entry is the
    /// subscription. Its maker has checked that subscriptions are not wrapped (tracing is off),
    /// and gives it no `didSubscribe`: a combineLatest input's, for a plain subject, does nothing
    /// (`OutputPoint.subscribingPlainSubject`).
    final func subscribe(ownEntry entry: SubjectEntryOf<Value>) -> Disposable {
        registerOrHandOff(entry) {
            register(ownEntry: entry)
        } later: {
            { subject in knownClassCast(subject, to: Subject<Value>.self).register(ownEntry: entry) }
        }
        return entry
    }

    /// The registration step of every `subscribe` form: `now` runs under the delivery lock if
    /// it is free. Otherwise the registration never waits for a delivery in progress on another
    /// thread (the lock rule): `later`'s closure, made only then since it escapes, is handed to
    /// that thread, which registers the entry before it delivers anything more, so every event
    /// sent after the subscription returns reaches it, as in RAC.
    @inline(__always)
    private func registerOrHandOff(
        _ entry: SubjectEntryBase, now: () -> Void, later: () -> (AnyObject) -> Void
    ) {
        var released = ReleasedSubscribers()
        let registered: Void? = lock.withLockIfAvailable {
            if handedOffCount.mayBeNonZero { takeHandedOff(into: &released) }
            now()
        }
        if registered == nil { handOff(.registration(entry, later())) }
        if handedOffCount.mayBeNonZero { settleHandedOff(into: &released) }
        released.releaseAll()
    }

    /// `register(_:subscription:)` for an entry that is its own subscriber: lists it unless it
    /// has been disposed (it holds no reference to let go of). Call with `lock` held.
    final func register(ownEntry entry: SubjectEntryOf<Value>) {
        if entry.isDisposed { return }
        list(entry)
    }

    /// `register(_:subscription:)` for an entry holding its closure: lists it unless it has
    /// been disposed, when it lets go of the closure instead. Call with `lock` held.
    final func register(nextEntry entry: NextEntry<Value>) {
        if entry.isDisposed {
            // Disposed before its handed-off registration came: nothing else lets go of it.
            release(whenNoSend: entry.takeSubscriber())?.release()
            return
        }
        list(entry)
    }

    /// The disposable of a subscription of `subscriber`, to give it before registering it.
    final func makeSubscription<S: Subscriber<Value>>(for subscriber: S) -> SubjectEntry<S> {
        SubjectEntry<S>(subject: self)
    }

    /// Adds `subscriber`, whose subscription is `subscription` (from `makeSubscription(for:)`),
    /// to the list, unless the subscription has been disposed. Call with `lock` held, after
    /// `subscriber.didSubscribe(with: subscription)`; the replaying subclasses replay and
    /// register in one critical section, so that nothing is missed or seen twice.
    final func register<S: Subscriber<Value>>(_ subscriber: S, subscription entry: SubjectEntry<S>) {
        if entry.isDisposed { return }
        entry.retain(subscriber)
        list(entry)
    }

    /// Adds `entry`, holding its subscriber, to the list. Call with `lock` held.
    @inline(__always)
    private func list(_ entry: SubjectEntryBase) {
        willChangeEntries()
        entry.index = entries.count
        entries.append(entry)
        entry.openGate()
        if entry.isDisposed {
            // Disposed meanwhile, on another thread: a disposer that found the gate still
            // closed did nothing, so the removal is done here.
            removeListed(entry)
            detach(entry)
            release(whenNoSend: entry.takeSubscriber())?.release()
        }
    }

    /// Runs `body` with `lock` held, then removes the entries handed off meanwhile. Every
    /// acquisition of `lock` but the deinit's goes through it (the subclasses' too), so that
    /// each thread that lets go of `lock` looks for handed-off removals after it has.
    /// Subscriptions and disposals handed off before are carried out first, so that what the
    /// body sends reaches every subscription made, and none disposed, before it was sent.
    @inline(__always)
    final func withDeliveryLock<R>(_ body: () -> R) -> R {
        let result = lock.withLock { () -> R in
            if handedOffCount.mayBeNonZero { releasingAfter(takeHandedOff) }
            return body()
        }
        if handedOffCount.mayBeNonZero { releasingAfter(settleHandedOff) }
        return result
    }

    /// Removes `entry` from the list (its disposal) and takes its subscriber, for the caller
    /// to release once it has let go of the subject. Called through the entry's gate.
    ///
    /// Never waits for `lock` (the lock rule in the contract article): a thread delivering
    /// holds it for the whole delivery and may be waiting, inside it, for a lock this thread
    /// holds (an operator's, whose delivery disposed this subscription). If another thread
    /// holds it, the entry — already marked disposed, so no later send reaches it — is handed
    /// to that thread, which removes it before it lets go of the subject.
    final func unregister(_ entry: SubjectEntryBase) -> ReleasedSubscribers {
        var released = ReleasedSubscribers()
        let removed: Void? = lock.withLockIfAvailable {
            removeListed(entry)
            released.append(release(whenNoSend: entry.takeSubscriber()))
        }
        if removed == nil { handOff(.removal(entry)) }
        // Having let go of `lock` (or found it held after handing the entry off), look again:
        // the holder may have let go meanwhile, before it could see the entry.
        if handedOffCount.mayBeNonZero { settleHandedOff(into: &released) }
        return released
    }

    func handOff(_ item: SubjectHandOff) {
        handOffLock.withLock {
            if handedOff == nil { handedOff = [item] } else { handedOff!.append(item) }
            handedOffCount.add(1)
        }
    }

    /// Runs `carryOut` (`takeHandedOff`, `settleHandedOff`), then releases the subscribers it
    /// took out. Out of line: `withDeliveryLock`, inlined everywhere, calls it only when
    /// something was handed off. After `takeHandedOff` this is under `lock`, as a removal by a
    /// thread holding it releases them; the caller of `withDeliveryLock` holds a reference to
    /// the subject.
    @inline(never)
    func releasingAfter(_ carryOut: (inout ReleasedSubscribers) -> Void) {
        var released = ReleasedSubscribers()
        carryOut(&released)
        released.releaseAll()
    }

    /// Carries out the subscriptions and disposals handed off, in order. Call with `lock` held.
    func takeHandedOff(into released: inout ReleasedSubscribers) {
        let taken = handOffLock.withLock { () -> [SubjectHandOff]? in
            guard let taken = handedOff else { return nil }
            handedOff = nil
            handedOffCount.add(-taken.count)
            return taken
        }
        guard let taken else { return }
        for item in taken {
            switch item {
            case .removal(let entry):
                removeListed(entry)
                released.append(release(whenNoSend: entry.takeSubscriber()))
            case .registration(_, let register):
                register(self)
            }
        }
    }

    /// Carries out what was handed off while `lock` can be had without waiting; stops when
    /// another thread holds it (that thread looks again once it lets go). Their subscribers
    /// go to `released`, for the caller to release once it has let go of the subject.
    func settleHandedOff(into released: inout ReleasedSubscribers) {
        while handedOffCount.mayBeNonZero {
            let settled: Void? = lock.withLockIfAvailable { takeHandedOff(into: &released) }
            if settled == nil { return }
        }
    }

    /// Takes `removing` out of the list, if it is listed. Call with `lock` held.
    func removeListed(_ removing: SubjectEntryBase) {
        let index = removing.index
        guard index < entries.count, let entry = entries[index], entry === removing else { return }
        removing.index = SubjectEntryBase.notListed
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
    }

    /// Closes the gate of `entry`, which is leaving the list other than by its own disposal (a
    /// terminal event takes it, the deinit ends it); a disposer still inside is waited for by
    /// the deinit. Call with `lock` held.
    func detach(_ entry: SubjectEntryBase) {
        entry.index = SubjectEntryBase.notListed
        if entry.closeGate() {
            var waiting = closedWithDisposerInside ?? []
            closedWithDisposerInside = nil
            waiting.removeAll { !$0.hasDisposerInside }
            waiting.append(entry)
            closedWithDisposerInside = waiting
        }
    }

    func compact() {
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
    func willChangeEntries() {
        guard entriesAreWalked else { return }
        entriesAreWalked = false
        retire(.list(entries))
        entries = entries.copy()
    }
}
