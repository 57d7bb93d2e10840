extension Signal {
    /// Sends the last `count` values, and only once this signal completes, then completes
    /// (RAC's `-takeLast:`). An error is forwarded at once and the buffered values are
    /// dropped. `count` 0 sends no values.
    public func takeLast(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "Signal.takeLast(_:): count must not be negative, got \(count)")
        return LiftedSignal(self, count) { TakeLastSink(downstream: $0, count: $1, outer: $2) }
            .named("[\(name)] -takeLast: \(count)")
    }
}

final class TakeLastSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let count: Int
    private let outer: CompoundDisposable
    private var buffer = FIFO<Value>()

    init(downstream: some Subscriber<Value>, count: Int, outer: CompoundDisposable) {
        self.downstream = downstream
        self.count = count
        self.outer = outer
    }

    func didSubscribe(with disposable: CompoundDisposable) { outer.add(disposable) }

    func sendNext(_ value: Value) {
        guard count > 0 else { return }
        if buffer.count == count { buffer.removeFirst() }
        buffer.append(value)
    }

    func sendError(_ error: any Error) {
        buffer.removeAll()
        outer.dispose()
        downstream.sendError(error)
    }

    func sendCompleted() {
        while !buffer.isEmpty {
            if outer.isDisposed {
                buffer.removeAll()
                return
            }
            downstream.sendNext(buffer.removeFirst())
        }
        if outer.isDisposed { return }
        outer.dispose()
        downstream.sendCompleted()
    }
}
