extension Signal {
    /// Combines the values with `reduce`, starting from `start`, and sends the result once
    /// this signal completes, then completes (RAC's `-aggregateWithStart:reduce:`, a `scan`
    /// that sends only its last value). On an empty signal it sends `start`. An error is
    /// forwarded at once. Each subscription starts again from `start`; for a reference type
    /// that must not be shared, use `aggregate(withStartFactory:reduce:)`.
    /// Sends the result and completes on the thread that delivered this signal's completion.
    @inlinable
    public func aggregate<U>(withStart start: U, reduce: @escaping @Sendable (_ running: U, _ next: Value) -> U) -> Signal<U> {
        aggregate(withStart: start) { running, next, _ in reduce(running, next) }
            .named("[\(name)] -aggregateWithStart: \(start) reduce:")
    }

    /// `aggregate(withStart:reduce:)` whose `reduce` also receives the index of the value,
    /// counted from 0 (RAC's `-aggregateWithStart:reduceWithIndex:`).
    /// Terminates and delivers as `aggregate(withStart:reduce:)` does.
    @inlinable
    public func aggregate<U>(
        withStart start: U, reduceWithIndex reduce: @escaping @Sendable (_ running: U, _ next: Value, _ index: Int) -> U
    ) -> Signal<U> {
        LiftedSignal(self, (start, reduce)) { downstream, arguments, subscription in
            AggregateSink(downstream: downstream, start: arguments.0, reduce: arguments.1, disposable: subscription)
        }.named("[\(name)] -aggregateWithStart: \(start) reduceWithIndex:")
    }

    /// `aggregate(withStart:reduce:)` with a start value made by `startFactory` for each
    /// subscription (RAC's `-aggregateWithStartFactory:reduce:`, built there on `+defer:`, so
    /// the factory runs at subscription time through `Scheduler.subscription`).
    /// Terminates and delivers as `aggregate(withStart:reduce:)` does.
    @inlinable
    public func aggregate<U>(
        withStartFactory startFactory: @escaping @Sendable () -> U, reduce: @escaping @Sendable (_ running: U, _ next: Value) -> U
    ) -> Signal<U> {
        Signal<U>.defer {
            self.aggregate(withStart: startFactory(), reduce: reduce)
        }.named("[\(name)] -aggregateWithStartFactory:reduce:")
    }

    /// Sends one array of every value once this signal completes, then completes (RAC's
    /// `-collect`); an empty signal sends one empty array. An error is forwarded at once.
    /// Sends the array and completes on the thread that delivered this signal's completion.
    @inlinable
    public func collect() -> Signal<[Value]> {
        LiftedSignal(self, ()) { downstream, _, subscription in
            CollectSink<Value, [Value]>(downstream: downstream, disposable: subscription)
        }.named("[\(name)] -collect")
    }
}

@usableFromInline
final class AggregateSink<Value, U>: SerialOutputPoint<U>, Subscriber, @unchecked Sendable {
    // The signal contract's serial delivery guards them; the dynamic exclusivity checks doubled
    // the cost of a value (Benchmarks/HISTORY.md, "Operators that looked up metadata per value").
    // Unchecked: the optimizer keeps its dynamic check, once per value; no workload runs this
    // operator, so it is judged by the sinks of its shape that do (DistinctUntilChanged's `last`,
    // W25 +63 %; Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var running: U
    private var index = 0
    private let reduce: (U, Value, Int) -> U

    @usableFromInline
    init(downstream: some Subscriber<U>, start: U, reduce: @escaping (U, Value, Int) -> U,
         disposable: CompoundDisposable) {
        self.running = start
        self.reduce = reduce
        super.init(downstream: downstream, disposable: disposable)
    }

    @usableFromInline func sendNext(_ value: Value) {
        running = reduce(running, value, index)
        index += 1
    }

    @usableFromInline func sendError(_ error: any Error) { finish(error: error) }
    @usableFromInline func sendCompleted() { finish(sending: running) }
}

/// Appends in place: a `reduce` closure would copy the array for every value. `Values` is
/// `[Value]`, named by the inlinable operator (see `BufferCountSink`).
@usableFromInline
final class CollectSink<Value, Values: RangeReplaceableCollection>: SerialOutputPoint<Values>, Subscriber,
    @unchecked Sendable where Values.Element == Value {
    // The signal contract's serial delivery guards it; no dynamic exclusivity checks.
    // Unchecked, measured: the optimizer keeps its dynamic check; W27 +106 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var values = Values()

    @usableFromInline func sendNext(_ value: Value) { values.append(value) }

    @usableFromInline func sendError(_ error: any Error) {
        values = Values()
        finish(error: error)
    }

    @usableFromInline func sendCompleted() {
        let collected = values
        values = Values()
        finish(sending: collected)
    }
}
