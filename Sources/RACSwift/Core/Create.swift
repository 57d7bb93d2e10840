extension Signal {
    /// A signal that runs `didSubscribe` for each subscriber (RAC's `+createSignal:`).
    ///
    /// `didSubscribe` receives a subscriber to send events to, from any thread; the events are
    /// serialized, and nothing after a terminal event or after disposal gets through. It
    /// returns a disposable that releases what the subscription started (or nil), which runs
    /// on disposal or right after the terminal event. It runs on `Scheduler.subscription`:
    /// at once when a scheduler is current (or on the main thread), else on a background
    /// scheduler.
    public static func create(
        _ didSubscribe: @escaping (any Subscriber<Value>) -> Disposable?
    ) -> Signal<Value> {
        DynamicSignal(didSubscribe).named("+createSignal:")
    }
}

/// The signal `create` returns (RACDynamicSignal).
final class DynamicSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let didSubscribe: (any Subscriber<Value>) -> Disposable?

    init(_ didSubscribe: @escaping (any Subscriber<Value>) -> Disposable?) {
        self.didSubscribe = didSubscribe
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let disposable = CompoundDisposable()
        let passthrough = PassthroughSubscriber(subscriber, disposable: disposable)
        // The closure, not `self`, is captured: a pending subscription does not keep the
        // signal alive.
        if Scheduler.isCurrentSet {
            // A subscriber that disposed in `didSubscribe(with:)` never starts the work.
            if !disposable.isDisposed { disposable.add(didSubscribe(passthrough)) }
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
        if current != nil {
            work()
        } else {
            disposable.add(SubscriptionScheduler.shared.backgroundScheduler.schedule(work))
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
final class PassthroughSubscriber<Value>: Sink, Subscriber, @unchecked Sendable {
    // Guarded by `lock`; nil once a terminal event went through (or an event met a disposed
    // subscription), so a create block that keeps its subscriber after the end does not keep
    // the chain below (and what its closures captured) alive.
    private var downstream: (any Subscriber<Value>)?
    private let disposable: CompoundDisposable
    private let lock = RecursiveLock()

    init(_ downstream: some Subscriber<Value>, disposable: CompoundDisposable) {
        self.downstream = downstream
        self.disposable = disposable
        super.init()
        downstream.didSubscribe(with: disposable)
    }

    func sendNext(_ value: Value) {
        lock.withLock {
            guard let downstream else { return }
            guard !disposable.isDisposed else {
                self.downstream = nil
                return
            }
            downstream.sendNext(value)
        }
    }

    func sendError(_ error: any Error) {
        lock.withLock {
            guard let downstream = takeForTermination() else { return }
            downstream.sendError(error)
        }
    }

    func sendCompleted() {
        lock.withLock {
            guard let downstream = takeForTermination() else { return }
            downstream.sendCompleted()
        }
    }

    /// Ends the subscription: disposes it first (RAC's order), then hands back the subscriber
    /// that gets the terminal event. Nil if the subscription already ended. Called under `lock`.
    private func takeForTermination() -> (any Subscriber<Value>)? {
        guard let downstream else { return nil }
        self.downstream = nil
        guard !disposable.isDisposed else { return nil }
        disposable.dispose()
        return downstream
    }

    // Passing this subscriber to another signal (as `concat` in RAC does) ties that
    // subscription to this one.
    func didSubscribe(with other: CompoundDisposable) {
        if other !== disposable { disposable.add(other) }
    }
}
