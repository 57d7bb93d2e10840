extension Signal {
    /// Forwards this signal's events until `trigger` sends a value or completes, then
    /// completes (RAC's `-takeUntil:`).
    ///
    /// ```
    /// self:        -a-b-c|
    /// trigger:     ----t|
    /// take(until): -a-b|
    /// ```
    ///
    /// `trigger` is subscribed first; if it fires during its own subscription this signal is
    /// never subscribed. An error from `trigger` is ignored: the trigger stops, and the result
    /// goes on forwarding this signal. RAC 2.5 and ReactiveObjC agree on all of this. Errors
    /// and completion of this signal are forwarded and dispose the trigger.
    /// Events go out on the thread that sent them; a completion caused by `trigger` on the
    /// thread of `trigger`'s event.
    @inlinable
    public func take<U>(until trigger: Signal<U>) -> Signal<Value> {
        OperatorSignal((self, trigger)) { subscriber, inputs in
            let sink = TakeUntilSink<Value>(downstream: subscriber)
            subscriber.didSubscribe(with: sink.disposable)
            // RAC's block: each input's subscription joins the block's compound once it has
            // returned, the compound joins the subscription once the block has returned, and
            // the source is not subscribed if the trigger ended the compound meanwhile.
            sink.inputs.add(inputs.1.subscribe(TakeUntilTriggerInput<Value, U>(sink)))
            if !sink.inputs.isDisposed { sink.inputs.add(inputs.0.subscribe(TakeUntilSourceInput(sink))) }
            sink.disposable.add(sink.inputs)
            return sink.disposable
        }.named("[\(name)] -takeUntil: \(trigger)")
    }
}

/// Serializes the source's events with the trigger's under one lock.
@usableFromInline
final class TakeUntilSink<Value>: OutputPoint<Value>, @unchecked Sendable {
    /// The inputs' subscriptions: RAC's block's compound, which joins the subscription when
    /// the block returns, so a trigger firing at once completes the result before its own
    /// subscription is disposed (RACDynamicSignal.m:44-45).
    @usableFromInline let inputs = CompoundDisposable()

    func forward(_ value: Value) {
        serialize { send(value) }
    }

    /// The trigger's value or completion, or the source's completion: as RAC's, the inputs'
    /// compound is disposed first, then the completion goes out (and disposes the
    /// subscription).
    func complete() {
        serialize {
            inputs.dispose()
            finish(error: nil)
        }
    }

    /// The source's error: it goes out through the subscription, which holds the inputs only
    /// once the block has returned (RAC sends it without disposing the block's compound).
    func fail(_ error: any Error) {
        serialize { finish(error: error) }
    }
}

@usableFromInline
final class TakeUntilSourceInput<Value>: OutputPointInput<Value, TakeUntilSink<Value>>, Subscriber, @unchecked Sendable {
    // The subscription joins the inputs' compound when it returns (the operator's body).
    @usableFromInline override func didSubscribe(with disposable: CompoundDisposable) {}
    @usableFromInline func sendNext(_ value: Value) { sink.forward(value) }
    @usableFromInline func sendError(_ error: any Error) { sink.fail(error) }
    @usableFromInline func sendCompleted() { sink.complete() }
}

@usableFromInline
final class TakeUntilTriggerInput<Value, U>: OutputPointInput<Value, TakeUntilSink<Value>>, Subscriber, @unchecked Sendable {
    private var subscription: CompoundDisposable?

    // The subscription joins the inputs' compound when it returns (the operator's body).
    @usableFromInline override func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
    }

    @usableFromInline func sendNext(_ value: U) { sink.complete() }
    @usableFromInline func sendCompleted() { sink.complete() }

    // RAC subscribes to the trigger with next and completed blocks only, so its error ends
    // the trigger's subscription and nothing else.
    @usableFromInline func sendError(_ error: any Error) {
        if let subscription { sink.inputs.remove(subscription) }
    }
}
