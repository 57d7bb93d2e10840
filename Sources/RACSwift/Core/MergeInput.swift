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
