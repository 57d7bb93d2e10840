extension Signal {
    /// Sends only the values for which `isIncluded` returns true (RAC's `-filter:`). Terminal
    /// events pass through.
    // Inlinable and consuming for the reasons `map` is (Map/Map.swift): chains are often built
    // and subscribed per use, and filter is as common as map in them.
    @inlinable
    public consuming func filter(_ isIncluded: consuming @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        // `copy`: moving the consuming closure into a lifted signal's payload released it once too
        // often (Swift 6.3; the filter marble test crashed on a freed closure context).
        var source = consume self
        let predicate = copy isIncluded
        if FusibleMapSignal.fuse(&source, filter: predicate) {
            // The map's name is still the source's name here.
            return source.named("[\(source.name)] -filter:")
        }
        let signal = LiftedPredicateSignal(source, predicate) { FilterSink(downstream: $0, isIncluded: $1) }
        return signal.named("[\(signal.sourceName)] -filter:")
    }

    /// `filter` for the library's own operators, whose closures need not be `@Sendable`.
    @inlinable
    func filterInternally(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value> {
        LiftedPredicateSignal(self, isIncluded) { FilterSink(downstream: $0, isIncluded: $1) }
    }
}

@usableFromInline
final class FilterSink<Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    private let isIncluded: (Value) -> Bool

    @usableFromInline
    init(downstream: any Subscriber<Value>, isIncluded: @escaping (Value) -> Bool) {
        self.isIncluded = isIncluded
        super.init(downstream: downstream)
    }

    @inline(__always) @usableFromInline
    func sendNext(_ value: Value) {
        if isIncluded(value) { downstream.sendNext(value) }
    }
}
