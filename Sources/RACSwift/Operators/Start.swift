extension Signal {
    /// Runs `block` on `scheduler` now, once, and returns a signal that replays every event
    /// `block` sends to its subscriber, then forwards the rest (RAC's
    /// `+startEagerlyWithScheduler:block:`).
    ///
    /// Disposing a subscription of the result does not stop the work: `block` runs to the end
    /// and should terminate, since nothing can end it. Subscribers receive the replayed events
    /// on `scheduler`.
    @discardableResult
    public static func startEagerly(
        on scheduler: Scheduler, _ block: @escaping @Sendable (any Subscriber<Value>) -> Void
    ) -> Signal<Value> {
        let signal = startSignal(on: scheduler, block)
        // One subscription forces the lazy signal to run its block now, as RAC does.
        signal.publish().connect()
        return signal.named("+startEagerlyWithScheduler: \(scheduler.name) block:")
    }

    /// Like `startEagerly(on:_:)`, but `block` runs (on `scheduler`, once) only when the result
    /// gets its first subscriber (RAC's `+startLazilyWithScheduler:block:`). Each subscriber is
    /// subscribed on `scheduler` and receives every event `block` has sent, then the rest.
    /// Given `Scheduler.immediate`, the first subscription runs `block` synchronously.
    /// As with `subscribe(on:)`, disposing a subscription stops its events at once and
    /// removes it from the replay on `scheduler`.
    /// `block`'s terminal event is replayed like its values.
    public static func startLazily(
        on scheduler: Scheduler, _ block: @escaping @Sendable (any Subscriber<Value>) -> Void
    ) -> Signal<Value> {
        startSignal(on: scheduler, block)
            .named("+startLazilyWithScheduler: \(scheduler.name) block:")
    }

    /// RAC's construction: `block` multicast into a replay subject; each subscription, made on
    /// `scheduler` by `subscribe(on:)`, joins the subject and then connects (only the first
    /// `connect()` runs `block`).
    private static func startSignal(
        on scheduler: Scheduler, _ block: @escaping @Sendable (any Subscriber<Value>) -> Void
    ) -> Signal<Value> {
        let connection = Signal<Value>.create { subscriber in
            block(subscriber)
            return nil
        }.multicast(ReplaySubject())
        return ConnectingSignal(connection).subscribe(on: scheduler)
    }
}

/// Subscribes to the connection's subject, then connects, synchronously: `subscribe(on:)`
/// decides where. (RAC wraps the same two steps in `+createSignal:`; a plain subclass avoids
/// the subscription scheduler, so `Scheduler.immediate` still runs `block` synchronously.)
final class ConnectingSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let connection: MulticastConnection<Value>

    init(_ connection: MulticastConnection<Value>) {
        self.connection = connection
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let subscription = connection.signal.subscribe(subscriber)
        connection.connect()
        return subscription
    }
}
