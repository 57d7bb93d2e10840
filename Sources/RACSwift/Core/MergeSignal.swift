/// The signals of `merge` and of both `concat`s given up front: sent into the merge point as
/// the values of a source that then completes (RAC builds them as a signal of the signals,
/// flattened), without building that source.
final class MergeSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let signals: [Signal<Value>]
    private let maxConcurrent: Int

    init(_ signals: [Signal<Value>], maxConcurrent: Int) {
        self.signals = signals
        self.maxConcurrent = maxConcurrent
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        let sink = MergeSink<Signal<Value>, Value>(downstream: subscriber, maxConcurrent: maxConcurrent) { $0 }
        subscriber.didSubscribe(with: sink.disposable)
        if maxConcurrent == 1 {
            // Both concats: RAC chains `-concat:`, each signal subscribed from inside the
            // previous one's completion.
            sink.concatenate(signals)
            return sink.disposable
        }
        for index in signals.indices {
            if sink.disposable.isDisposed {
                // Ended by its own error: RAC's `-bind:` checks its compound, which the error
                // disposed, and subscribes nothing more. Disposed from downstream (`take`):
                // RAC's disposal waits for this block to return, so the rest is subscribed.
                if !sink.hasTerminated { subscribeAfterDisposal(signals[index...]) }
                break
            }
            sink.sendNext(signals[index])
        }
        sink.sendCompleted()
        return sink.disposable
    }

    /// `merge`'s signals after its subscription was disposed from downstream while it was
    /// still subscribing them (issue 38): in RAC that disposal reaches the merge only once its
    /// `createSignal` block has returned, so every later signal is still subscribed, with a
    /// live subscription whose events go nowhere, and they are disposed together, in order,
    /// when the block returns — unless one fails meanwhile, which disposes them and stops the
    /// rest (the merge's compound, as an inner error disposes it).
    private func subscribeAfterDisposal(_ later: ArraySlice<Signal<Value>>) {
        let subscriptions = CompoundDisposable()
        let input = DisposedMergeInput<Value>(subscriptions)
        for signal in later {
            if subscriptions.isDisposed { break }
            subscriptions.add(signal.subscribe(input))
        }
        subscriptions.dispose()
    }
}

/// The subscriber of the signals `merge` subscribes after a disposal from downstream (see
/// `MergeSignal.subscribeAfterDisposal`).
private final class DisposedMergeInput<Value>: Subscriber, @unchecked Sendable {
    private let subscriptions: CompoundDisposable

    init(_ subscriptions: CompoundDisposable) { self.subscriptions = subscriptions }

    func didSubscribe(with disposable: CompoundDisposable) { subscriptions.add(disposable) }
    func sendNext(_ value: Value) {}
    func sendError(_ error: any Error) { subscriptions.dispose() }
    func sendCompleted() {}
}
