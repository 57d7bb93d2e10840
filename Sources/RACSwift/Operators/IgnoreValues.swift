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
    public func ignoreValues() -> Signal<Value> {
        IgnoreValuesSignal(source: self).named("[\(name)] -ignoreValues")
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
    public func ignoreValues<U>() -> Signal<U> {
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
