extension Signal {
    /// Sends each event of this signal as a value: `.next(value)`, then `.error(error)` or
    /// `.completed`, after which the result completes (RAC's `-materialize`). The result never
    /// fails.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func materialize() -> Signal<Event<Value>> {
        LiftedSignal(self, ()) { downstream, _, subscription in MaterializeSink(downstream: downstream, disposable: subscription) }
            .named("[\(name)] -materialize")
    }

    /// The inverse of `materialize()`: sends the value of each `.next` event, fails with the
    /// error of an `.error` event, completes at a `.completed` event (RAC's `-dematerialize`).
    /// A terminal event value stops this signal. This signal's own error is forwarded; its
    /// completion completes the result.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func dematerialize<T>() -> Signal<T> where Value == Event<T> {
        LiftedSignal(self, ()) { downstream, _ in DematerializeSink(downstream: downstream) }
            .named("[\(name)] -dematerialize")
    }
}

/// Owns its disposable: the source's is already disposed when the terminal event's value
/// goes out, and the completion after it must still see a downstream disposal.
@usableFromInline
final class MaterializeSink<Value>: SerialOutputPoint<Event<Value>>, Subscriber, @unchecked Sendable {
    @usableFromInline func sendNext(_ value: Value) { send(.next(value)) }
    @usableFromInline func sendError(_ error: any Error) { finish(sending: .error(error)) }
    @usableFromInline func sendCompleted() { finish(sending: .completed) }
}

/// A terminal event value stops the source (`EarlyStoppingSink`).
@usableFromInline
final class DematerializeSink<Value>: EarlyStoppingSink<Value>, Subscriber, @unchecked Sendable {
    @usableFromInline func sendNext(_ event: Event<Value>) {
        guard !isDone else { return }
        switch event {
        case .next(let value):
            downstream.sendNext(value)
        case .error(let error):
            stop(error: error)
        case .completed:
            stop(error: nil)
        }
    }
}
