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
    @inlinable
    public func sample<U>(_ sampler: Signal<U>) -> Signal<Value> {
        OperatorSignal((self, sampler)) { subscriber, inputs in
            let sink = SampleSink<Value>(downstream: subscriber)
            subscriber.didSubscribe(with: sink.disposable)
            // RAC's order: the source first, so a synchronous source's value is there to
            // sample. The sampler too when the source ended the result while being
            // subscribed: RAC subscribes it, and the subscription is disposed at once.
            inputs.0.subscribe(SampleSourceInput(sink))
            inputs.1.subscribe(SamplerInput<Value, U>(sink))
            return sink.disposable
        }.named("[\(name)] -sample: \(sampler)")
    }
}

/// The latest value and the output, under one lock (`OutputPoint`).
@usableFromInline
final class SampleSink<Value>: OutputPoint<Value>, @unchecked Sendable {
    // Guarded by `lock`.
    private var latest: Value?
    private var hasValue = false

    func store(_ value: Value) {
        serialize {
            latest = value
            hasValue = true
        }
    }

    func sendLatest() {
        serialize {
            // `latest` is set whenever `hasValue` is; Value may itself be optional.
            guard hasValue else { return }
            send(latest.unsafelyUnwrapped)
        }
    }

    func terminate(_ event: Event<Never>) {
        serialize {
            if finish(error: event.error) { latest = nil }
        }
    }
}

@usableFromInline
final class SampleSourceInput<Value>: OutputPointInput<Value, SampleSink<Value>>, Subscriber, @unchecked Sendable {
    @usableFromInline func sendNext(_ value: Value) { sink.store(value) }
    @usableFromInline func sendError(_ error: any Error) { sink.terminate(.error(error)) }
    @usableFromInline func sendCompleted() { sink.terminate(.completed) }
}

@usableFromInline
final class SamplerInput<Value, U>: OutputPointInput<Value, SampleSink<Value>>, Subscriber, @unchecked Sendable {
    @usableFromInline func sendNext(_ value: U) { sink.sendLatest() }
    @usableFromInline func sendError(_ error: any Error) { sink.terminate(.error(error)) }
    @usableFromInline func sendCompleted() { sink.terminate(.completed) }
}
