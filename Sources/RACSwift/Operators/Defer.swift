extension Signal {
    /// A signal that calls `make` for each subscriber and subscribes it to the signal `make`
    /// returns (RAC's `+defer:`).
    ///
    /// `make` runs at subscription time through `Scheduler.subscription`, as RAC's
    /// `createSignal:` block does: at once when a scheduler is current (or on the main thread),
    /// else on a background scheduler. Disposal before it has run cancels it. The result sends
    /// whatever the made signal sends.
    public static func `defer`(_ make: @escaping @Sendable () -> Signal<Value>) -> Signal<Value> {
        // The signal `make` returns is subscribed with the output point, which joins its
        // subscription to this one.
        OperatorSignal(make) { subscriber, make in
            subscribeScheduled(subscriber) { output in make().subscribe(output) }
        }.named("+defer:")
    }
}

/// The subscription of `defer`, `Signal.try` and `startWith`: gives `subscriber` the
/// subscription, then runs `start` with the subscription's output point through
/// `Scheduler.subscription`, as RAC's `createSignal:` block runs — also when the subscription
/// is already over, then to no effect, since the output point sends nothing after disposal.
func subscribeScheduled<Value>(
    _ subscriber: any Subscriber<Value>, _ start: @escaping (InnerForwardSink<Value>) -> Void
) -> Disposable {
    let disposable = CompoundDisposable()
    subscriber.didSubscribe(with: disposable)
    Scheduler.runSubscription(adding: disposable) {
        start(InnerForwardSink(downstream: subscriber, outer: disposable))
    }
    return disposable
}
