extension Signal {
    /// Drops the first `count` values and sends the rest (RAC's `-skip:`). Terminal events
    /// pass through.
    /// Delivers on the thread that sent the source's event.
    public func skip(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "Signal.skip(_:): count must not be negative, got \(count)")
        return SkipSignal(source: self, count: count).named("[\(name)] -skip: \(count)")
    }

    /// Drops values while `predicate` returns true, then sends the first value for which it
    /// returns false and every value after it, without asking again (RAC's
    /// `-skipWhileBlock:`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    public func skip(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        SkipUntilSignal(source: self, predicate: predicate, startsWhen: false)
            .named("[\(name)] -skipWhileBlock:")
    }

    /// Drops values until `predicate` returns true, then sends that value and every value
    /// after it, without asking again (RAC's `-skipUntilBlock:`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    public func skip(until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        SkipUntilSignal(source: self, predicate: predicate, startsWhen: true)
            .named("[\(name)] -skipUntilBlock:")
    }
}

final class SkipSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let count: Int

    init(source: Signal<Value>, count: Int) {
        self.source = source
        self.count = count
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        source.subscribe(SkipSink(downstream: subscriber, count: count))
    }
}

final class SkipSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private var remaining: Int

    init(downstream: some Subscriber<Value>, count: Int) {
        self.downstream = downstream
        self.remaining = count
    }

    @inline(__always) func sendNext(_ value: Value) {
        if remaining > 0 {
            remaining -= 1
        } else {
            downstream.sendNext(value)
        }
    }

    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}

final class SkipUntilSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let predicate: (Value) -> Bool
    private let startsWhen: Bool

    init(source: Signal<Value>, predicate: @escaping (Value) -> Bool, startsWhen: Bool) {
        self.source = source
        self.predicate = predicate
        self.startsWhen = startsWhen
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        source.subscribe(SkipUntilSink(downstream: subscriber, predicate: predicate, startsWhen: startsWhen))
    }
}

/// `skip(until:)` starts sending when the predicate is true, `skip(while:)` when it is false.
final class SkipUntilSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let predicate: (Value) -> Bool
    private let startsWhen: Bool
    private var isSkipping = true

    init(downstream: some Subscriber<Value>, predicate: @escaping (Value) -> Bool, startsWhen: Bool) {
        self.downstream = downstream
        self.predicate = predicate
        self.startsWhen = startsWhen
    }

    func sendNext(_ value: Value) {
        if isSkipping {
            guard predicate(value) == startsWhen else { return }
            isSkipping = false
        }
        downstream.sendNext(value)
    }

    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
