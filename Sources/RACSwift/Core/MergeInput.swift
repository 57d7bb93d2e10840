/// One inner subscription: forwards to the merge point and tells it when it is done. The only
/// allocation `flattenMap` makes per value beyond the inner signal's own.
@usableFromInline
final class MergeInput<Source, Value>: Sink, Subscriber, @unchecked Sendable {
    private let parent: MergeSink<Source, Value>
    private var subscription: CompoundDisposable?
    // Names the subscription's place among the merge point's children: with thousands of
    // live inners, removing it by identity would hash it twice (adding and removing).
    private var removal: CompoundDisposable.Removal?

    @usableFromInline
    init(_ parent: MergeSink<Source, Value>) {
        self.parent = parent
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
        removal = parent.disposable.addRemovable(disposable)
    }

    @usableFromInline func sendNext(_ value: Value) { parent.forward(value) }
    @usableFromInline func sendError(_ error: any Error) { parent.fail(error) }
    @usableFromInline func sendCompleted() { parent.innerCompleted(subscription, removal: removal) }
}

/// One inner subscription to a plain `Subject` (the exact class; the usual live inner of a
/// flattenMap): the subject's entry itself (`SubjectEntryOf`), which the subject delivers to and
/// whose disposal takes it out of the subject's list, as combineLatest's inputs are. A
/// `MergeInput` in a `SubjectEntry` was two objects per live inner (D1, Z10k: one allocation
/// more per inner, about 420 instructions with thousands live).
///
/// Like `MergeInput`, it joins the merge point's disposable before it is listed, so that
/// disposing the merge point ends it, and its completion takes it out again by its `removal`.
/// The entry is not wrapped for tracing or the serial-delivery check, as the `SubjectEntry`
/// of a `MergeInput` built in `subscribeMergeInput` was not.
@usableFromInline
final class MergeSubjectInput<Source, Value>: SubjectEntryOf<Value>, @unchecked Sendable {
    private let parent: MergeSink<Source, Value>
    // Set before the entry is listed, so before the subject delivers anything to it.
    private var removal: CompoundDisposable.Removal?

    @usableFromInline
    init(_ parent: MergeSink<Source, Value>, subject: Subject<Value>) {
        self.parent = parent
        super.init(ownSubscriberOf: subject)
        // A live subscription part, as the `MergeInput` it replaces (a `Sink`) is.
        LiveSubscriptions.increment()
    }

    deinit { LiveSubscriptions.decrement() }

    /// Joins the merge point's disposable, then the subject's list (a merge point already
    /// disposed disposes the entry at once, and the subject then does not list it). Called once,
    /// by the maker, while it holds the subject.
    @usableFromInline
    func subscribe() {
        removal = parent.disposable.addRemovable(self)
        _ = subscribeToItsSubject()
    }

    // Called by the subject, with its lock held.
    override func deliverNext(_ value: Value) { parent.forward(value) }
    override func deliverError(_ error: any Error) { parent.fail(error) }
    override func deliverCompleted() { parent.innerCompleted(self, removal: removal) }
}
