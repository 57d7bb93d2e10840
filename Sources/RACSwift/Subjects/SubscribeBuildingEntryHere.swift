extension Signal {
    /// Subscribes `subscriber`; to a plain `Subject`, with the subject's entry for it built
    /// here — in the caller's specialized code once inlined — where the entry's type is
    /// concrete and its metadata cached. Built in the subject's generic `subscribe`, the entry
    /// type is looked up in the runtime's tables per subscription (D1, a flattenMap's live
    /// inner subjects: about 840 instructions per inner with the input's own look-ups). A
    /// subclass may override `subscribe`, so only the exact class takes this path.
    @inlinable @inline(__always) @discardableResult
    func subscribeBuildingEntryHere<S: Subscriber<Value>>(_ subscriber: S) -> Disposable {
        if type(of: self) == Subject<Value>.self {
            let subject = knownClassCast(self, to: Subject<Value>.self)
            return subject.subscribe(subscriber, with: SubjectEntry<S>(subject: subject))
        }
        return subscribe(subscriber)
    }
}
