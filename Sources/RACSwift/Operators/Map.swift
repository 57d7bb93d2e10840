extension Signal {
    /// Sends `transform(value)` for each value (RAC's `-map:`). Terminal events pass through.
    // Inlinable so the caller builds the MapSignal with its own cached type metadata instead of
    // a runtime lookup per call (W6 builds and subscribes a chain per cycle).
    // `consuming`: a source built in the same expression (`Signal.return(x).map(f)`) moves into
    // the MapSignal instead of being retained for it and released after.
    @inlinable
    public consuming func map<U>(_ transform: consuming @escaping @Sendable (Value) -> U) -> Signal<U> {
        let signal = MapSignal(source: self, transform: transform)
        return signal.named("[\(signal.sourceName)] -map:")
    }

    /// Sends `value` in place of each value (RAC's `-mapReplace:`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    public func mapReplace<U>(_ value: U) -> Signal<U> {
        MapSignal(source: self, transform: { _ in value }).named("[\(name)] -mapReplace: \(value)")
    }
}

@usableFromInline
final class MapSignal<Source, Value>: Signal<Value>, @unchecked Sendable {
    @usableFromInline
    typealias MakeSink = (any Subscriber<Value>, @escaping (Source) -> Value) -> any Subscriber<Source>

    private let source: Signal<Source>
    private let transform: (Source) -> Value
    // Formed where `map` is inlined, so that building a sink uses the caller's cached metadata
    // for its concrete `MapSink<Source, Value>`; built by this generic (unspecialized) class,
    // every subscription would look the type up in the runtime's metadata table and
    // instantiate its conformance, about a third of a cold subscribe-and-dispose cycle (W6).
    private let makeSink: MakeSink

    @usableFromInline
    init(source: Signal<Source>, transform: @escaping (Source) -> Value, makeSink: @escaping MakeSink) {
        self.source = source
        self.transform = transform
        self.makeSink = makeSink
    }

    @inlinable
    convenience init(source: Signal<Source>, transform: @escaping (Source) -> Value) {
        self.init(source: source, transform: transform) { MapSink(downstream: $0, transform: $1) }
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        source.subscribe(makeSink(subscriber, transform))
    }

    /// For the debug name.
    @usableFromInline
    var sourceName: String { source.name }
}

/// Stateless: no lock (the source serializes) and no disposable of its own (the source's
/// subscription is the whole subscription).
@usableFromInline
final class MapSink<Source, Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let transform: (Source) -> Value

    @usableFromInline
    init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value) {
        self.downstream = downstream
        self.transform = transform
    }

    @inline(__always) @usableFromInline
    func sendNext(_ value: Source) { downstream.sendNext(transform(value)) }
    @usableFromInline func sendError(_ error: any Error) { downstream.sendError(error) }
    @usableFromInline func sendCompleted() { downstream.sendCompleted() }
    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
