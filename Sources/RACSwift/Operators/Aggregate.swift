extension Signal {
    /// Combines the values with `reduce`, starting from `start`, and sends the result once
    /// this signal completes, then completes (RAC's `-aggregateWithStart:reduce:`, a `scan`
    /// that sends only its last value). On an empty signal it sends `start`. An error is
    /// forwarded at once. Each subscription starts again from `start`; for a reference type
    /// that must not be shared, use `aggregate(withStartFactory:reduce:)`.
    /// Sends the result and completes on the thread that delivered this signal's completion.
    public func aggregate<U>(withStart start: U, reduce: @escaping @Sendable (_ running: U, _ next: Value) -> U) -> Signal<U> {
        AggregateSignal(source: self, start: start) { running, next, _ in reduce(running, next) }
            .named("[\(name)] -aggregateWithStart: \(start) reduce:")
    }

    /// `aggregate(withStart:reduce:)` whose `reduce` also receives the index of the value,
    /// counted from 0 (RAC's `-aggregateWithStart:reduceWithIndex:`).
    /// Terminates and delivers as `aggregate(withStart:reduce:)` does.
    public func aggregate<U>(
        withStart start: U, reduceWithIndex reduce: @escaping @Sendable (_ running: U, _ next: Value, _ index: Int) -> U
    ) -> Signal<U> {
        AggregateSignal(source: self, start: start, reduce: reduce)
            .named("[\(name)] -aggregateWithStart: \(start) reduceWithIndex:")
    }

    /// `aggregate(withStart:reduce:)` with a start value made by `startFactory` for each
    /// subscription (RAC's `-aggregateWithStartFactory:reduce:`, built there on `+defer:`, so
    /// the factory runs at subscription time through `Scheduler.subscription`).
    /// Terminates and delivers as `aggregate(withStart:reduce:)` does.
    public func aggregate<U>(
        withStartFactory startFactory: @escaping @Sendable () -> U, reduce: @escaping @Sendable (_ running: U, _ next: Value) -> U
    ) -> Signal<U> {
        Signal<U>.defer {
            AggregateSignal(source: self, start: startFactory()) { running, next, _ in reduce(running, next) }
        }.named("[\(name)] -aggregateWithStartFactory:reduce:")
    }

    /// Sends one array of every value once this signal completes, then completes (RAC's
    /// `-collect`); an empty signal sends one empty array. An error is forwarded at once.
    /// Sends the array and completes on the thread that delivered this signal's completion.
    public func collect() -> Signal<[Value]> {
        CollectSignal(source: self).named("[\(name)] -collect")
    }
}

final class AggregateSignal<Value, U>: Signal<U>, @unchecked Sendable {
    private let source: Signal<Value>
    private let start: U
    private let reduce: (U, Value, Int) -> U

    init(source: Signal<Value>, start: U, reduce: @escaping (U, Value, Int) -> U) {
        self.source = source
        self.start = start
        self.reduce = reduce
    }

    override func subscribe(_ subscriber: some Subscriber<U>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        source.subscribe(AggregateSink(downstream: subscriber, start: start, reduce: reduce, outer: disposable))
        return disposable
    }
}

final class AggregateSink<Value, U>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<U>
    private var running: U
    private var index = 0
    private let reduce: (U, Value, Int) -> U
    private let outer: CompoundDisposable

    init(downstream: some Subscriber<U>, start: U, reduce: @escaping (U, Value, Int) -> U,
         outer: CompoundDisposable) {
        self.downstream = downstream
        self.running = start
        self.reduce = reduce
        self.outer = outer
    }

    func didSubscribe(with disposable: CompoundDisposable) { outer.add(disposable) }

    func sendNext(_ value: Value) {
        running = reduce(running, value, index)
        index += 1
    }

    func sendError(_ error: any Error) {
        outer.dispose()
        downstream.sendError(error)
    }

    func sendCompleted() {
        sendFinalValue(running, to: downstream, ending: outer)
    }
}

final class CollectSignal<Value>: Signal<[Value]>, @unchecked Sendable {
    private let source: Signal<Value>

    init(source: Signal<Value>) {
        self.source = source
    }

    override func subscribe(_ subscriber: some Subscriber<[Value]>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        source.subscribe(CollectSink(downstream: subscriber, outer: disposable))
        return disposable
    }
}

/// Appends in place: a `reduce` closure would copy the array for every value.
final class CollectSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<[Value]>
    private var values: [Value] = []
    private let outer: CompoundDisposable

    init(downstream: some Subscriber<[Value]>, outer: CompoundDisposable) {
        self.downstream = downstream
        self.outer = outer
    }

    func didSubscribe(with disposable: CompoundDisposable) { outer.add(disposable) }

    func sendNext(_ value: Value) { values.append(value) }

    func sendError(_ error: any Error) {
        values = []
        outer.dispose()
        downstream.sendError(error)
    }

    func sendCompleted() {
        let collected = values
        values = []
        sendFinalValue(collected, to: downstream, ending: outer)
    }
}
