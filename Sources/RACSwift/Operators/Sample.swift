extension Signal {
    /// Sends the latest value of this signal each time `sampler` sends (RAC's `-sample:`).
    ///
    /// ```
    /// self:     -a--b-|
    /// sampler:  --s--s--|
    /// sample:   --a--b|
    /// ```
    ///
    /// Nothing is sent for sampler values that arrive before this signal's first value; the
    /// same latest value is sent again for every sampler value until a newer one replaces it.
    /// Completes when either signal completes, and fails when either fails; the other is
    /// disposed first.
    /// Each value goes out on the thread that delivered `sampler`'s value.
    // The latest value's slot, `Value?`, is named here as a type parameter of the sink (see
    // `LatestValueSlot`): written in the sink's generic code, it was looked up at every value
    // (W30, Benchmarks/HISTORY.md, "Issue 28f"). Its store and its read are written here too,
    // in the caller's types: in the sink's generic code each was a few `Optional` value-witness
    // calls (W30, Benchmarks/HISTORY.md, "Issue 37: the per-event workloads").
    @inlinable
    public func sample<U>(_ sampler: Signal<U>) -> Signal<Value> {
        OperatorSignal((self, sampler)) { subscriber, inputs in
            let sink = SampleSink<Value, Value?>(
                downstream: subscriber,
                keep: { sink, value in
                    sink.latest = value
                    sink.hasValue = true
                },
                // Called only once `hasValue` is set, so `latest` holds a value.
                sendKept: { sink in sink.sendKept(sink.latest.uncheckedValue) })
            subscriber.didSubscribe(with: sink.disposable)
            // RAC's order: the source first, so a synchronous source's value is there to
            // sample. The sampler too when the source ended the result while being
            // subscribed: RAC subscribes it, and the subscription is disposed as soon as it
            // returns. Both join the subscription then, the sampler first: RAC's block
            // disposes the sampler, then the source (RACSignal+Operations.m:1234-1237).
            let source = inputs.0.subscribe(SampleSourceInput(sink))
            let sampler = inputs.1.subscribe(SamplerInput<Value, Value?, U>(sink))
            sink.disposable.add(sampler)
            sink.disposable.add(source)
            return sink.disposable
        }.named("[\(name)] -sample: \(sampler)")
    }
}

/// The latest value and the output, under one lock (`OutputPoint`). `Slot` is `Value?`, named
/// by the inlinable operator (see `LatestValueSlot`), which also forms `keep` and `sendKept`,
/// the per-value steps that touch the slot, in the caller's types.
@usableFromInline
final class SampleSink<Value, Slot: LatestValueSlot>: OutputPoint<Value>, @unchecked Sendable
where Slot.Element == Value {
    @usableFromInline typealias Keep = (SampleSink, Value) -> Void
    @usableFromInline typealias SendKept = (SampleSink) -> Void
    /// Stores a source value as the latest. Called under `lock`.
    private let keep: Keep
    /// Sends the latest value (there is one). Called under `lock`.
    private let sendKept: SendKept
    // Guarded by `lock`.
    // Unchecked, measured: the optimizer keeps their dynamic checks (`swift_beginAccess` per
    // store and per read); W30 567.7 → 461.2 instructions per event once unchecked
    // (Benchmarks/HISTORY.md, "Issue 37: the per-event workloads").
    @exclusivity(unchecked) @usableFromInline var hasValue = false
    /// The source's subscription, set before any event of either input; a sampler's terminal
    /// event disposes it first, as RAC's does (it joins the subscription only once the
    /// sampler is subscribed).
    private var sourceSubscription: CompoundDisposable?
    // Guarded by `lock`; unchecked for the reason `hasValue` is. Last: a field of generic type
    // has a size known only at run time, so the fields after it would sit at offsets read from
    // the metadata on every access (`hasValue`, per event).
    @exclusivity(unchecked) @usableFromInline var latest = Slot.empty

    @usableFromInline
    init(downstream: some Subscriber<Value>, keep: @escaping Keep, sendKept: @escaping SendKept) {
        self.keep = keep
        self.sendKept = sendKept
        super.init(downstream: downstream)
    }

    func sourceDidSubscribe(with subscription: CompoundDisposable) {
        sourceSubscription = subscription
    }

    // Always inlined, as `sendLatest` is, into the input's `sendNext`, itself inlined into its
    // witness: one function per event instead of three (W30, Benchmarks/HISTORY.md, "Issue 37:
    // the workloads on the 2 × line, fifth pass").
    @inline(__always)
    func store(_ value: Value) {
        // The lock alone, not `serialize`: storing sends nothing and claims no termination, so
        // there is no delivery depth to count and no pending end to carry out (W30,
        // Benchmarks/HISTORY.md, "Issue 37: the per-event workloads").
        lock.withLock { keep(self, value) }
    }

    @inline(__always)
    func sendLatest() {
        serialize {
            // `latest` is set whenever `hasValue` is; Value may itself be optional.
            guard hasValue else { return }
            sendKept(self)
        }
    }

    /// `sendKept`'s way out: the latest value, read in the caller's types.
    @usableFromInline final func sendKept(_ value: Value) {
        send(value)
    }

    func terminate(_ event: Event<Never>) {
        serialize {
            if finish(error: event.error) { latest = .empty }
        }
    }

    /// The sampler's error or completion: RAC disposes the source, then sends it.
    func samplerTerminated(_ event: Event<Never>) {
        serialize {
            if isOpen { sourceSubscription?.dispose() }
            if finish(error: event.error) { latest = .empty }
        }
    }
}

@usableFromInline
final class SampleSourceInput<Value, Slot: LatestValueSlot>: OutputPointInput<Value, SampleSink<Value, Slot>>, Subscriber,
    @unchecked Sendable where Slot.Element == Value {
    // The subscription joins the output's when the operator's body has subscribed both.
    @usableFromInline override func didSubscribe(with disposable: CompoundDisposable) {
        sink.sourceDidSubscribe(with: disposable)
    }
    @usableFromInline @inline(__always) func sendNext(_ value: Value) { sink.store(value) }
    @usableFromInline func sendError(_ error: any Error) { sink.terminate(.error(error)) }
    @usableFromInline func sendCompleted() { sink.terminate(.completed) }
}

@usableFromInline
final class SamplerInput<Value, Slot: LatestValueSlot, U>: OutputPointInput<Value, SampleSink<Value, Slot>>, Subscriber,
    @unchecked Sendable where Slot.Element == Value {
    // The subscription joins the output's when the operator's body has subscribed both.
    @usableFromInline override func didSubscribe(with disposable: CompoundDisposable) {}
    @usableFromInline @inline(__always) func sendNext(_ value: U) { sink.sendLatest() }
    @usableFromInline func sendError(_ error: any Error) { sink.samplerTerminated(.error(error)) }
    @usableFromInline func sendCompleted() { sink.samplerTerminated(.completed) }
}
