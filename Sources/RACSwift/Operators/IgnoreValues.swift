extension Signal {
    /// Drops every value and forwards only the terminal event (RAC's `-ignoreValues`).
    @inlinable
    public func ignoreValues() -> Signal<Value> {
        ignoringValues().named("[\(name)] -ignoreValues")
    }

    /// `ignoreValues` with any output type, since it sends no values (`then` uses that).
    @inlinable
    func ignoringValues<U>() -> Signal<U> {
        LiftedSignal(self, ()) { downstream, _ in IgnoreValuesSink<Value, U>(downstream: downstream) }
    }
}

@usableFromInline
final class IgnoreValuesSink<Source, Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>

    @usableFromInline
    init(downstream: some Subscriber<Value>) {
        self.downstream = downstream
    }

    @usableFromInline func sendNext(_ value: Source) {}
    @usableFromInline func sendError(_ error: any Error) { downstream.sendError(error) }
    @usableFromInline func sendCompleted() { downstream.sendCompleted() }
    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
