extension Signal {
    /// Sends the elements of `values`, then completes (RAC's `-[RACSequence
    /// signalWithScheduler:]`).
    ///
    /// With no scheduler the elements go out synchronously during subscription (on the
    /// subscription scheduler); with one, each element is a separate block on `scheduler`.
    /// Either way elements are sent one at a time, in constant stack, and disposal is checked
    /// before each one — so an infinite sequence works with `take`: `Signal.from(1...).take(3)`
    /// sends 1, 2, 3 and stops iterating.
    @inlinable
    public static func from<S: Sequence>(_ values: S, on scheduler: Scheduler? = nil) -> Signal<Value>
    where S.Element == Value {
        // Inlinable so that the iterator is made and stepped here, in the caller's module,
        // specialized for `S`: the library's code, generic over `Value` only, then steps it
        // through one closure call instead of the unspecialized Sequence witnesses (which
        // allocate per element for a Range).
        fromIterators(sequenceType: S.self, scheduler: scheduler) {
            let box = IteratorBox(values.makeIterator())
            return { box.next() }
        }
    }

    /// `from(_:on:)` once the sequence is erased: `makeIterator` makes one subscription's
    /// iterator, as a closure that returns the next element or nil at the end.
    @usableFromInline
    static func fromIterators(
        sequenceType: Any.Type, scheduler: Scheduler?, _ makeIterator: @escaping () -> () -> Value?
    ) -> Signal<Value> {
        FromSequenceSignal(makeIterator: makeIterator, scheduler: scheduler)
            .named("[\(sequenceType)] -signalWithScheduler: \(scheduler?.name ?? "nil")")
    }
}

/// One subscription's iterator. Only that subscription's producer steps it, one element at
/// a time, so the dynamic exclusivity check a captured `var` would get (a large part of an
/// element's cost) is left out.
@usableFromInline
final class IteratorBox<Iterator: IteratorProtocol> {
    @usableFromInline @exclusivity(unchecked) var iterator: Iterator

    @inlinable
    init(_ iterator: Iterator) {
        self.iterator = iterator
    }

    @inlinable @inline(__always)
    func next() -> Iterator.Element? {
        iterator.next()
    }
}

final class FromSequenceSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let makeIterator: () -> () -> Value?
    private let scheduler: Scheduler?

    init(makeIterator: @escaping () -> () -> Value?, scheduler: Scheduler?) {
        self.makeIterator = makeIterator
        self.scheduler = scheduler
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        let next = makeIterator()
        guard let scheduler else {
            // One synchronous producer, like `return`: no lock, no trampoline, no allocation
            // per element; just the disposal check before each one.
            Scheduler.runSubscription(adding: disposable) {
                while !disposable.isDisposed {
                    guard let value = next() else {
                        disposable.dispose()
                        subscriber.sendCompleted()
                        return
                    }
                    subscriber.sendNext(value)
                }
            }
            return disposable
        }
        let sink = FromSequenceSink(downstream: subscriber, next: next, disposable: disposable)
        Scheduler.runSubscription(adding: disposable) {
            disposable.add(scheduler.scheduleRecursive { reschedule in sink.step(reschedule) })
        }
        return disposable
    }
}

/// One subscription's iterator on a scheduler. Steps run one at a time (each is scheduled by
/// the previous one), so the iterator and the downstream need no lock.
final class FromSequenceSink<Value>: Sink, @unchecked Sendable {
    private let disposable: CompoundDisposable
    private let downstream: any Subscriber<Value>
    private let next: () -> Value?

    init(downstream: some Subscriber<Value>, next: @escaping () -> Value?, disposable: CompoundDisposable) {
        self.downstream = downstream
        self.next = next
        self.disposable = disposable
    }

    func step(_ reschedule: () -> Void) {
        guard !disposable.isDisposed else { return }
        guard let value = next() else {
            disposable.dispose()
            downstream.sendCompleted()
            return
        }
        downstream.sendNext(value)
        reschedule()
    }
}
