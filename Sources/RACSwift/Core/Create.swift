extension Signal {
    /// A signal that runs `didSubscribe` for each subscriber (RAC's `+createSignal:`).
    ///
    /// `didSubscribe` receives a subscriber to send events to, from any thread; the events are
    /// serialized, and nothing after a terminal event or after disposal gets through. It
    /// returns a disposable that releases what the subscription started (or nil), which runs
    /// on disposal or right after the terminal event. It runs on `Scheduler.subscription`:
    /// at once when a scheduler is current (or on the main thread), else on a background
    /// scheduler — unless the subscription is disposed before that scheduler starts it. As in
    /// RAC, it runs even when the subscription is over before it starts (a subscriber that
    /// has already ended, such as a completed `AnySubscriber` or subject); then nothing it
    /// sends gets through, and the disposable it returns is disposed at once.
    public static func create(
        _ didSubscribe: @escaping @Sendable (any Subscriber<Value>) -> Disposable?
    ) -> Signal<Value> {
        DynamicSignal(didSubscribe).named("+createSignal:")
    }
}

/// The signal `create` returns (RACDynamicSignal).
final class DynamicSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let didSubscribe: @Sendable (any Subscriber<Value>) -> Disposable?

    init(_ didSubscribe: @escaping @Sendable (any Subscriber<Value>) -> Disposable?) {
        self.didSubscribe = didSubscribe
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        return start(subscriber, step: nil)
    }

    // The passthrough calls the map sink's step itself, not the sink's `sendNext` witness,
    // which only forwards to the step: S3 155.4 -> 147.4 instructions per value, the passthrough
    // 16 bytes larger (Benchmarks/HISTORY.md, "Issue 37: the create block's subscriber and
    // map's step, eighth pass"). Only a plain map's sink comes this way: subscribing the fused
    // ones from the sink factory, to hand their steps too, cost R5 +1.26 % (Benchmarks/HISTORY.md,
    // "Issue 37: the create block's passthrough and map's step, sixth pass, not merged").
    override func subscribe(mapSink: any Subscriber<Value>, step: @escaping (Value, AnyObject) -> Void) -> Disposable {
        if _slowPath(subscriptionsAreWrapped) { return subscribe(mapSink) }
        return start(mapSink, step: step)
    }

    private func start(_ subscriber: some Subscriber<Value>, step: ((Value, AnyObject) -> Void)?) -> Disposable {
        let disposable = CompoundDisposable()
        let passthrough = PassthroughSubscriber(subscriber, step: step, disposable: disposable)
        // The closure, not `self`, is captured: a pending subscription does not keep the
        // signal alive.
        if Scheduler.isCurrentSet {
            // As in RAC, the block runs even when the subscription is already over (a
            // subscriber that had ended joined it to its own disposed disposable in
            // `didSubscribe(with:)`): nothing it sends gets through, and what it returns is
            // disposed at once.
            disposable.add(didSubscribe(passthrough))
        } else {
            let didSubscribe = self.didSubscribe
            disposable.add(SubscriptionScheduler.shared.backgroundScheduler.schedule {
                disposable.add(didSubscribe(passthrough))
            })
        }
        return disposable
    }
}

extension Scheduler {
    /// Runs `work` the way `Scheduler.subscription` would — inline when some scheduler is
    /// current, else on its background scheduler — adding the scheduled work's disposable to
    /// `disposable`.
    static func runSubscription(adding disposable: CompoundDisposable, _ work: @escaping () -> Void) {
        if isCurrentSet {
            work()
        } else {
            // The library's subscription work: it runs once, on the background scheduler,
            // after this call has handed it over, and touches the subscription's own state.
            nonisolated(unsafe) let work = work
            disposable.add(SubscriptionScheduler.shared.backgroundScheduler.schedule { work() })
        }
    }
}

/// The subscriber handed to a `create` block (RACPassthroughSubscriber): the serializing
/// point of the subscription.
///
/// It holds a recursive lock while it delivers an event, so events sent from several threads
/// reach the chain below one at a time (contract §1), while a synchronous send from inside a
/// delivery on the same thread nests as it does in RAC. It drops events once the
/// subscription is disposed or terminated, and on a terminal event it disposes the
/// subscription first, then forwards the event — RAC's order.
final class PassthroughSubscriber<Downstream: Subscriber>: Sink, Subscriber, @unchecked Sendable {
    typealias Value = Downstream.Value

