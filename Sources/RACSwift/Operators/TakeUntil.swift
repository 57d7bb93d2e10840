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
            inputs.1.subscribe(TakeUntilTriggerInput<Value, U>(sink))
            if !sink.disposable.isDisposed { inputs.0.subscribe(TakeUntilSourceInput(sink)) }
            return sink.disposable
        }.named("[\(name)] -takeUntil: \(trigger)")
    }
}

/// Serializes the source's events with the trigger's under one lock.
@usableFromInline
final class TakeUntilSink<Value>: OutputPoint<Value>, @unchecked Sendable {
    func forward(_ value: Value) {
        serialize { send(value) }
    }

    func terminate(_ error: (any Error)?) {
        serialize { finish(error: error) }
    }
}

@usableFromInline
final class TakeUntilSourceInput<Value>: OutputPointInput<Value, TakeUntilSink<Value>>, Subscriber, @unchecked Sendable {
    @usableFromInline func sendNext(_ value: Value) { sink.forward(value) }
    @usableFromInline func sendError(_ error: any Error) { sink.terminate(error) }
    @usableFromInline func sendCompleted() { sink.terminate(nil) }
}

@usableFromInline
final class TakeUntilTriggerInput<Value, U>: OutputPointInput<Value, TakeUntilSink<Value>>, Subscriber, @unchecked Sendable {
    private var subscription: CompoundDisposable?

    @usableFromInline override func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
        super.didSubscribe(with: disposable)
    }

    @usableFromInline func sendNext(_ value: U) { sink.terminate(nil) }
    @usableFromInline func sendCompleted() { sink.terminate(nil) }

    // RAC subscribes to the trigger with next and completed blocks only, so its error ends
    // the trigger's subscription and nothing else.
    @usableFromInline func sendError(_ error: any Error) {
        if let subscription { sink.disposable.remove(subscription) }
    }
}
