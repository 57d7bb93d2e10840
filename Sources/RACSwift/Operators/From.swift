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
        // Inlinable so that the iteration is compiled here, in the caller's module,
        // specialized for `S` (a Range steps as a counter) instead of going through the
        // unspecialized Sequence witnesses, which allocate per element for a Range.
        guard let scheduler else {
            return fromLoop(sequenceType: S.self) { subscriber, disposable in
                var iterator = values.makeIterator()
                while !disposable.isDisposed {
                    guard let value = iterator.next() else { return true }
                    subscriber.sendNext(value)
                }
                return false
            }
        }
        return fromSteps(sequenceType: S.self, scheduler: scheduler) {
            let box = IteratorBox(values.makeIterator())
            return { box.next() }
        }
    }

    /// `from(_:on:)` with no scheduler: `run` sends the elements of a fresh iterator to the
    /// subscriber, checking the disposable before each one, and returns whether the iterator
    /// ended (false: disposed).
    @usableFromInline
    static func fromLoop(
        sequenceType: Any.Type, _ run: @escaping (any Subscriber<Value>, CompoundDisposable) -> Bool
    ) -> Signal<Value> {
        FromSequenceSignal(.loop(run)).named("[\(sequenceType)] -signalWithScheduler: nil")
    }

    /// `from(_:on:)` on `scheduler`: `makeIterator` makes one subscription's iterator, as a
    /// closure that returns the next element or nil at the end.
    @usableFromInline
    static func fromSteps(
        sequenceType: Any.Type, scheduler: Scheduler, _ makeIterator: @escaping () -> () -> Value?
    ) -> Signal<Value> {
        FromSequenceSignal(.steps(makeIterator, scheduler))
            .named("[\(sequenceType)] -signalWithScheduler: \(scheduler.name)")
    }
}

/// One subscription's iterator. Only that subscription's producer steps it, one element at
/// a time, so the dynamic exclusivity check a captured `var` would get (a large part of an
/// element's cost) is left out.
@usableFromInline
final class IteratorBox<Iterator: IteratorProtocol> {
    // Unchecked, measured: the optimizer keeps its dynamic check; W7 +143 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) var iterator: Iterator

    // Not @inlinable: with library evolution (an xcframework build) a class's inlinable
    // designated init is an error; the call it costs did not show in W6 (benchmarked).
    @usableFromInline
    init(_ iterator: Iterator) {
        self.iterator = iterator
    }

    @inlinable @inline(__always)
    func next() -> Iterator.Element? {
        iterator.next()
    }
}

final class FromSequenceSignal<Value>: Signal<Value>, @unchecked Sendable {
    enum Iteration {
        /// Every element in one loop, in the caller's specialized code.
        case loop((any Subscriber<Value>, CompoundDisposable) -> Bool)
        /// One element per block on the scheduler.
        case steps(() -> () -> Value?, Scheduler)
    }

    private let iteration: Iteration

    init(_ iteration: Iteration) {
        self.iteration = iteration
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        switch iteration {
        case .loop(let run):
            // One synchronous producer, like `return`: no lock, no trampoline, no allocation
            // per element; just the disposal check before each one.
            Scheduler.runSubscription(adding: disposable) {
                guard run(subscriber, disposable) else { return }
                disposable.dispose()
                subscriber.sendCompleted()
            }
        case .steps(let makeIterator, let scheduler):
            let sink = FromSequenceSink(downstream: subscriber, next: makeIterator(), disposable: disposable)
            Scheduler.runSubscription(adding: disposable) {
                disposable.add(scheduler.scheduleRecursive { reschedule in sink.step(reschedule) })
            }
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
