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
        MaterializeSignal(self) { downstream, subscription in
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
    // On `materialize()`'s own signal it builds one stage that passes the source's events
    // through (`MaterializedEventsSink`): what the two sinks together do, without forming each
    // event and taking it apart (W29, Benchmarks/HISTORY.md, "Issue 37: the workloads on the
    // 2 × line, fifth pass"). The materialized signal is left as it was, so it needs no rule
    // like map fusion's: whoever else holds it still subscribes it on its own.
    @inlinable
    public func dematerialize<T>() -> Signal<T> where Value == Event<T> {
        if let materialized = self as? MaterializeSignal<T> {
            return LiftedSignal(materialized.source, ()) { downstream, _, subscription in
                MaterializedEventsSink(downstream: downstream, disposable: subscription)
            }.named("[\(name)] -dematerialize")
        }
        return LiftedSignal(self, ()) { downstream, _ in
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

/// The signal of `materialize()`: a `LiftedSignal` that owns its subscription's compound, of
/// a class of its own so that `dematerialize()` can find the source it materializes.
@usableFromInline
final class MaterializeSignal<Source>: Signal<Event<Source>>, @unchecked Sendable {
    /// Builds the sink of a subscription whose compound, `subscription`, `downstream` has had.
    @usableFromInline
    typealias MakeSink = (_ downstream: any Subscriber<Event<Source>>, _ subscription: CompoundDisposable)
        -> any Subscriber<Source>

    /// The signal whose events are materialized.
    @usableFromInline let source: Signal<Source>
    private let makeSink: MakeSink

    /// `makeSink` is formed in `materialize()`'s caller, so that each sink is built with the
    /// caller's cached metadata (see `LiftedSignal`).
    @usableFromInline
    init(_ source: Signal<Source>, sink makeSink: @escaping MakeSink) {
        self.source = source
        self.makeSink = makeSink
    }

    override func subscribe(_ subscriber: some Subscriber<Event<Source>>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        source.subscribe(makeSink(subscriber, disposable))
        return disposable
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

/// `materialize().dematerialize()` as one stage: each event of the source as the two sinks
/// would pass it on. A value goes out unless a terminal event has (`DematerializeSink`'s
/// `isDone`, which only a source sending past its own end can reach); a terminal event goes
/// out unless the subscription is disposed (`MaterializeSink`'s check), after disposing it
/// (`DematerializeSink`'s `stop`), nested where it came, as both send it. `SerialOutputPoint`'s
/// rule, with its own fields: through that class's `send` a value paid a call of its own.
@usableFromInline
final class MaterializedEventsSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    /// The subscription (a `LiftedSignal` made it); the source's subscription joins it.
    private let disposable: CompoundDisposable
    // Set only by the source's terminal event: the source serializes.
    private var isDone = false

    @usableFromInline
    init(downstream: any Subscriber<Value>, disposable: CompoundDisposable) {
        self.downstream = downstream
        self.disposable = disposable
    }

    @usableFromInline func didSubscribe(with source: CompoundDisposable) {
        // A sink passed on to the signal whose subscription it is (see `SerialOutputPoint`).
        if source !== disposable { disposable.add(source) }
    }

    // Always inlined into its witness, which only jumped here (as `NextSubscriber`'s is).
    @usableFromInline @inline(__always)
    func sendNext(_ value: Value) {
        if !isDone { downstream.sendNext(value) }
    }

    @usableFromInline func sendError(_ error: any Error) {
        guard end() else { return }
        downstream.sendError(error)
    }

    @usableFromInline func sendCompleted() {
        guard end() else { return }
        downstream.sendCompleted()
    }

    /// For a terminal event: disposes the subscription and returns true, unless it was
    /// disposed already (then the event is dropped).
    private func end() -> Bool {
        if disposable.isDisposed { return false }
        isDone = true
        disposable.dispose()
        return true
    }
}
