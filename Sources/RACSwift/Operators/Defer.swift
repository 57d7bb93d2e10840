extension Signal {
    /// A signal that calls `make` for each subscriber and subscribes it to the signal `make`
    /// returns (RAC's `+defer:`).
    ///
    /// `make` runs at subscription time through `Scheduler.subscription`, as RAC's
    /// `createSignal:` block does: at once when a scheduler is current (or on the main thread),
    /// else on a background scheduler. Disposal before it has run cancels it. The result sends
    /// whatever the made signal sends.
    public static func `defer`(_ make: @escaping @Sendable () -> Signal<Value>) -> Signal<Value> {
        DeferSignal(make).named("+defer:")
    }
}

final class DeferSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let make: () -> Signal<Value>

    init(_ make: @escaping () -> Signal<Value>) {
        self.make = make
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        let make = self.make
        // As RAC's createSignal: block, `make` runs also when the subscription is already
        // over; the signal it makes is subscribed, and that subscription disposed at once.
        Scheduler.runSubscription(adding: disposable) {
            make().subscribe(InnerForwardSink(downstream: subscriber, outer: disposable))
        }
        return disposable
    }
}
