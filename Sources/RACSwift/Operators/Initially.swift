extension Signal {
    /// Runs `block` each time the result is subscribed, before this signal is subscribed
    /// (RAC's `-initially:`, built there on `+defer:`): `block` runs through
    /// `Scheduler.subscription` like any subscription work. Events pass through unchanged.
    /// Delivers on the thread that sent the source's event.
    public func initially(_ block: @escaping @Sendable () -> Void) -> Signal<Value> {
        Signal.defer {
            block()
            return self
        }.named("[\(name)] -initially:")
    }
}
