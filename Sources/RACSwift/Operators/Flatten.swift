extension Signal {
    /// Maps each value to a signal and forwards the values of all those signals as they arrive
    /// (RAC's `-flattenMap:`). A nil signal counts as an empty one.
    ///
    /// Completes once this signal and every signal `transform` returned have completed. An
    /// error from this signal or from any inner signal is forwarded at once and disposes every
    /// subscription. Inner signals are subscribed as soon as their value arrives and may send
    /// from any thread; their events go out one at a time.
    @inlinable
    public func flattenMap<U>(_ transform: @escaping @Sendable (Value) -> Signal<U>?) -> Signal<U> {
        // Inlinable so that the signal is allocated with the caller's cached metadata for its
        // concrete types, not after a lookup in the runtime's generic metadata table.
        LiftedSignal(self, transform) { makeFlattenSink(downstream: $0, maxConcurrent: 0, transform: $1, disposable: $2) }
            .named("[\(name)] -flattenMap:")
    }

    /// Forwards the values of every signal this signal sends, as they arrive (RAC's
    /// `-flatten`). Same terminal rules as `flattenMap(_:)`. Works on signals of any `Signal`
    /// subclass, e.g. the groups of `groupBy`.
    /// Each event goes out on the thread its signal sent it, one at a time.
    @inlinable
    public func flatten<T>() -> Signal<T> where Value: Signal<T> {
        flattening(maxConcurrent: 0)
            .named("[\(name)] -flatten")
    }

    /// Like `flatten()`, but with at most `maxConcurrent` inner signals subscribed at a time
    /// (RAC's `-flatten:`); 0 means no limit. Inner signals beyond the limit wait in a
    /// first-in-first-out queue and are subscribed as running ones complete.
    ///
    /// Completes once this signal, every running inner signal and every queued one have
    /// completed; an error from any of them is forwarded at once and disposes everything
    /// (queued signals are dropped unsubscribed).
    /// Each event goes out on the thread its signal sent it, one at a time; a queued signal is
    /// subscribed by the thread that made room for it (or by the loop already subscribing
    /// queued signals).
    @inlinable
    public func flatten<T>(maxConcurrent: Int) -> Signal<T> where Value: Signal<T> {
        precondition(maxConcurrent >= 0, "Signal.flatten(maxConcurrent:): maxConcurrent must not be negative, got \(maxConcurrent)")
        return flattening(maxConcurrent: maxConcurrent)
            .named("[\(name)] -flatten: \(maxConcurrent)")
    }

    /// Sends the values of each signal this signal sends, one inner signal after another
    /// (RAC's `-concat` on a signal of signals; the same as `flatten(maxConcurrent: 1)`).
    ///
    /// Each inner signal is subscribed only once the previous one has completed, in the
    /// order they arrived. Completes once this signal and every inner signal have completed;
    /// any error ends the result at once. Runs in constant stack however many synchronous
    /// inner signals are queued.
    /// Each event goes out on the thread its signal sent it; the next inner signal is
    /// subscribed by the thread that delivered the previous one's completion (or by the loop
    /// already subscribing).
    @inlinable
    public func concat<T>() -> Signal<T> where Value: Signal<T> {
        flattening(maxConcurrent: 1)
            .named("[\(name)] -concat")
    }

    @inlinable
    func flattening<T>(maxConcurrent: Int) -> Signal<T> where Value: Signal<T> {
        LiftedSignal(self, maxConcurrent) {
            FlattenSink(downstream: $0, maxConcurrent: $1, transform: { $0 as Signal<T> }, disposable: $2)
        }
    }
}

/// The sink of `flattenMap`, for its inlinable body: the sink's type stays internal.
@usableFromInline
func makeFlattenSink<Source, Value>(
    downstream: any Subscriber<Value>, maxConcurrent: Int, transform: @escaping (Source) -> Signal<Value>?,
    disposable: CompoundDisposable
) -> any Subscriber<Source> {
    FlattenSink(downstream: downstream, maxConcurrent: maxConcurrent, transform: transform, disposable: disposable)
}

/// The merge point of `flattenMap`, `flatten`, `flatten(maxConcurrent:)`, `concat()` and
/// `merge`: it subscribes to the outer signal itself and serializes every inner signal's
/// events under one lock.
///
/// State, all guarded by `lock`: `active` running inner signals, `pending` ones waiting for a
/// slot (bounded mode only), whether the outer signal has completed. The output completes when
/// all three say "nothing left". A finished inner subscription is removed from `disposable`
/// at once, so a long-lived flatten does not accumulate them.
@usableFromInline
final class FlattenSink<Source, Value>: OutputPoint<Value>, Subscriber, @unchecked Sendable {
    private let transform: (Source) -> Signal<Value>?
    private let maxConcurrent: Int
    // Guarded by `lock`, hence no dynamic exclusivity checks (they cost two runtime calls per
    // access from the closures the lock runs). `pending` is used in bounded mode only: its
    // type is generic (`FIFO<Signal<Value>>`), and touching it in this unspecialized code
    // looks its metadata up at run time, so unbounded mode never does.
    @exclusivity(unchecked) private var active = 0
    @exclusivity(unchecked) private var pending: FIFO<Signal<Value>>?  // nil in unbounded mode
    @exclusivity(unchecked) private var isOuterCompleted = false
    // True while one thread subscribes queued signals in a loop; an inner signal completing
    // meanwhile (synchronously, deep in that loop's stack) leaves the next start to the loop,
    // so a long queue of synchronous signals runs in constant stack (seed 002's trampoline).
    @exclusivity(unchecked) private var isDraining = false

    /// Whether signals wait in `pending`. Called with `lock` held.
    private var hasPending: Bool { maxConcurrent > 0 && !(pending?.isEmpty ?? true) }

