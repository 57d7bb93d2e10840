extension Signal {
    /// Sends a running accumulation: `reduce(running, value)` for each value, starting from
    /// `start` (RAC's `-scanWithStart:reduce:`). Each subscription starts again from `start`.
    /// Terminal events pass through.
    public func scan<U>(withStart start: U, reduce: @escaping (_ running: U, _ next: Value) -> U) -> Signal<U> {
        ScanSignal(source: self, start: start, reduce: .plain(reduce))
            .named("[\(name)] -scanWithStart: \(start) reduce:")
    }

    /// Like `scan(withStart:reduce:)`, also passing the zero-based index of each value (RAC's
    /// `-scanWithStart:reduceWithIndex:`). Each subscription starts again from `start` and
    /// index 0.
    public func scan<U>(
        withStart start: U, reduceWithIndex reduce: @escaping (_ running: U, _ next: Value, _ index: Int) -> U
    ) -> Signal<U> {
        ScanSignal(source: self, start: start, reduce: .indexed(reduce))
            .named("[\(name)] -scanWithStart: \(start) reduceWithIndex:")
    }
}

/// A scan's reducer, in the two forms the sink calls directly: the plain form is called
/// without an index-dropping wrapper (one closure call less per value). One of the two is a
/// placeholder, as `isIndexed` says; both are plain closures (not optionals or enum
/// payloads, which a call would copy) made once per `scan` call, not per subscription.
struct ScanReducer<Value, U> {
    let reduce: (U, Value) -> U
    let reduceWithIndex: (U, Value, Int) -> U
    let isIndexed: Bool

    static func plain(_ reduce: @escaping (U, Value) -> U) -> ScanReducer {
        ScanReducer(reduce: reduce, reduceWithIndex: { running, _, _ in running }, isIndexed: false)
    }

    static func indexed(_ reduce: @escaping (U, Value, Int) -> U) -> ScanReducer {
        ScanReducer(reduce: { running, _ in running }, reduceWithIndex: reduce, isIndexed: true)
    }
}

final class ScanSignal<Value, U>: Signal<U>, @unchecked Sendable {
    private let source: Signal<Value>
    private let start: U
    private let reducer: ScanReducer<Value, U>

    init(source: Signal<Value>, start: U, reduce: ScanReducer<Value, U>) {
        self.source = source
        self.start = start
        self.reducer = reduce
    }

    override func subscribe(_ subscriber: some Subscriber<U>) -> Disposable {
        source.subscribe(ScanSink(downstream: subscriber, start: start, reducer: reducer))
    }
}

/// The accumulator and index live in the sink, so each subscription starts fresh.
final class ScanSink<Value, U>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<U>
    private let reduce: (U, Value) -> U
    private let reduceWithIndex: (U, Value, Int) -> U
    private let isIndexed: Bool
    // Serialized by the source; exclusivity is unchecked because the dynamic check costs
    // more than the reduction itself.
    @exclusivity(unchecked) private var running: U
    @exclusivity(unchecked) private var index = 0

    init(downstream: some Subscriber<U>, start: U, reducer: ScanReducer<Value, U>) {
        self.downstream = downstream
        self.running = start
        self.reduce = reducer.reduce
        self.reduceWithIndex = reducer.reduceWithIndex
        self.isIndexed = reducer.isIndexed
    }

    @inline(__always) func sendNext(_ value: Value) {
        // Sending the local rather than `running` spares a copy of it in generic code.
        let next: U
        if isIndexed {
            next = reduceWithIndex(running, value, index)
            index += 1
        } else {
            next = reduce(running, value)
        }
        running = next
        downstream.sendNext(next)
    }

    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
