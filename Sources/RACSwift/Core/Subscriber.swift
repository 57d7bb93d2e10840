/// Receives a signal's events (the RACSubscriber protocol).
///
/// A signal delivers events to a subscriber one at a time (never two at once), and at most one
/// terminal event (`sendError` or `sendCompleted`), after which it sends nothing. Before any
/// event it calls `didSubscribe(with:)` with the disposable of the subscription, so that a
/// subscriber can end it even while the signal is still sending synchronously.
public protocol Subscriber<Value>: AnyObject, Sendable {
    /// The type of the values this subscriber receives (RAC's `id`).
    associatedtype Value
    /// A value.
    func sendNext(_ value: Value)
    /// The signal failed; nothing follows.
    func sendError(_ error: any Error)
    /// The signal finished; nothing follows.
    func sendCompleted()
    /// The subscription's disposable, given before any event. A subscriber attached to several
    /// signals receives one per subscription.
    func didSubscribe(with disposable: CompoundDisposable)
}

/// A subscriber built from closures (RAC's `+subscriberWithNext:error:completed:`).
///
/// Like RACSubscriber it serializes its own events with a lock, so it can be subscribed to
/// several signals at once; a terminal event disposes every subscription it is part of and
/// releases the closures.
public final class AnySubscriber<Value>: Subscriber, @unchecked Sendable {
    private let lock = RecursiveLock()
    // Guarded by `lock`; cleared when the subscriber terminates or is disposed, so whatever
    // the closures captured is freed.
    private var next: ((Value) -> Void)?
    private var error: ((any Error) -> Void)?
    private var completed: (() -> Void)?
    private var isTerminated = false  // guarded by `lock`
    private let closuresRelease = LockHandOff()
    /// Every subscription this subscriber is part of; disposed on its terminal event.
    public let disposable = CompoundDisposable()

    /// A subscriber that calls `next`, `error` and `completed` for the matching events; a
    /// missing closure ignores its events.
    public init(
        next: (@Sendable (Value) -> Void)? = nil, error: (@Sendable (any Error) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil
    ) {
        self.next = next
        self.error = error
        self.completed = completed
        disposable.add(Disposable { [weak self] in self?.releaseClosures() })
    }

    /// Under the lock — handed to the thread holding it, if another does (the lock rule: a
    /// disposal never waits for a lock held across a delivery).
    private func releaseClosures() {
        closuresRelease.run(under: lock) { clearClosures() }
    }

    /// Called with `lock` held.
    private func clearClosures() {
        next = nil
        error = nil
        completed = nil
    }

    /// Calls `next` with `value`, unless the subscriber has terminated or been disposed.
    public func sendNext(_ value: Value) {
        lock.withLock {
            // Checked, not left to `releaseClosures`, which may be handed to another thread.
            guard !disposable.isDisposed else { return }
            next?(value)
        }
        closuresRelease.settle(under: lock) { clearClosures() }
    }

    /// Disposes every subscription the subscriber is part of, then calls `error`; later
    /// events are ignored.
    public func sendError(_ error: any Error) {
        terminate { subscriber in subscriber.error.map { block in { block(error) } } }
    }

    /// Disposes every subscription the subscriber is part of, then calls `completed`; later
    /// events are ignored.
    public func sendCompleted() {
        terminate { $0.completed }
    }

    /// Ends the subscriber, unless it has ended: under the lock, takes the terminal closure
    /// `pick` chooses and clears the closures, so nothing else is delivered; then disposes
    /// every subscription and calls the closure — the output point's last step
    /// (`RecursiveLock.endOutput`), which calls the closure nested inside a delivery of `next`
    /// on this thread, if there is one (RAC's order).
    private func terminate(_ pick: (AnySubscriber) -> (() -> Void)?) {
        lock.withLock {
            guard !isTerminated, !disposable.isDisposed else { return }
            isTerminated = true
            let block = pick(self)
            next = nil
            error = nil
            completed = nil
            lock.endOutput(disposing: disposable) { block?() }
        }
        closuresRelease.settle(under: lock) { clearClosures() }
    }

    /// Joins the subscription `other` to `disposable` (RAC's `-didSubscribeWithDisposable:`),
    /// so that disposing the subscriber or its terminal event ends it; a subscription that
    /// ends first is dropped again.
    public func didSubscribe(with other: CompoundDisposable) {
        if other.isDisposed { return }
        let mine = disposable
        mine.add(other)
        // A subscription that ends on its own is dropped from `disposable`, so a long-lived
        // subscriber does not accumulate finished ones.
        other.add(Disposable { [weak mine, weak other] in
            if let mine, let other { mine.remove(other) }
        })
    }
}

/// The subscriber behind `subscribe(next:error:completed:)`: subscribed exactly once by the
/// library, so the signal's own serialization suffices and it needs no lock.
///
/// The closures are `let`s, so a value reaches `next` without a retain/release pair on the
/// closure (about 10 ns a value on the measured VM), and the subscriber is one allocation.
/// They are released with the subscriber — what RACSubscriber gets by clearing its blocks —
/// and the library's sources let go of their chains when a subscription ends: subjects and
/// constant signals at once, a `create` block's subscriber at the terminal event it
/// forwards. A `create` block that keeps its subscriber after disposal (directly or below a
/// multi-input operator) keeps the chain, closures included, until it sends again; a custom
/// `Signal` subclass that keeps its subscriber keeps them as long as it does (the contract
/// asks both to let go). RAC does no better there: RACSubscriber clears its blocks at its own
/// terminal event (or deallocation), not when the subscription is disposed, and a passthrough
/// subscriber that a `createSignal:` block keeps holds it for good. The subscriber ignores
/// any event after the terminal one.
@usableFromInline
final class ClosureSubscriber<Value>: ClosureSubscriberBase, Subscriber, @unchecked Sendable {
    @usableFromInline let next: ((Value) -> Void)?
    @usableFromInline let error: ((any Error) -> Void)?
    @usableFromInline let completed: (() -> Void)?
    /// Set by the terminal event. Guarded by the signal's serialization, so not checked
    /// dynamically: read per value, the check cost W1 +61% instructions per event
    /// (Benchmarks/HISTORY.md, "Issue 26, the annotation audit").
    // Unchecked, measured: the optimizer keeps its dynamic check; W1 +162 %, R1 +153 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) var isTerminated = false

