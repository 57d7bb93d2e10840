extension Signal {
    /// Sends `transform(value)` for each value (RAC's `-map:`). Terminal events pass through.
    // Inlinable so the caller builds the MapSignal with its own cached type metadata instead of
    // a runtime lookup per call (W6 builds and subscribes a chain per cycle).
    @inlinable
    public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U> {
        MapSignal(source: self, transform: transform).named("[\(name)] -map:")
    }

    /// Sends `value` in place of each value (RAC's `-mapReplace:`). Terminal events pass through.
    public func mapReplace<U>(_ value: U) -> Signal<U> {
        MapSignal(source: self, transform: { _ in value }).named("[\(name)] -mapReplace: \(value)")
    }
}

@usableFromInline
final class MapSignal<Source, Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Source>
    private let transform: (Source) -> Value

    @usableFromInline
    init(source: Signal<Source>, transform: @escaping (Source) -> Value) {
        self.source = source
        self.transform = transform
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        source.subscribe(MapSink(downstream: subscriber, transform: transform))
    }
}

/// Stateless: no lock (the source serializes) and no disposable of its own (the source's
/// subscription is the whole subscription).
final class MapSink<Source, Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let transform: (Source) -> Value

    init(downstream: some Subscriber<Value>, transform: @escaping (Source) -> Value) {
        self.downstream = downstream
        self.transform = transform
    }

    @inline(__always) func sendNext(_ value: Source) { downstream.sendNext(transform(value)) }
    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
