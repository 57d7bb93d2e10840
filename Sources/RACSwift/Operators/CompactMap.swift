extension Signal {
    /// Sends `transform(value)` for each value for which it is not nil, and drops the values it
    /// maps to nil. RAC 2 has no such operator (it is `-map:` then `-ignore:nil`, or
    /// `flattenMap:` returning `[RACSignal empty]`); this is Swift's `compactMap` and
    /// Combine's. Terminal events pass through, on the thread that sent them.
    // Inlinable, like `map` and `filter`, so the sink is built with the caller's type metadata;
    // one sink doing both steps, so a value costs one call and no allocation.
    @inlinable
    public func compactMap<U>(_ transform: @escaping @Sendable (Value) -> U?) -> Signal<U> {
        let signal = LiftedSignal(self, transform) { CompactMapSink(downstream: $0, transform: $1) }
        return signal.named("[\(signal.sourceName)] -compactMap:")
    }
}

// Stateless: no lock (the source serializes) and no disposable of its own; not a
// `ForwardingSink`, for the reason `MapSink` is not.
@usableFromInline
final class CompactMapSink<Source, Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let transform: (Source) -> Value?

    @usableFromInline
    init(downstream: any Subscriber<Value>, transform: @escaping (Source) -> Value?) {
        self.downstream = downstream
        self.transform = transform
    }

    @inline(__always) @usableFromInline
    func sendNext(_ value: Source) {
        if let transformed = transform(value) { downstream.sendNext(transformed) }
    }

    @usableFromInline func sendError(_ error: any Error) { downstream.sendError(error) }
    @usableFromInline func sendCompleted() { downstream.sendCompleted() }
    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
