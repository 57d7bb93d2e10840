/// The output side of an operator that merges several inputs into one subscriber — merge and
/// the flatten family, switchToLatest, zip, combineLatest, bind, take(until:) and
/// take(untilReplacement:) — and its serializing point: in RAC, the passthrough subscriber of
/// the `createSignal` block each of them is written with.
///
/// `lock` serializes the output and guards the subclass's own state; every method here is
/// called with it held. Once a terminal event has gone out or disposal has begun, nothing more
/// goes out, terminal events included: an input that completes or fails *because* it is being
/// disposed must not reach the subscriber (RAC's passthrough checks one disposed flag for
/// every event).
class SerializingSink<Output>: Sink, @unchecked Sendable {
    /// The subscription; the inputs' subscriptions are added to it.
    final let disposable = CompoundDisposable()
    final let lock = RecursiveLock()
    private final let downstream: any Subscriber<Output>
    // Guarded by `lock`.
    @exclusivity(unchecked) private final var isTerminated = false

    init(downstream: some Subscriber<Output>) {
        self.downstream = downstream
    }

    /// Whether events still go out.
    final var isOpen: Bool { !isTerminated && !disposable.isDisposed }

    /// Whether a terminal event went out (disposal from outside does not count).
    final var hasTerminated: Bool { isTerminated }

    /// Sends `value`, unless the output has ended.
    final func sendOutput(_ value: Output) {
        if isOpen { downstream.sendNext(value) }
    }

    /// Ends the output, unless it has ended: disposes the subscription, then sends `error`,
    /// or completion if it is nil (RAC's order). True if this call ended it.
    @discardableResult
    final func terminateOutput(_ error: (any Error)?) -> Bool {
        guard claimTermination() else { return false }
        disposable.dispose()
        sendTerminal(error)
        return true
    }

    /// The first half of `terminateOutput`, for a caller that disposes between the halves
    /// without the lock: marks the output ended, so nothing else goes out; false if it had.
    final func claimTermination() -> Bool {
        guard isOpen else { return false }
        isTerminated = true
        return true
    }

    /// The second half: sends `error`, or completion if it is nil, after a successful
    /// `claimTermination()`.
    final func sendTerminal(_ error: (any Error)?) {
        if let error { downstream.sendError(error) } else { downstream.sendCompleted() }
    }
}
