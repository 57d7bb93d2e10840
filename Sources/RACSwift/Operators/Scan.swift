extension Signal {
    /// Sends a running accumulation: `reduce(running, value)` for each value, starting from
    /// `start` (RAC's `-scanWithStart:reduce:`). Each subscription starts again from `start`.
    /// Terminal events pass through.
    public func scan<U>(withStart start: U, reduce: @escaping (_ running: U, _ next: Value) -> U) -> Signal<U> {
        ScanSignal(source: self, start: start) { running, next, _ in reduce(running, next) }
            .named("[\(name)] -scanWithStart: \(start) reduce:")
    }

    /// Like `scan(withStart:reduce:)`, also passing the zero-based index of each value (RAC's
    /// `-scanWithStart:reduceWithIndex:`). Each subscription starts again from `start` and
    /// index 0.
    public func scan<U>(
        withStart start: U, reduceWithIndex reduce: @escaping (_ running: U, _ next: Value, _ index: Int) -> U
    ) -> Signal<U> {
        ScanSignal(source: self, start: start, reduce: reduce)
            .named("[\(name)] -scanWithStart: \(start) reduceWithIndex:")
    }
}

final class ScanSignal<Value, U>: Signal<U>, @unchecked Sendable {
    private let source: Signal<Value>
    private let start: U
    private let reduce: (U, Value, Int) -> U

    init(source: Signal<Value>, start: U, reduce: @escaping (U, Value, Int) -> U) {
        self.source = source
        self.start = start
        self.reduce = reduce
    }

    override func subscribe(_ subscriber: some Subscriber<U>) -> Disposable {
        source.subscribe(ScanSink(downstream: subscriber, start: start, reduce: reduce))
    }
}

/// The accumulator and index live in the sink, so each subscription starts fresh.
final class ScanSink<Value, U>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<U>
    private let reduce: (U, Value, Int) -> U
    private var running: U
    private var index = 0

    init(downstream: some Subscriber<U>, start: U, reduce: @escaping (U, Value, Int) -> U) {
        self.downstream = downstream
        self.running = start
        self.reduce = reduce
    }

    func sendNext(_ value: Value) {
        running = reduce(running, value, index)
        index += 1
        downstream.sendNext(running)
    }

    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
