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
        for signal in signals {
            if sink.disposable.isDisposed { break }
            sink.sendNext(signal)
        }
        sink.sendCompleted()
        return sink.disposable
    }
}
