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
    // (W30, Benchmarks/HISTORY.md, "Issue 28f").
    @inlinable
    public func sample<U>(_ sampler: Signal<U>) -> Signal<Value> {
        OperatorSignal((self, sampler)) { subscriber, inputs in
            let sink = SampleSink<Value, Value?>(downstream: subscriber)
            subscriber.didSubscribe(with: sink.disposable)
            // RAC's order: the source first, so a synchronous source's value is there to
            // sample. The sampler too when the source ended the result while being
            // subscribed: RAC subscribes it, and the subscription is disposed at once.
            inputs.0.subscribe(SampleSourceInput(sink))
            inputs.1.subscribe(SamplerInput<Value, Value?, U>(sink))
            return sink.disposable
        }.named("[\(name)] -sample: \(sampler)")
    }
}

/// The latest value and the output, under one lock (`OutputPoint`). `Slot` is `Value?`, named
/// by the inlinable operator (see `LatestValueSlot`).
@usableFromInline
final class SampleSink<Value, Slot: LatestValueSlot>: OutputPoint<Value>, @unchecked Sendable
where Slot.Element == Value {
    // Guarded by `lock`.
    private var latest = Slot.empty
    private var hasValue = false

    func store(_ value: Value) {
        serialize {
            latest = Slot(holding: value)
            hasValue = true
        }
    }

    func sendLatest() {
        serialize {
            // `latest` is set whenever `hasValue` is; Value may itself be optional.
            guard hasValue else { return }
            send(latest.value)
        }
    }

    func terminate(_ event: Event<Never>) {
        serialize {
            if finish(error: event.error) { latest = .empty }
        }
    }
}

@usableFromInline
final class SampleSourceInput<Value, Slot: LatestValueSlot>: OutputPointInput<Value, SampleSink<Value, Slot>>, Subscriber,
    @unchecked Sendable where Slot.Element == Value {
    @usableFromInline func sendNext(_ value: Value) { sink.store(value) }
    @usableFromInline func sendError(_ error: any Error) { sink.terminate(.error(error)) }
    @usableFromInline func sendCompleted() { sink.terminate(.completed) }
}

@usableFromInline
final class SamplerInput<Value, Slot: LatestValueSlot, U>: OutputPointInput<Value, SampleSink<Value, Slot>>, Subscriber,
    @unchecked Sendable where Slot.Element == Value {
    @usableFromInline func sendNext(_ value: U) { sink.sendLatest() }
    @usableFromInline func sendError(_ error: any Error) { sink.terminate(.error(error)) }
    @usableFromInline func sendCompleted() { sink.terminate(.completed) }
}
