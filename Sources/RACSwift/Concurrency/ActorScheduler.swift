import Dispatch
import Foundation

/// A serial scheduler whose blocks run isolated to an actor: one at a time, in the order they
/// were scheduled, each on the actor's executor with this scheduler as `Scheduler.current`.
/// RAC had no actors; this is the scheduler RxSwift's users ask for as "ActorScheduler", and
/// what `Signal.on(_:)` delivers through.
///
/// `deliver(on: ActorScheduler(model))` brings a signal's events to the actor in RAC's order;
/// the blocks cannot be checked as isolated by the compiler (a scheduler's blocks are plain
/// `@Sendable` closures), so code that touches the actor's state subscribes with
/// `signal.on(model).subscribeNext { model, value in … }`, whose closure is.
///
/// How it keeps order: scheduled blocks wait in a queue, and one task at a time hops to the
/// actor and runs them there until the queue is empty, so two blocks never run at once nor
/// overtake each other (separate tasks enqueued on an actor are not run in a guaranteed
/// order). Disposing a block's disposable before it starts cancels it.
public final class ActorScheduler<A: Actor>: Scheduler, @unchecked Sendable {
    /// The actor the blocks run on.
    public let actor: A

    private struct Work {
        let block: @Sendable () -> Void
        let disposable: Disposable
    }

    private let lock = UnfairLock()
    private var pending: [Work] = []
    /// A task is running the queue (or about to): a new block joins it instead of starting one.
    private var isDraining = false

    /// A scheduler running its blocks on `actor`.
    public init(_ actor: A, name: String? = nil) {
        self.actor = actor
        super.init(name: name ?? "RACSwift.ActorScheduler(\(A.self))")
    }

    /// Runs `block` on the actor after the blocks scheduled before it, as the current
    /// scheduler; disposing the result before it starts cancels it.
    @discardableResult
    override public func schedule(_ block: @escaping @Sendable () -> Void) -> Disposable? {
        let disposable = Disposable()
        let startsDrain = lock.withLock {
            pending.append(Work(block: block, disposable: disposable))
            if isDraining { return false }
            isDraining = true
            return true
        }
        if startsDrain {
            let actor = self.actor
            Task { await self.drain(on: actor) }
        }
        return disposable
    }

    /// Schedules `block` on the actor at `date` (wall-clock time) or later; disposing the
    /// result cancels it.
    @discardableResult
    override public func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> Disposable? {
        let disposable = SerialDisposable()
        DispatchQueue.global().asyncAfter(wallDeadline: TargetQueueScheduler.wallTime(date)) { [self] in
            if disposable.isDisposed { return }
            disposable.swap(with: schedule(block))
        }
        return disposable
    }

    /// A dispatch timer that schedules `block` on the actor at `date` and then every `interval`
    /// seconds, within `leeway`, until disposed. A firing that finds the previous one still
    /// waiting for the actor queues behind it, in order.
    @discardableResult
    override public func scheduleRepeating(
        after date: Date, interval: TimeInterval, leeway: TimeInterval, _ block: @escaping @Sendable () -> Void
    ) -> Disposable? {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        // A dispatch source may be cancelled from any thread.
        let source = UncheckedSendable(timer)
        let firings = CompoundDisposable()
        let disposable = CompoundDisposable([firings, Disposable { source.value.cancel() }])
        timer.setEventHandler { [self] in
            if disposable.isDisposed { return }
            firings.add(schedule(block))
        }
        timer.schedule(
            wallDeadline: TargetQueueScheduler.wallTime(date),
            repeating: .nanoseconds(Int(interval * 1e9)),
            leeway: .nanoseconds(Int(leeway * 1e9)))
        timer.resume()
        return disposable
    }

    /// Runs the queued blocks on the actor until none is left, taking them a batch at a time
    /// (each block is released once its batch is done). The flag is cleared under the lock
    /// that found the queue empty, so a block scheduled at that moment starts a new task.
    private func drain(on actor: isolated A) {
        while true {
            let batch: [Work] = lock.withLock {
                if pending.isEmpty { isDraining = false }
                defer { pending = [] }
                return pending
            }
            if batch.isEmpty { return }
            for work in batch where !work.disposable.isDisposed {
                performAsCurrentScheduler(work.block)
            }
        }
    }
}

extension Signal {
    /// The subscription forms for an actor's code: `signal.on(model).subscribeNext { model,
    /// value in model.total += value }` runs the closure isolated to `model`, which the compiler
    /// checks (the closure's first parameter is `isolated`), and delivers every event there in
    /// RAC's order, one at a time, as `deliver(on:)` does through an `ActorScheduler`.
    /// Disposal drops the events not delivered yet.
    ///
    /// Values cross from the signal's thread to the actor unchecked, whatever their type, as
    /// they do through `deliver(on:)` (see "Signals and Swift Concurrency"). For the main actor
    /// use `onMainActor`, which also delivers synchronously when the event is already on the
    /// main thread.
    public func on<A: Actor>(_ actor: A) -> ActorSubscriptions<A, Value> {
        ActorSubscriptions(signal: self, actor: actor)
    }
}

/// A signal's subscription forms for closures isolated to an actor, made by
/// `Signal.on(_:)`; see there.
///
/// Each form delivers through `deliver(on: ActorScheduler(actor))` and runs the closure with
/// `actor.assumeIsolated`, which stops the process if an event ever reached it off the actor.
public struct ActorSubscriptions<A: Actor, Value>: Sendable {
    /// The signal the forms subscribe to.
    public let signal: Signal<Value>
    /// The actor the closures run on.
    public let actor: A

    init(signal: Signal<Value>, actor: A) {
        self.signal = signal
        self.actor = actor
    }

    /// Subscribes with closures isolated to the actor for each kind of event (RAC's
    /// `[[signal deliverOn:scheduler] subscribeNext:error:completed:]`). A missing closure
    /// ignores its events.
    @discardableResult
    public func subscribe(
        next: (@Sendable (isolated A, Value) -> Void)? = nil,
        error: (@Sendable (isolated A, any Error) -> Void)? = nil,
        completed: (@Sendable (isolated A) -> Void)? = nil
    ) -> Disposable {
        let actor = self.actor
        var onNext: (@Sendable (Value) -> Void)?
        if let next {
            onNext = { value in
                // Handed to the actor's closure and not used here again.
                nonisolated(unsafe) let value = value
                actor.assumeIsolated { next($0, value) }
            }
        }
        var onError: (@Sendable (any Error) -> Void)?
        if let error {
            onError = { failure in actor.assumeIsolated { error($0, failure) } }
        }
        var onCompleted: (@Sendable () -> Void)?
        if let completed {
            onCompleted = { actor.assumeIsolated { completed($0) } }
        }
        return signal.deliver(on: ActorScheduler(actor)).subscribe(next: onNext, error: onError, completed: onCompleted)
    }

    /// Subscribes to values with a closure isolated to the actor (RAC's
    /// `[[signal deliverOn:scheduler] subscribeNext:]`).
    @discardableResult
    public func subscribeNext(_ next: @escaping @Sendable (isolated A, Value) -> Void) -> Disposable {
        subscribe(next: next)
    }

    /// Subscribes to errors with a closure isolated to the actor.
    @discardableResult
    public func subscribeError(_ error: @escaping @Sendable (isolated A, any Error) -> Void) -> Disposable {
        subscribe(error: error)
    }

    /// Subscribes to completion with a closure isolated to the actor.
    @discardableResult
    public func subscribeCompleted(_ completed: @escaping @Sendable (isolated A) -> Void) -> Disposable {
        subscribe(completed: completed)
    }
}
