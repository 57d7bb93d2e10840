extension Signal {
    /// Sends `reduce(previous, value)` for each value, where `previous` is the value before it
    /// — `start` for the first one (RAC's `-combinePreviousWithStart:reduce:`). Each
    /// subscription starts again from `start`. Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func combinePrevious<U>(
        withStart start: Value, reduce: @escaping @Sendable (_ previous: Value, _ next: Value) -> U
    ) -> Signal<U> {
        LiftedSignal(self, (start, reduce)) { CombinePreviousSink(downstream: $0, start: $1.0, reduce: $1.1) }
            .named("[\(name)] -combinePreviousWithStart: \(start) reduce:")
    }
}

@usableFromInline
final class CombinePreviousSink<Value, U>: ForwardingSink<U>, Subscriber, @unchecked Sendable {
    private let reduce: (Value, Value) -> U
    // The signal contract's serial delivery guards it; the dynamic exclusivity check doubled
    // the cost of a value (Benchmarks/HISTORY.md, "Operators that looked up metadata per value").
    // Unchecked: the optimizer keeps its dynamic check, once per value; no workload runs this
    // operator, so it is judged by the sinks of its shape that do (DistinctUntilChanged's `last`,
    // W25 +63 %; Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var previous: Value

    @usableFromInline
    init(downstream: some Subscriber<U>, start: Value, reduce: @escaping (Value, Value) -> U) {
        self.previous = start
        self.reduce = reduce
        super.init(downstream: downstream)
    }

    @usableFromInline func sendNext(_ value: Value) {
        let combined = reduce(previous, value)
        previous = value
        downstream.sendNext(combined)
    }
}
