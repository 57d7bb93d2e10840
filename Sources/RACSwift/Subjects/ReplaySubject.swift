/// A subject that replays what it has received to each new subscriber, then forwards what
/// follows (RACReplaySubject).
///
/// It keeps the last `capacity` values (all of them by default) and its terminal event. A new
/// subscriber first receives the kept values, in order; then, if the subject has terminated,
/// the terminal event, else every later event. Replay and registration happen in one critical
/// section, so a value sent meanwhile is neither missed nor seen twice.
///
/// Unlike RAC, which keeps appending values sent after a terminal event and replays them
/// before it, a replay subject ignores events once it has terminated: a terminal event is
/// what it replays last, so nothing may follow it.
///
/// A value sent into the subject while it replays to a new subscriber — by that subscriber,
/// from inside a replayed value, or by anyone else on that thread — is kept, goes at once to
/// the subscribers already registered, and reaches the new one too, after the values before
/// it: the replay runs until it has caught up, so the new subscriber sees every value once, in
/// order. (RAC throws there: the array it enumerates changed.) Likewise a terminal event sent
/// during the replay reaches the new subscriber after the replayed values.
///
/// As in RAC, the replay runs on `Scheduler.subscription`: at once when a scheduler is current
/// (or on the main thread), else on a background scheduler.
open class ReplaySubject<Value>: Subject<Value>, @unchecked Sendable {
    /// How many values are kept for replay (`Int.max`: all of them).
    public let capacity: Int
    // Guarded by `lock`. A ring rather than a `FIFO` (an array of optionals), and the terminal
    // event read through a flag: in this generic class each would look up `Array`'s, `Optional`'s
    // or `Event`'s metadata at run time per value (replayLast: 4,400 → see Benchmarks/HISTORY.md,
    // "Operators that looked up metadata per value"). Inline, not a `RingBuffer`: one object
    // less per subject, and nothing to look up (a `Command`'s execution, issue 37).
    // Unchecked, measured: the optimizer keeps its dynamic check; W26 +127 %, A1 +6 % without
    // this attribute (`lock` guards every access; Benchmarks/HISTORY.md, "Issue 37: the
    // command's execution, eleventh pass").
    @exclusivity(unchecked) private var values = RingStorage<Value>()
    /// How many values were ever kept: a replay counts its place in these, so that it also
    /// reaches values kept while it runs (and skips those dropped meanwhile).
    private var kept = 0
    private var hasTerminated = false
    // The terminal event as `hasTerminated` and this error (nil: completed), not an
    // `Event<Value>?`, whose metadata this generic class would look up at run time at every
    // subscription, at creation and at destruction (Command's A1: six lookups per execution).
    private var terminalError: (any Error)?

    /// A replay subject that keeps the last `capacity` values (RAC's
    /// `+replaySubjectWithCapacity:`; the default keeps every value, as `+subject` does).
    public init(capacity: Int = .max) {
        precondition(capacity >= 0, "ReplaySubject.init(capacity:): capacity must not be negative, got \(capacity)")
        self.capacity = capacity
        super.init()
    }

    deinit {
        values.free()
    }

    /// Replays the kept values, then the terminal event if there is one, else registers
    /// `subscriber` for what follows; runs on `Scheduler.subscription`.
    @discardableResult
    open override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        return subscribe(subscriber, replayingWith: makeSubscription(for: subscriber))
    }

    /// `subscribe(_:)` with the subscription made by the caller (a new entry of this subject),
    /// where its type is concrete or its metatype kept (a `Command`'s execution, issue 37).
    @inline(__always)
    final func subscribe<S: Subscriber<Value>>(_ subscriber: S, replayingWith disposable: SubjectEntry<S>) -> Disposable {
        subscriber.didSubscribe(with: disposable)
        // `Scheduler.runSubscription`, with the closure (an allocation) made only where the
        // replay is scheduled.
        if Scheduler.isCurrentSet {
            replay(to: subscriber, subscription: disposable)
        } else {
            Scheduler.runSubscription(adding: disposable) { [self] in replay(to: subscriber, subscription: disposable) }
        }
        return disposable
    }

    /// Replays the kept values to `subscriber`, then the terminal event if there is one, else
    /// registers it: on `Scheduler.subscription`, in one critical section.
    @inline(__always)
    private func replay<S: Subscriber<Value>>(to subscriber: S, subscription disposable: SubjectEntry<S>) {
        withDeliveryLock {
            // By index, not over a snapshot: a value kept meanwhile (sent from inside a
            // replayed one) is replayed too.
            var next = kept - values.count
            while true {
                if disposable.isDisposed { return }
                let oldest = kept - values.count
                if next < oldest { next = oldest }
                guard next < kept else { break }
                subscriber.sendNext(values.element(at: next - oldest))
                next += 1
            }
            if !hasTerminated {
                register(subscriber, subscription: disposable)
            } else if let error = terminalError {
                disposable.dispose()
                subscriber.sendError(error)
            } else {
                disposable.dispose()
                subscriber.sendCompleted()
            }
        }
    }

    /// The latest value kept, or nil if none is: the first value a new subscriber would
    /// receive when the subject keeps one (`capacity` 1), read without subscribing.
    final var latestValue: Value? {
        withDeliveryLock { values.count > 0 ? values.element(at: values.count - 1) : nil }
    }

    /// Keeps `value` (dropping the oldest beyond `capacity`) and sends it to every current
    /// subscriber; ignored once the subject has terminated.
    open override func sendNext(_ value: Value) {
        // `withDeliveryLock`'s steps, with `enter` and `leave` rather than `withLock`: its body,
        // called from two places (nested and outer), stayed a function of its own, with a
        // call and a frame per send; written here once, it is part of the send (W26,
        // Benchmarks/HISTORY.md, "Issue 37: the workloads on the line, eighth pass").
        let nested = lock.enter()
        if handedOffCount.mayBeNonZero { releasingAfter(takeHandedOff) }
        keepAndDeliver(value)
        lock.leave(nested: nested)
        if handedOffCount.mayBeNonZero { releasingAfter(settleHandedOff) }
    }

    /// `sendNext`'s step under the lock.
    @inline(__always)
    private func keepAndDeliver(_ value: Value) {
        guard !hasTerminated else { return }
        if capacity == 1, values.count == 1 {
            // replayLast's subject from its second value on: the newest takes the oldest's
            // place, in the send; every other case out of line (`keep`), which keeps the
            // send small (W26).
            values.replaceOldest(with: value)
            kept += 1
        } else {
            keep(value)
        }
        deliverNext(value)
    }

    /// `keepAndDeliver`'s keeping, but for a full subject of capacity 1.
    @inline(never)
    private func keep(_ value: Value) {
        if values.count < capacity {
            values.append(value)
            kept += 1
        } else if capacity > 0 {
            // At capacity: the newest takes the oldest's place.
            values.replaceOldest(with: value)
            kept += 1
        }
    }

    /// Keeps `error` for later subscribers and ends every current subscription with it;
    /// ignored once the subject has terminated.
    open override func sendError(_ error: any Error) {
        // Kept and delivered in one critical section, `Subject.sendError`'s with the check
        // before it: one lock taken per terminal event, not two (issue 37).
        withDeliveryLock {
            guard !hasTerminated else { return }
            hasTerminated = true
            terminalError = error
            deliverError(error)
        }
    }

    /// Keeps the completion for later subscribers and ends every current subscription;
    /// ignored once the subject has terminated.
    open override func sendCompleted() {
        // As `sendError(_:)`.
        withDeliveryLock {
            guard !hasTerminated else { return }
            hasTerminated = true
            deliverCompleted()
        }
    }
}
