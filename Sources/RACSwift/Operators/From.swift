extension Signal {
    /// Sends the elements of `values`, then completes (RAC's `-[RACSequence
    /// signalWithScheduler:]`).
    ///
    /// With no scheduler the elements go out synchronously during subscription (on the
    /// subscription scheduler); with one, each element is a separate block on `scheduler`.
    /// Either way elements are sent one at a time through `scheduleRecursive`, in constant
    /// stack, and disposal is checked before each one — so an infinite sequence works with
    /// `take`: `Signal.from(1...).take(3)` sends 1, 2, 3 and stops iterating.
    public static func from<S: Sequence>(_ values: S, on scheduler: Scheduler? = nil) -> Signal<Value>
    where S.Element == Value {
        FromSequenceSignal(values, scheduler: scheduler)
            .named("[\(S.self)] -signalWithScheduler: \(scheduler?.name ?? "nil")")
    }
}

final class FromSequenceSignal<S: Sequence>: Signal<S.Element>, @unchecked Sendable {
    private let values: S
    private let scheduler: Scheduler?

    init(_ values: S, scheduler: Scheduler?) {
        self.values = values
        self.scheduler = scheduler
    }

    override func subscribe(_ subscriber: some Subscriber<S.Element>) -> Disposable {
        let sink = FromSequenceSink<S>(downstream: subscriber, iterator: values.makeIterator())
        subscriber.didSubscribe(with: sink.disposable)
        let scheduler = self.scheduler ?? .immediate
        Scheduler.runSubscription(adding: sink.disposable) {
            sink.disposable.add(scheduler.scheduleRecursive { reschedule in sink.step(reschedule) })
        }
        return sink.disposable
    }
}

/// One subscription's iterator. Steps run one at a time (each is scheduled by the previous
/// one), so the iterator and the downstream need no lock.
final class FromSequenceSink<S: Sequence>: Sink, @unchecked Sendable {
    let disposable = CompoundDisposable()
    private let downstream: any Subscriber<S.Element>
    private var iterator: S.Iterator

    init(downstream: some Subscriber<S.Element>, iterator: S.Iterator) {
        self.downstream = downstream
        self.iterator = iterator
    }

    func step(_ reschedule: () -> Void) {
        guard !disposable.isDisposed else { return }
        guard let value = iterator.next() else {
            disposable.dispose()
            downstream.sendCompleted()
            return
        }
        downstream.sendNext(value)
        reschedule()
    }
}
