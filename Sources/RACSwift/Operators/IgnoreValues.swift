extension Signal {
    /// Drops every value and forwards only the terminal event (RAC's `-ignoreValues`).
    public func ignoreValues() -> Signal<Value> {
        IgnoreValuesSignal(source: self).named("[\(name)] -ignoreValues")
    }
}

/// Its output type is free because it sends no values (`then` uses that).
final class IgnoreValuesSignal<Source, Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Source>

    init(source: Signal<Source>) {
        self.source = source
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        source.subscribe(IgnoreValuesSink<Source, Value>(downstream: subscriber))
    }
}

final class IgnoreValuesSink<Source, Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>

    init(downstream: some Subscriber<Value>) {
        self.downstream = downstream
    }

    func sendNext(_ value: Source) {}
    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
