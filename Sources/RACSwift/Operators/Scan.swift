extension Signal {
    /// Sends a running accumulation: `reduce(running, value)` for each value, starting from
    /// `start` (RAC's `-scanWithStart:reduce:`). Each subscription starts again from `start`.
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    // Inlinable so that `step`, the per-value work, is compiled in the caller's module,
    // specialized for its types: in the library's generic code every value would pass through
    // value-witness calls (copy, assign, destroy of the running value), over a third of a
    // value's cost in W7. Always inlined, so that `step` is formed where the caller's closure
    // is: the optimizer then calls (or inlines) that closure itself, not the thunk that passes
    // it as `scan`'s generic parameter, through which each value went by memory (W7 120.9 ->
    // 106.9 instructions per value, Benchmarks/HISTORY.md, "Issue 37: the workloads on the
    // 2 × line, fifth pass").
    @inlinable @inline(__always)
    public func scan<U>(withStart start: U, reduce: @escaping @Sendable (_ running: U, _ next: Value) -> U) -> Signal<U> {
        let signal = ScanSink.lift(self, start: start) { sink, value in
            let next = reduce(sink.running, value)
            sink.running = next
            sink.downstream.sendNext(next)
        }
        if debugSignalNamesEnabled { nameScan(signal, start: start, "reduce:") }
        return signal
    }

    /// Like `scan(withStart:reduce:)`, also passing the zero-based index of each value (RAC's
    /// `-scanWithStart:reduceWithIndex:`). Each subscription starts again from `start` and
    /// index 0.
    /// Terminal events pass through. Delivers on the thread that sent the source's event.
    // Always inlined, as `scan(withStart:reduce:)` is.
    @inlinable @inline(__always)
    public func scan<U>(
        withStart start: U, reduceWithIndex reduce: @escaping @Sendable (_ running: U, _ next: Value, _ index: Int) -> U
    ) -> Signal<U> {
        let signal = ScanSink.lift(self, start: start) { sink, value in
            let next = reduce(sink.running, value, sink.index)
            sink.index += 1
            sink.running = next
            sink.downstream.sendNext(next)
        }
        if debugSignalNamesEnabled { nameScan(signal, start: start, "reduceWithIndex:") }
        return signal
    }
}

extension Signal {
    /// Names `signal`, a `scan` of this signal, as RAC does. Out of line, unlike `named`: the
    /// scans are always inlined, and the name's interpolation of `start` was then most of the
    /// code each one added to its caller (Benchmarks/codesize.sh).
    @usableFromInline
    func nameScan<U>(_ signal: Signal<U>, start: U, _ reduceLabel: String) {
        signal.name = "[\(name)] -scanWithStart: \(start) \(reduceLabel)"
    }
}

/// The accumulator and index live in the sink, so each subscription starts fresh. The work
/// per value is `step`, formed where `scan` was called (see `scan(withStart:reduce:)`).
@usableFromInline
final class ScanSink<Value, U>: ForwardingSink<U>, Subscriber, @unchecked Sendable {
    /// One value's work: reduce into the sink's running value and send it. Made once per
    /// `scan` call, shared by its subscriptions; their state is the sink it is handed.
    @usableFromInline
    typealias Step = (ScanSink<Value, U>, Value) -> Void

    private let step: Step
    // Serialized by the source; exclusivity is unchecked because the dynamic check costs
    // more than the reduction itself.
    // Unchecked, measured: the optimizer keeps its dynamic check; W7 +143 %, S2 +162 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) var running: U
    // Unchecked, measured: the optimizer keeps its dynamic check; W7 +143 %, S2 +162 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) var index = 0

    @usableFromInline
    init(downstream: any Subscriber<U>, start: U, step: @escaping Step) {
        self.running = start
        self.step = step
        super.init(downstream: downstream)
    }

    /// The signal of a `scan` with `step`, built in the caller's specialized code.
    @inlinable @inline(never)
    static func lift(_ source: Signal<Value>, start: U, step: @escaping Step) -> LiftedSignal<Value, U, Arguments> {
        LiftedSignal(source, Arguments(start: start, step: step)) {
            ScanSink(downstream: $0, start: $1.start, step: $1.step)
        }
    }

    /// The payload: a struct, so that `step` keeps the form of the sink's field (see
    /// `Predicate`, LiftedSignal.swift).
    @usableFromInline @frozen
    struct Arguments {
        @usableFromInline let start: U
        @usableFromInline let step: Step

        @inlinable
        init(start: U, step: @escaping Step) {
            self.start = start
            self.step = step
        }
    }

    // Always inlined into its witness, where the step is called from (as `NextSubscriber`'s
    // is): left to the optimizer, the witness only jumped here.
    @usableFromInline @inline(__always)
    func sendNext(_ value: Value) { step(self, value) }
}
