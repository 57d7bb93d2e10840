extension Signal {
    /// Sends each event of this signal as a value: `.next(value)`, then `.error(error)` or
    /// `.completed`, after which the result completes (RAC's `-materialize`). The result never
    /// fails.
    /// Delivers on the thread that sent the source's event.
    // The events are formed here, in the caller's types: formed in the sink's generic code,
    // each `Event<Value>` looked its metadata up at run time (580 instructions per event; W29,
    // Benchmarks/HISTORY.md, "Issue 28f"). A value's event is sent from here too, so that it is
    // also destroyed in the caller's types, not through `Event`'s value witness (W29,
    // Benchmarks/HISTORY.md, "Issue 37: the per-event workloads").
    @inlinable
    public func materialize() -> Signal<Event<Value>> {
        LiftedSignal(self, ()) { downstream, _, subscription in
            MaterializeSink(
                downstream: downstream, disposable: subscription,
                next: { sink, value in sink.sendEvent(.next(value)) }, error: { .error($0) }, completed: .completed)
        }.named("[\(name)] -materialize")
    }

    /// The inverse of `materialize()`: sends the value of each `.next` event, fails with the
    /// error of an `.error` event, completes at a `.completed` event (RAC's `-dematerialize`).
    /// A terminal event value stops this signal. This signal's own error is forwarded; its
    /// completion completes the result.
    /// Delivers on the thread that sent the source's event.
    // The events are taken apart here, in the caller's types (see `materialize()`; 1,124
    // instructions per event in the sink's generic code).
    @inlinable
    public func dematerialize<T>() -> Signal<T> where Value == Event<T> {
        LiftedSignal(self, ()) { downstream, _ in
            DematerializeSink<T, Value>(downstream: downstream) { event, sink in
                switch event {
                case .next(let value): sink.sendValue(value)
                case .error(let error): sink.stop(error: error)
                case .completed: sink.stop(error: nil)
                }
            }
        }.named("[\(name)] -dematerialize")
    }
}

/// Owns its disposable: the source's is already disposed when the terminal event's value
/// goes out, and the completion after it must still see a downstream disposal. `Output` is
/// `Event<Value>`, named by `materialize()`, which also forms the events: so the sink's code
/// reads that type from its own metadata instead of looking it up per event.
@usableFromInline
final class MaterializeSink<Value, Output>: SerialOutputPoint<Output>, Subscriber, @unchecked Sendable {
    /// Forms a value's event and sends it (`sendEvent`).
    private let next: (MaterializeSink, Value) -> Void
    private let error: (any Error) -> Output
    private let completed: Output

    @usableFromInline
    init(
        downstream: any Subscriber<Output>, disposable: CompoundDisposable,
        next: @escaping (MaterializeSink, Value) -> Void, error: @escaping (any Error) -> Output, completed: Output
    ) {
        self.next = next
        self.error = error
        self.completed = completed
        super.init(downstream: downstream, disposable: disposable)
    }

    @usableFromInline func sendNext(_ value: Value) { next(self, value) }

    /// `next`'s way out.
    @usableFromInline final func sendEvent(_ event: Output) { send(event) }
    @usableFromInline func sendError(_ error: any Error) { finish(sending: self.error(error)) }
    @usableFromInline func sendCompleted() { finish(sending: completed) }
}

/// A terminal event value stops the source (`EarlyStoppingSink`). `Input` is `Event<Value>`,
/// named by `dematerialize()`, whose `takeApart` switches over each event in the caller's
/// types and calls back `sendValue` or `stop` (see `MaterializeSink`).
@usableFromInline
final class DematerializeSink<Value, Input>: EarlyStoppingSink<Value>, Subscriber, @unchecked Sendable {
    private let takeApart: (Input, DematerializeSink) -> Void

    @usableFromInline
    init(downstream: any Subscriber<Value>, takeApart: @escaping (Input, DematerializeSink) -> Void) {
        self.takeApart = takeApart
        super.init(downstream: downstream)
    }

    @usableFromInline func sendNext(_ event: Input) {
        guard !isDone else { return }
        takeApart(event, self)
    }

    /// A `.next` event's value.
    @usableFromInline func sendValue(_ value: Value) {
        downstream.sendNext(value)
    }
}
