extension Signal {
    /// Subscribes to this signal again each time it completes, forever (RAC's `-repeat`).
    ///
    /// Never completes; an error is forwarded and ends it. Each new subscription is one turn
    /// of `Scheduler.current` (a new background scheduler when there is none): a main-queue
    /// turn on the main thread, a step on a `TestScheduler`. The loop runs in constant stack
    /// and keeps no finished subscription; disposal stops it.
    public func `repeat`() -> Signal<Value> {
        subscribingForever {
            { error in error == nil ? .resubscribe : .forward }
        }.named("[\(name)] -repeat")
    }
}
