extension Signal {
    /// Drops every value and forwards only the terminal event (RAC's `-ignoreValues`).
    public func ignoreValues() -> Signal<Value> {
        ignoringValues().named("[\(name)] -ignoreValues")
    }

    /// `ignoreValues` with any output type, since it sends no values (`then` uses that).
    func ignoringValues<U>() -> Signal<U> {
        LiftedSignal(self, ()) { downstream, _ in IgnoreValuesSink<Value, U>(downstream: downstream) }
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
