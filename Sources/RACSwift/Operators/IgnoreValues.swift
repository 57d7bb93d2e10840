extension Signal {
    /// Drops every value and forwards only the terminal event (RAC's `-ignoreValues`):
    /// completes when this signal completes, fails when it fails, on the thread that sent the
    /// terminal event.
    ///
    /// ```
    /// self:          -a-b-c-|
    /// ignoreValues:  -------|
    /// ```
    ///
    /// Keeps `Value` when nothing asks for another type; the generic `ignoreValues<U>()` gives a result of
    /// any value type.
    @inlinable
    public func ignoreValues() -> Signal<Value> {
        ignoringValues().named("[\(name)] -ignoreValues")
    }

    /// `ignoreValues` with any output type, since it sends no values (`then` uses that).
    @inlinable
    func ignoringValues<U>() -> Signal<U> {
        LiftedSignal(self, ()) { downstream, _ in IgnoreValuesSink<Value, U>(downstream: downstream) }
    }

    /// Like the non-generic `ignoreValues()`, but the result is a signal of any value type,
    /// chosen by the context: since it sends no values, it fits wherever a `Signal<U>` is
    /// wanted — RAC's `[[signal ignoreValues] catch:…]` returning a signal of another type, or
    /// `Signal.merge` of signals of different types.
    /// Terminates and delivers as `ignoreValues()` does: the terminal event on the thread that
    /// sent it.
    ///
    /// ```swift
    /// let saved: Signal<String> = save.ignoreValues().catch { _ in Signal.return("offline") }
    /// ```
    @inlinable
    public func ignoreValues<U>() -> Signal<U> {
        ignoringValues().named("[\(name)] -ignoreValues")
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
