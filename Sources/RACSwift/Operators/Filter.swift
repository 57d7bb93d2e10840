extension Signal {
    /// Sends only the values for which `isIncluded` returns true (RAC's `-filter:`). Terminal
    /// events pass through.
    // Inlinable and consuming for the reasons `map` is (Map.swift): chains are often built
    // and subscribed per use, and filter is as common as map in them.
    @inlinable
    public consuming func filter(_ isIncluded: consuming @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        let signal = FilterSignal(source: self, isIncluded: isIncluded)
        return signal.named("[\(signal.sourceName)] -filter:")
    }
}

@usableFromInline
final class FilterSignal<Value>: Signal<Value>, @unchecked Sendable {
    @usableFromInline
    typealias MakeSink = (any Subscriber<Value>, @escaping (Value) -> Bool) -> any Subscriber<Value>

    private let source: Signal<Value>
    private let isIncluded: (Value) -> Bool
    // Formed in the caller's specialized code: see `MapSignal.makeSink`.
    private let makeSink: MakeSink

    @usableFromInline
    init(source: Signal<Value>, isIncluded: @escaping (Value) -> Bool, makeSink: @escaping MakeSink) {
        self.source = source
        self.isIncluded = isIncluded
        self.makeSink = makeSink
    }

    @inlinable
    convenience init(source: Signal<Value>, isIncluded: @escaping (Value) -> Bool) {
        self.init(source: source, isIncluded: isIncluded) { FilterSink(downstream: $0, isIncluded: $1) }
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        source.subscribe(makeSink(subscriber, isIncluded))
    }

    /// For the debug name.
    @usableFromInline
    var sourceName: String { source.name }
}

@usableFromInline
final class FilterSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let isIncluded: (Value) -> Bool

    @usableFromInline
    init(downstream: any Subscriber<Value>, isIncluded: @escaping (Value) -> Bool) {
        self.downstream = downstream
        self.isIncluded = isIncluded
    }

    @inline(__always) @usableFromInline
    func sendNext(_ value: Value) {
        if isIncluded(value) { downstream.sendNext(value) }
    }

    @usableFromInline func sendError(_ error: any Error) { downstream.sendError(error) }
    @usableFromInline func sendCompleted() { downstream.sendCompleted() }
    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
