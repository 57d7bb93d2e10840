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
final class IgnoreValuesSink<Source, Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    @usableFromInline
    init(downstream: some Subscriber<Value>) {
        super.init(downstream: downstream)
    }

    @usableFromInline func sendNext(_ value: Source) {}
}
