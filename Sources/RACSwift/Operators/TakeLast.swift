extension Signal {
    /// Sends the last `count` values, and only once this signal completes, then completes
    /// (RAC's `-takeLast:`). An error is forwarded at once and the buffered values are
    /// dropped. `count` 0 sends no values.
    /// Sends the values and completes on the thread that delivered this signal's completion.
    @inlinable
    public func takeLast(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "Signal.takeLast(_:): count must not be negative, got \(count)")
        return LiftedSignal(self, count) { TakeLastSink(downstream: $0, count: $1, disposable: $2) }
            .named("[\(name)] -takeLast: \(count)")
    }
}

/// Owns its subscription: the source's is already disposed when the buffered values go out,
/// and a subscriber that disposes while they do must stop them.
@usableFromInline
final class TakeLastSink<Value>: SerialOutputPoint<Value>, Subscriber, @unchecked Sendable {
    private let count: Int
    // A ring rather than a `FIFO`: see `RingBuffer` (takeLast: 3,500 → see Benchmarks/HISTORY.md,
    // "Operators that looked up metadata per value").
    private let buffer = RingBuffer<Value>()

    @usableFromInline
    init(downstream: some Subscriber<Value>, count: Int, disposable: CompoundDisposable) {
        self.count = count
        super.init(downstream: downstream, disposable: disposable)
    }

    @usableFromInline func sendNext(_ value: Value) {
        guard count > 0 else { return }
        if buffer.count == count { buffer.removeFirst() }
        buffer.append(value)
    }

    @usableFromInline func sendError(_ error: any Error) {
        buffer.removeAll()
        finish(error: error)
    }

    @usableFromInline func sendCompleted() {
        while !buffer.isEmpty {
            guard isOpen else {
                buffer.removeAll()
                return
            }
            send(buffer.removeFirst())
        }
        finish(error: nil)
    }
}
