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
        // concrete types, not after a lookup in the runtime's generic metadata table; the
        // source is subscribed here too, so that a plain subject's entry for the sink is built
        // with cached metadata (`subscribeFlattenMapSource`).
        FlattenMapSignal(self, transform) { subscriber, source, transform in
            let disposable = CompoundDisposable()
            subscriber.didSubscribe(with: disposable)
            let sink = makeFlattenSink(
                downstream: subscriber, maxConcurrent: 0, transform: transform, disposable: disposable,
                returnSignalType: ObjectIdentifier(ReturnSignal<U>.self),
                subscribeInput: { signal, sink in subscribeMergeInput(signal, sink) })
            subscribeFlattenMapSource(source, sink)
            return disposable
        }.named("[\(name)] -flattenMap:")
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
    /// queued signals). As in RAC, it is subscribed from inside the completion that made
    /// room, so queued synchronous signals run nested, the result completing before their
    /// `create` blocks return — for up to 32 in a row; a longer run unwinds to the loop (see
    /// `concat(_:)`).
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
    /// already subscribing), from inside that completion as in RAC (see
    /// `flatten(maxConcurrent:)`).
    @inlinable
    public func concat<T>() -> Signal<T> where Value: Signal<T> {
        flattening(maxConcurrent: 1)
            .named("[\(name)] -concat")
    }

    @inlinable
    func flattening<T>(maxConcurrent: Int) -> Signal<T> where Value: Signal<T> {
        LiftedSignal(self, maxConcurrent) {
            MergeSink(
                downstream: $0, maxConcurrent: $1, transform: { $0 as Signal<T> }, disposable: $2,
                returnSignalType: ObjectIdentifier(ReturnSignal<T>.self))
        }
    }
}

/// The signal of `flattenMap`: each subscription runs `subscribe`, formed in `flattenMap`'s
/// caller, with the subscriber, the source and the transform. Its own class rather than an
/// `OperatorSignal` or a `LiftedSignal`: their generic payload is copied and destroyed through
/// its value witnesses when the signal is made (R6: about 500 instructions per cycle for five
/// flattenMaps, a tuple payload more), where fields of class and function type are a retain;
/// the transform's field of type `(Source) -> Signal<Value>?` keeps the form the sink's field
/// has, so nothing is reabstracted (see `Predicate`).
@usableFromInline
final class FlattenMapSignal<Source, Value>: Signal<Value>, @unchecked Sendable {
    @usableFromInline
    typealias Subscribe = (
        _ subscriber: any Subscriber<Value>, _ source: Signal<Source>,
        _ transform: @escaping (Source) -> Signal<Value>?
    ) -> Disposable

    private let source: Signal<Source>
    private let transform: (Source) -> Signal<Value>?
    private let body: Subscribe

    @usableFromInline
    init(_ source: Signal<Source>, _ transform: @escaping (Source) -> Signal<Value>?, subscribe body: @escaping Subscribe) {
        self.source = source
        self.transform = transform
        self.body = body
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        return body(subscriber, source, transform)
    }
}

/// The sink of `flattenMap`, for its inlinable body.
@usableFromInline
func makeFlattenSink<Source, Value>(
    downstream: any Subscriber<Value>, maxConcurrent: Int, transform: @escaping (Source) -> Signal<Value>?,
    disposable: CompoundDisposable, returnSignalType: ObjectIdentifier,
    subscribeInput: @escaping (Signal<Value>, MergeSink<Source, Value>) -> Void
) -> MergeSink<Source, Value> {
    MergeSink(
        downstream: downstream, maxConcurrent: maxConcurrent, transform: transform, disposable: disposable,
        returnSignalType: returnSignalType, subscribeInput: subscribeInput)
}

/// Subscribes `flattenMap`'s source with its sink: inlined into `flattenMap`'s caller, where the
/// sink's type is concrete, so a plain `Subject`'s entry for it is built with cached metadata
/// (`Signal.subscribeBuildingEntryHereUnlessWrapped`); built in the subject's generic
/// `subscribe`, it was a look-up in the runtime's tables per subscription (R6, R5: about 450
/// instructions; Benchmarks/HISTORY.md, "Issue 37: construction, second pass (helper, 2026-12-02)").
/// While subscriptions are wrapped (tracing, debug builds) it is `subscribe(_:)`.
@inlinable @inline(__always)
func subscribeFlattenMapSource<Source, Value>(_ source: Signal<Source>, _ sink: MergeSink<Source, Value>) {
    source.subscribeBuildingEntryHereUnlessWrapped(sink)
}

/// Subscribes `signal` with a new input of `sink`, for `MergeSink.subscribeInput`: inlined
/// into `flattenMap`'s caller, where the types are concrete, so the input is allocated with
/// cached metadata. To a plain `Subject` (the exact class: a subclass may override `subscribe`;
/// the usual live inner) the input is the subject's entry itself (`MergeSubjectInput`), as
/// `Signal.subscribeBuildingEntryHere` would build the entry of a `MergeInput` here.
@inlinable @inline(__always)
func subscribeMergeInput<Source, Value>(_ signal: Signal<Value>, _ sink: MergeSink<Source, Value>) {
    if type(of: signal) == Subject<Value>.self {
        MergeSubjectInput(sink, subject: knownClassCast(signal, to: Subject<Value>.self)).subscribe()
    } else {
        signal.subscribe(MergeInput(sink))
    }
}
