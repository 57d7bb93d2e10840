extension Signal {
    /// Subscribes `subscriber`; to a plain `Subject`, with the subject's entry for it built
    /// here — in the caller's specialized code once inlined — where the entry's type is
    /// concrete and its metadata cached. Built in the subject's generic `subscribe`, the entry
    /// type is looked up in the runtime's tables per subscription (D1, a flattenMap's live
    /// inner subjects when their inputs were subscribed this way: about 840 instructions per
    /// inner with the input's own look-ups; flattenMap's source and combineLatest's inputs take
    /// it now). A subclass may override `subscribe`, so only the exact class takes this path.
    @inlinable @inline(__always) @discardableResult
    func subscribeBuildingEntryHere<S: Subscriber<Value>>(_ subscriber: S) -> Disposable {
        if type(of: self) == Subject<Value>.self {
            let subject = knownClassCast(self, to: Subject<Value>.self)
            return subject.subscribe(subscriber, with: SubjectEntry<S>(subject: subject))
        }
        return subscribe(subscriber)
    }

    /// `subscribeBuildingEntryHere`, except while subscriptions are wrapped (tracing, and every
    /// debug build's serial-delivery check), when it is `subscribe(_:)`, which wraps: for an
    /// operator whose inputs' subscriptions are traced and checked like any other.
    @inlinable @inline(__always) @discardableResult
    func subscribeBuildingEntryHereUnlessWrapped<S: Subscriber<Value>>(_ subscriber: S) -> Disposable {
        if _slowPath(subscriptionsAreWrappedOutOfLine()) { return subscribe(subscriber) }
        return subscribeBuildingEntryHere(subscriber)
    }
}

extension Signal {
    /// This signal as a plain `Subject` (the exact class), unless subscriptions are wrapped
    /// (tracing, and every debug build's serial-delivery check): the subject for which an
    /// entry that is its own subscriber is made (`SubjectEntryOf.init(ownSubscriberOf:)`,
    /// combineLatest's inputs). Nil for any other signal, which that entry subscribes as an
    /// ordinary subscriber (wrapped, traced and checked like any other subscription).
    @inlinable @inline(__always)
    var plainSubjectUnlessWrapped: Subject<Value>? {
        guard type(of: self) == Subject<Value>.self, _fastPath(!subscriptionsAreWrappedOutOfLine()) else { return nil }
        // The exact class, tested just above.
        return knownClassCast(self, to: Subject<Value>.self)
    }
}

/// `subscriptionsAreWrapped`, for inlinable code: one call per subscription.
@usableFromInline
func subscriptionsAreWrappedOutOfLine() -> Bool { subscriptionsAreWrapped }
