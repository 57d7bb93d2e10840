extension Signal {
    /// Sends a running accumulation: `reduce(running, value)` for each value, starting from
    /// `start` (RAC's `-scanWithStart:reduce:`). Each subscription starts again from `start`.
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    // Inlinable so that `step`, the per-value work, is compiled in the caller's module,
    // specialized for its types: in the library's generic code every value would pass through
    // value-witness calls (copy, assign, destroy of the running value), over a third of a
    // value's cost in W7.
    @inlinable
    public func scan<U>(withStart start: U, reduce: @escaping @Sendable (_ running: U, _ next: Value) -> U) -> Signal<U> {
        let signal = ScanSignal(source: self, start: start) { sink, value in
            let next = reduce(sink.running, value)
            sink.running = next
            sink.downstream.sendNext(next)
        }
        return signal.named("[\(signal.sourceName)] -scanWithStart: \(start) reduce:")
    }

    /// Like `scan(withStart:reduce:)`, also passing the zero-based index of each value (RAC's
    /// `-scanWithStart:reduceWithIndex:`). Each subscription starts again from `start` and
    /// index 0.
    /// Terminal events pass through. Delivers on the thread that sent the source's event.
    @inlinable
    public func scan<U>(
        withStart start: U, reduceWithIndex reduce: @escaping @Sendable (_ running: U, _ next: Value, _ index: Int) -> U
    ) -> Signal<U> {
        let signal = ScanSignal(source: self, start: start) { sink, value in
            let next = reduce(sink.running, value, sink.index)
            sink.index += 1
            sink.running = next
            sink.downstream.sendNext(next)
        }
        return signal.named("[\(signal.sourceName)] -scanWithStart: \(start) reduceWithIndex:")
    }
}

@usableFromInline
final class ScanSignal<Value, U>: Signal<U>, @unchecked Sendable {
    /// One value's work: reduce into the sink's running value and send it. Made once per
    /// `scan` call, shared by its subscriptions; their state is the sink it is handed.
    @usableFromInline
    typealias Step = (ScanSink<Value, U>, Value) -> Void

    private let source: Signal<Value>
    private let start: U
    private let step: Step

    @usableFromInline
    init(source: Signal<Value>, start: U, step: @escaping Step) {
        self.source = source
        self.start = start
        self.step = step
    }

    override func subscribe(_ subscriber: some Subscriber<U>) -> Disposable {
        source.subscribe(ScanSink(downstream: subscriber, start: start, step: step))
    }

    /// For the debug name.
    @usableFromInline
    var sourceName: String { source.name }
}

/// The accumulator and index live in the sink, so each subscription starts fresh. The work
/// per value is `step`, formed where `scan` was called (see `scan(withStart:reduce:)`).
@usableFromInline
final class ScanSink<Value, U>: Sink, Subscriber, @unchecked Sendable {
    @usableFromInline let downstream: any Subscriber<U>
    private let step: ScanSignal<Value, U>.Step
    // Serialized by the source; exclusivity is unchecked because the dynamic check costs
    // more than the reduction itself.
    @usableFromInline @exclusivity(unchecked) var running: U
    @usableFromInline @exclusivity(unchecked) var index = 0

    init(downstream: some Subscriber<U>, start: U, step: @escaping ScanSignal<Value, U>.Step) {
        self.downstream = downstream
        self.running = start
        self.step = step
    }

    @usableFromInline
    func sendNext(_ value: Value) { step(self, value) }
    @usableFromInline func sendError(_ error: any Error) { downstream.sendError(error) }
    @usableFromInline func sendCompleted() { downstream.sendCompleted() }
    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
