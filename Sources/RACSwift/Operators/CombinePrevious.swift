extension Signal {
    /// Sends `reduce(previous, value)` for each value, where `previous` is the value before it
    /// — `start` for the first one (RAC's `-combinePreviousWithStart:reduce:`). Each
    /// subscription starts again from `start`. Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    public func combinePrevious<U>(
        withStart start: Value, reduce: @escaping @Sendable (_ previous: Value, _ next: Value) -> U
    ) -> Signal<U> {
        CombinePreviousSignal(source: self, start: start, reduce: reduce)
            .named("[\(name)] -combinePreviousWithStart: \(start) reduce:")
    }
}

final class CombinePreviousSignal<Value, U>: Signal<U>, @unchecked Sendable {
    private let source: Signal<Value>
    private let start: Value
    private let reduce: (Value, Value) -> U

    init(source: Signal<Value>, start: Value, reduce: @escaping (Value, Value) -> U) {
        self.source = source
        self.start = start
        self.reduce = reduce
    }

    override func subscribe(_ subscriber: some Subscriber<U>) -> Disposable {
        source.subscribe(CombinePreviousSink(downstream: subscriber, start: start, reduce: reduce))
    }
}

final class CombinePreviousSink<Value, U>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<U>
    private let reduce: (Value, Value) -> U
    private var previous: Value

    init(downstream: some Subscriber<U>, start: Value, reduce: @escaping (Value, Value) -> U) {
        self.downstream = downstream
        self.previous = start
        self.reduce = reduce
    }

    func sendNext(_ value: Value) {
        let combined = reduce(previous, value)
        previous = value
        downstream.sendNext(combined)
    }

    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
