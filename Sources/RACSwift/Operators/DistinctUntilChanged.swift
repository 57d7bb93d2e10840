extension Signal where Value: Equatable {
    /// Drops each value equal (`==`) to the one sent just before it (RAC's
    /// `-distinctUntilChanged`). The first value always goes through; for optional values
    /// `nil == nil`, as RAC treats two nils as equal. Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    public func distinctUntilChanged() -> Signal<Value> {
        DistinctUntilChangedSignal(source: self, isEqual: ==).named("[\(name)] -distinctUntilChanged")
    }
}

extension Signal {
    /// Drops each value that `isEqual` says equals the one sent just before it, for values
    /// that are not `Equatable` (RAC's `-distinctUntilChanged`, which compares with
    /// `isEqual:`). The first value always goes through. Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    public func distinctUntilChanged(by isEqual: @escaping @Sendable (Value, Value) -> Bool) -> Signal<Value> {
        DistinctUntilChangedSignal(source: self, isEqual: isEqual).named("[\(name)] -distinctUntilChanged")
    }
}

final class DistinctUntilChangedSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let isEqual: (Value, Value) -> Bool

    init(source: Signal<Value>, isEqual: @escaping (Value, Value) -> Bool) {
        self.source = source
        self.isEqual = isEqual
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        source.subscribe(DistinctUntilChangedSink(downstream: subscriber, isEqual: isEqual))
    }
}

final class DistinctUntilChangedSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let isEqual: (Value, Value) -> Bool
    // nil until the first value; for an optional `Value` a nil value is stored as `.some(nil)`.
    private var last: Value?

    init(downstream: some Subscriber<Value>, isEqual: @escaping (Value, Value) -> Bool) {
        self.downstream = downstream
        self.isEqual = isEqual
    }

    func sendNext(_ value: Value) {
        if let last, isEqual(last, value) { return }
        last = value
        downstream.sendNext(value)
    }

    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