    @usableFromInline
    init(
        downstream: some Subscriber<Value>, maxConcurrent: Int, transform: @escaping (Source) -> Signal<Value>?,
        disposable: CompoundDisposable = CompoundDisposable()
    ) {
        self.maxConcurrent = maxConcurrent
        self.transform = transform
        super.init(downstream: downstream, disposable: disposable)
        if maxConcurrent > 0 {
            pending = FIFO()
            // Disposal releases the queued signals at once, not when the outer signal lets
            // go of this sink.
            disposable.add(Disposable { [weak self] in
                guard let self else { return }
                self.lock.withLock { self.pending?.removeAll() }
            })
        }
    }

    // MARK: The outer signal

    @usableFromInline func didSubscribe(with outer: CompoundDisposable) {
        disposable.add(outer)
    }

    @usableFromInline func sendNext(_ value: Source) {
        guard !disposable.isDisposed else { return }
        let signal = transform(value)
        let startNow = serialize { () -> Bool in
            if hasTerminated { return false }
            if maxConcurrent > 0, isDraining || active >= maxConcurrent {
                pending?.append(signal ?? Signal<Value>.empty)
                return false
            }
            active += 1
            return true
        }
        if startNow { start(signal) }
    }

    @usableFromInline func sendError(_ error: any Error) {
        fail(error)
    }

    @usableFromInline func sendCompleted() {
        serialize {
            isOuterCompleted = true
            completeIfDone()
        }
    }

    // MARK: Inner signals

    func forward(_ value: Value) {
        serialize { send(value) }
    }

    func fail(_ error: any Error) {
        serialize {
            if finish(error: error), maxConcurrent > 0 { pending?.removeAll() }
        }
    }

    /// An inner signal completed; `subscription` is its disposable (nil if it never gave one).
    func innerCompleted(_ subscription: CompoundDisposable?) {
        if let subscription { disposable.remove(subscription) }
        let drain = serialize { () -> Bool in
            active -= 1
            if hasTerminated { return false }
            if !hasPending {
                // Also inside the drain loop: the last signal's completion completes the
                // output at once, while that signal is still being subscribed (as in RAC).
                completeIfDone()
                return false
            }
            if isDraining { return false }
            isDraining = true
            return true
        }
        if drain { startPending() }
    }

    /// Subscribes queued signals while there is room; run by one thread at a time.
    private func startPending() {
        while true {
            let next = serialize { () -> Signal<Value>? in
                if isOpen, active < maxConcurrent, hasPending {
                    active += 1
                    return pending?.removeFirst()
                }
                isDraining = false
                completeIfDone()
                return nil
            }
            guard let next else { return }
            start(next)
        }
    }

    /// Subscribes an inner signal already counted in `active` (nil: an empty one).
    ///
    /// A constant inner signal (`return`, `empty`, `error`, the usual result of a
    /// `flattenMap` closure) subscribed while a scheduler is current would send everything
    /// synchronously, right here; its events are delivered directly instead, with the checks
    /// its subscription would make, and no subscription objects are built. When no scheduler
    /// is current the signal is subscribed, so its events arrive on the subscription
    /// scheduler as usual.
    private func start(_ signal: Signal<Value>?) {
        if let signal, !signal.isConstant {
            signal.subscribe(FlattenInnerSink(self))
            return
        }
        if !Scheduler.isCurrentSet {
            (signal ?? Signal<Value>.empty).subscribe(FlattenInnerSink(self))
            return
        }
        guard let signal else {
            if serialize({ innerEndedInline() }) { startPending() }
            return
        }
        // One lock acquisition for the value and the completion: as if nothing had run in
        // between, which a concurrent sender could not tell from a subscription.
        let (failure, drain) = serialize { () -> ((any Error)?, Bool) in
            let termination = signal.deliverConstant { value in send(value) }
            switch termination {
            case .failed(let error):
                return (error, false)
            case .completed, nil:  // nil is not reached: `signal` is constant
                return (nil, innerEndedInline())
            }
        }
        if let failure {
            // The inner subscription would have been disposed with this one, and sent nothing.
            if !disposable.isDisposed { fail(failure) }
        } else if drain {
            startPending()
        }
    }

    /// A constant inner signal completed without a subscription: `innerCompleted` without
    /// the subscription to remove. True if the caller must now start queued signals (after
    /// releasing `lock`). Called with `lock` held.
    private func innerEndedInline() -> Bool {
        // Disposal (by downstream, or by a termination during the value) would have disposed
        // the inner subscription before its completion.
        if disposable.isDisposed { return false }
        active -= 1
        if hasTerminated { return false }
        if !hasPending {
            completeIfDone()
            return false
        }
        // Bounded mode, with signals queued while the value was delivered.
        if isDraining { return false }
        isDraining = true
        return true
    }

    /// Called with `lock` held.
    private func completeIfDone() {
        guard isOuterCompleted, active == 0, !hasPending else { return }
        finish(error: nil)
    }
}

/// One inner subscription: forwards to the merge point and tells it when it is done. The only
/// allocation `flattenMap` makes per value beyond the inner signal's own.
private final class FlattenInnerSink<Source, Value>: Sink, Subscriber, @unchecked Sendable {
    private let parent: FlattenSink<Source, Value>
    private var subscription: CompoundDisposable?

    init(_ parent: FlattenSink<Source, Value>) {
        self.parent = parent
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
        parent.disposable.add(disposable)
    }

    func sendNext(_ value: Value) { parent.forward(value) }
    func sendError(_ error: any Error) { parent.fail(error) }
    func sendCompleted() { parent.innerCompleted(subscription) }
}