    // Guarded by `lock`; the optimizer drops these private fields' dynamic exclusivity checks
    // itself (S3, W6, R6 unchanged with `@exclusivity(unchecked)`; Benchmarks/HISTORY.md, "Issue 26
    // leftovers: annotation audit, part two"). The subscriber below is owned (+1) while the
    // subscription runs and released once a terminal event went through (or an event met a
    // disposed subscription), so a create block that keeps its subscriber after the end does
    // not keep the chain below (and what its closures captured) alive.
    // Unretained (its retain taken and given back by hand) so that a delivery borrows it
    // instead of retaining and releasing it (two atomic operations per event). The release
    // waits in `pendingRelease` while a delivery is still running on it (a terminal event sent
    // from inside `sendNext`) — the borrow rule of `UnretainedReference` — and the outermost
    // `sendNext` gives it back. The lock's own nesting says which call is the outermost: this
    // thread holds the lock exactly while one of these methods runs, and a nested one finds
    // the subscriber still in place only inside a delivery of `sendNext`.
    private var downstream: UnretainedReference<Downstream>?
    private var pendingRelease: UnretainedReference<Downstream>?
    private let disposable: CompoundDisposable
    private let lock = RecursiveLock()
    /// What a value does to the subscriber when it is a map's sink (`MapSink.step`), called in
    /// place of its `sendNext` witness, which only calls the step; nil for any other subscriber.
    private let step: ((Value, AnyObject) -> Void)?

    init(_ downstream: Downstream, step: ((Value, AnyObject) -> Void)?, disposable: CompoundDisposable) {
        self.downstream = .retaining(downstream)
        self.disposable = disposable
        self.step = step
        super.init()
        downstream.didSubscribe(with: disposable)
    }

    deinit {
        downstream?.release()
        pendingRelease?.release()
    }

    func sendNext(_ value: Value) {
        // `enter` and `leave`, not `withLock`, whose closure stayed a function of its own,
        // called from two places (the lock taken or already held). A send from inside a
        // delivery goes out of line, so that the common one, which takes the lock, is one
        // straight path (the nested one's `leave` and pending-release test are not in it).
        if lock.enter() { return deliver(nestedValue: value) }
        defer { lock.leave(nested: false) }
        guard let downstream else { return }
        guard !disposable.isDisposed else {
            letGo(take(), nested: false)
            return
        }
        // Optional chaining calls the step borrowed; `if let` copied it (a retain and a release
        // per value: S3 184.4 instructions per value; Benchmarks/HISTORY.md, "Issue 37: the
        // create block's passthrough and map's step, sixth pass, not merged").
        downstream.withObject { if self.step?(value, $0) == nil { $0.sendNext(value) } }
        if let pending = pendingRelease {
            pendingRelease = nil
            pending.release()
        }
    }

    /// `sendNext` from inside a delivery on this thread, the lock already held: the same
    /// checks, but a subscriber taken out waits for the outermost `sendNext` to release it.
    /// Gives back what the nested `enter` took: nothing on Linux, a level of the recursive
    /// mutex on Apple platforms and in ThreadSanitizer builds — which, kept, left the lock held
    /// by this thread after the outermost send returned, so that a send from another thread
    /// waited for ever and this thread's next sends all ran as nested ones.
    @inline(never)
    private func deliver(nestedValue value: Value) {
        defer { lock.leave(nested: true) }
        guard let downstream else { return }
        guard !disposable.isDisposed else {
            letGo(take(), nested: true)
            return
        }
        downstream.withObject { if self.step?(value, $0) == nil { $0.sendNext(value) } }
    }

    func sendError(_ error: any Error) {
        terminate { $0.sendError(error) }
    }

    func sendCompleted() {
        terminate { $0.sendCompleted() }
    }

    /// Ends the subscription, unless it already ended: takes the subscriber out, so nothing
    /// else goes out, then disposes the subscription and sends the terminal event with `send`
    /// — the output point's last step (`RecursiveLock.endOutput`), which sends nested where
    /// RAC sends it.
    private func terminate(_ send: (Downstream) -> Void) {
        let nested = lock.enter()
        defer { lock.leave(nested: nested) }
        guard let downstream = take() else { return }
        guard !disposable.isDisposed else {
            letGo(downstream, nested: nested)
            return
        }
        lock.endOutput(disposing: disposable) { downstream.withObject(send) }
        letGo(downstream, nested: nested)
    }

    /// Takes the subscriber out of the subscription. Called under `lock`.
    private func take() -> UnretainedReference<Downstream>? {
        let taken = downstream
        downstream = nil
        return taken
    }

    /// Releases a subscriber taken out, now or, in a call `nested` inside a delivery still
    /// running on it, when the outermost `sendNext` returns. Called under `lock`.
    private func letGo(_ taken: UnretainedReference<Downstream>?, nested: Bool) {
        guard let taken else { return }
        if nested { pendingRelease = taken } else { taken.release() }
    }

    // Passing this subscriber to another signal (as `concat` in RAC does) ties that
    // subscription to this one.
    func didSubscribe(with other: CompoundDisposable) {
        if other !== disposable { disposable.add(other) }
    }
}
