extension Signal {
    /// Sends only the values for which `isIncluded` returns true (RAC's `-filter:`). Terminal
    /// events pass through.
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value> {
        FilterSignal(source: self, isIncluded: isIncluded).named("[\(name)] -filter:")
    }
}

final class FilterSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let isIncluded: (Value) -> Bool

    init(source: Signal<Value>, isIncluded: @escaping (Value) -> Bool) {
        self.source = source
        self.isIncluded = isIncluded
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        source.subscribe(FilterSink(downstream: subscriber, isIncluded: isIncluded))
    }
}

final class FilterSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let isIncluded: (Value) -> Bool

    init(downstream: some Subscriber<Value>, isIncluded: @escaping (Value) -> Bool) {
        self.downstream = downstream
        self.isIncluded = isIncluded
    }

    @inline(__always) func sendNext(_ value: Value) {
        if isIncluded(value) { downstream.sendNext(value) }
    }

    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
