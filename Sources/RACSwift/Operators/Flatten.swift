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
        LiftedSignal(self, FlattenTransform(transform)) {
            makeFlattenSink(
                downstream: $0, maxConcurrent: 0, transform: $1.run, disposable: $2,
                returnSignalType: ObjectIdentifier(ReturnSignal<U>.self),
                subscribeInput: { signal, sink in subscribeMergeInput(signal, sink) })
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
            MergeSink(
                downstream: $0, maxConcurrent: $1, transform: { $0 as Signal<T> }, disposable: $2,
                returnSignalType: ObjectIdentifier(ReturnSignal<T>.self))
        }
    }
}

/// `flattenMap`'s transform as the lifted signal's payload: carried bare, it would be stored
/// in the payload's most general form (its result indirect) and converted back for the sink's
/// field, a thunk allocated per signal and per subscription and two thunk calls per value
/// (see `Predicate`). Here it keeps the form the sink's field has.
@usableFromInline @frozen
struct FlattenTransform<Source, Value> {
    @usableFromInline let run: (Source) -> Signal<Value>?

    @inlinable
    init(_ run: @escaping (Source) -> Signal<Value>?) { self.run = run }
}

/// The sink of `flattenMap`, for its inlinable body: the sink's type stays internal.
@usableFromInline
func makeFlattenSink<Source, Value>(
    downstream: any Subscriber<Value>, maxConcurrent: Int, transform: @escaping (Source) -> Signal<Value>?,
    disposable: CompoundDisposable, returnSignalType: ObjectIdentifier,
    subscribeInput: @escaping (Signal<Value>, MergeSink<Source, Value>) -> Void
) -> any Subscriber<Source> {
    MergeSink(
        downstream: downstream, maxConcurrent: maxConcurrent, transform: transform, disposable: disposable,
        returnSignalType: returnSignalType, subscribeInput: subscribeInput)
}

/// Subscribes `signal` with a new input of `sink`, for `MergeSink.subscribeInput`: inlined
/// into `flattenMap`'s caller, where the types are concrete, so the input and, for a plain
/// `Subject` (the usual live inner), its entry are allocated with cached metadata
/// (`Signal.subscribeBuildingEntryHere`, in Subjects).
@inlinable @inline(__always)
func subscribeMergeInput<Source, Value>(_ signal: Signal<Value>, _ sink: MergeSink<Source, Value>) {
    signal.subscribeBuildingEntryHere(MergeInput(sink))
}
