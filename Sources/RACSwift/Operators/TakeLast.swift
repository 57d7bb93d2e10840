extension Signal {
    /// Sends the last `count` values, and only once this signal completes, then completes
    /// (RAC's `-takeLast:`). An error is forwarded at once and the buffered values are
    /// dropped. `count` 0 sends no values.
    /// Sends the values and completes on the thread that delivered this signal's completion.
    public func takeLast(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "Signal.takeLast(_:): count must not be negative, got \(count)")
        return TakeLastSignal(source: self, count: count).named("[\(name)] -takeLast: \(count)")
    }
}

final class TakeLastSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let count: Int

    init(source: Signal<Value>, count: Int) {
        self.source = source
        self.count = count
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        // Its own disposable: the source's is already disposed when the buffered values go
        // out, and a subscriber that disposes while they do must stop them.
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        source.subscribe(TakeLastSink(downstream: subscriber, count: count, outer: disposable))
        return disposable
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
