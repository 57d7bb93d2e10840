extension Signal {
    /// Subscribes to this signal again each time it fails, forever (RAC's `-retry`).
    /// Completion is forwarded. See `retry(_:)` for scheduling.
    public func retry() -> Signal<Value> {
        retryLoop(0).named("[\(name)] -retry")
    }

    /// Subscribes to this signal again when it fails, up to `count` times; once the retries
    /// are used up the error is forwarded (RAC's `-retry:`). As in RAC, `count` 0 retries
    /// forever, and `retry(2)` subscribes three times at most. Completion is forwarded.
    ///
    /// Each new subscription is one turn of `Scheduler.current` (a new background scheduler
    /// when there is none), as RAC's `subscribeForever` does: a main-queue turn on the main
    /// thread, a step on a `TestScheduler`. Constant stack; disposal stops the retries.
    public func retry(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "Signal.retry(_:): count must not be negative, got \(count)")
        return retryLoop(count).named("[\(name)] -retry: \(count)")
    }

    private func retryLoop(_ count: Int) -> Signal<Value> {
        subscribingForever {
            var retries = 0
            return { error in
                guard error != nil else { return .forward }
                if count == 0 || retries < count {
                    retries += 1
                    return .resubscribe
                }
                return .forward
            }
        }
    }
}
