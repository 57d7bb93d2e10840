extension Signal {
    /// Sends the values in arrays of `count`, each as soon as its `count`-th value arrives
    /// (RAC 2.5's `-buffer:`, which sends RACTuples; deprecated there without a replacement).
    ///
    /// As in RAC, completion drops an incomplete last array and completes; an error drops it
    /// and is forwarded. RAC built this on `-windowWithStart:close:` and subscribed the source
    /// twice (the flaw that got it deprecated — a cold source could lose every window after
    /// the first); here the source is subscribed once, so every full array is sent.
    /// Each array goes out on the thread that delivered its last value.
    ///
    /// - Precondition: `count` is positive.
    @inlinable
    public func buffer(_ count: Int) -> Signal<[Value]> {
        precondition(count > 0, "Signal.buffer(_:): count must be positive, got \(count)")
        return LiftedSignal(self, count) { BufferCountSink<Value, [Value]>(downstream: $0, count: $1) }.named("[\(name)] -buffer: \(count)")
    }
}

/// One input (no lock); the array being filled lives in the sink, so each subscription starts
/// empty. `Values` is `[Value]`, named by the inlinable operator so that its metadata comes with
/// the sink's type: written `[Value]` here, the library's generic code would look it up at run
/// time at every value (Benchmarks/HISTORY.md, "Operators that looked up metadata per value").
@usableFromInline
final class BufferCountSink<Value, Values: RangeReplaceableCollection>: Sink, Subscriber, @unchecked Sendable
where Values.Element == Value {
    private let downstream: any Subscriber<Values>
    private let count: Int
    // The signal contract's serial delivery guards it; no dynamic exclusivity checks.
    // Unchecked: the optimizer keeps its dynamic check, once per value; no workload runs this
    // operator, so it is judged by the sinks of its shape that do (DistinctUntilChanged's `last`,
    // W25 +63 %; Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var values = Values()

    @usableFromInline
    init(downstream: some Subscriber<Values>, count: Int) {
        self.downstream = downstream
        self.count = count
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }

    @usableFromInline func sendNext(_ value: Value) {
        if values.isEmpty { values.reserveCapacity(count) }
        values.append(value)
        guard values.count == count else { return }
        let full = values
        values = Values()
        downstream.sendNext(full)
    }

    @usableFromInline func sendError(_ error: any Error) {
        values = Values()
        downstream.sendError(error)
    }

    @usableFromInline func sendCompleted() {
        values = Values()
        downstream.sendCompleted()
    }
}