    // Not @inlinable: with library evolution (an xcframework build) a class's inlinable
    // designated init is an error; the call it costs did not show in W6 (benchmarked).
    @usableFromInline
    init(next: ((Value) -> Void)?, error: ((any Error) -> Void)?, completed: (() -> Void)?) {
        self.next = next
        self.error = error
        self.completed = completed
    }

    // Always inlined into its witness: left to the optimizer, W1 +2.9%, W2 +1.0% instructions
    // per event (Benchmarks/HISTORY.md, "Issue 26, the annotation audit").
    @usableFromInline @inline(__always)
    func sendNext(_ value: Value) {
        if isTerminated { return }
        next?(value)
    }

    @usableFromInline
    func sendError(_ error: any Error) {
        if isTerminated { return }
        isTerminated = true
        self.error?(error)
    }

    @usableFromInline
    func sendCompleted() {
        if isTerminated { return }
        isTerminated = true
        completed?()
    }

    @usableFromInline
    func didSubscribe(with disposable: CompoundDisposable) {}
}

/// The subscriber behind `subscribeNext(_:)`: a `ClosureSubscriber` with only its `next`
/// closure, which is all `subscribeNext` has, so a live subscription does not keep two empty
/// closure slots (33 bytes instead of 65; Benchmarks/HISTORY.md, "Issue 37: memory per live
/// subscription, second pass (helper, 2026-12-02)"). Everything else is `ClosureSubscriber`'s:
/// the closure goes with the subscriber, events after the terminal one are ignored.
@usableFromInline
final class NextSubscriber<Value>: ClosureSubscriberBase, Subscriber, @unchecked Sendable {
    @usableFromInline let next: (Value) -> Void
    /// Set by the terminal event; unchecked for the reason `ClosureSubscriber.isTerminated` is.
    // Unchecked, measured: the optimizer keeps its dynamic check; W1 +162 %, R1 +153 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) var isTerminated = false

    // Not @inlinable, as `ClosureSubscriber.init` is not.
    @usableFromInline
    init(next: @escaping (Value) -> Void) {
        self.next = next
    }

    // Always inlined into its witness, as `ClosureSubscriber.sendNext` is: W1 +2.9%, W2 +1.0%
    // instructions per event left to the optimizer (Benchmarks/HISTORY.md, "Issue 26, the annotation audit").
    @usableFromInline @inline(__always)
    func sendNext(_ value: Value) { deliver(value) }

    /// `sendNext`'s body, inlinable: map's step into this subscriber calls it in the caller's
    /// specialized code, not through the `Subscriber` witness (`mapInternally`).
    @inlinable @inline(__always)
    final func deliver(_ value: Value) {
        if isTerminated { return }
        next(value)
    }

    @usableFromInline
    func sendError(_ error: any Error) {
        isTerminated = true
    }

    @usableFromInline
    func sendCompleted() {
        isTerminated = true
    }

    @usableFromInline
    func didSubscribe(with disposable: CompoundDisposable) {}
}

/// What a constant signal tests a subscriber for (`deliverInline`): a `ClosureSubscriber`,
/// whatever its value type, found with a cast to a class that needs no generic metadata.
@usableFromInline
class ClosureSubscriberBase: Sink, @unchecked Sendable {}
