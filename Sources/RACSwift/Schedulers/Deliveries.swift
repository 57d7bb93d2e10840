import Dispatch
import Foundation

/// One unit of work in a scheduler's own queue of blocks (`TargetQueueScheduler`): a scheduled
/// block, or one event of a `deliver(on:)` subscription. Each `performDelivery()` runs one unit,
/// in the order they were enqueued, with the scheduler current.
protocol ScheduledDelivery: AnyObject, Sendable {
    func performDelivery()
}

/// A timer with one deadline that moves (issue 28): what `throttle` needs — every value puts
/// the deadline later, and only the last one fires. Setting a deadline replaces the previous
/// one; the handler gets the `token` of the deadline that fired, so that its owner can tell a
/// firing that raced with a newer `set` (its token is stale) from the current one.
///
/// `Scheduler.makeDeadlineTimer(_:)` makes one. The base version schedules one `after` block
/// per `set` and cancels the replaced one — exactly what the time operators did before, so a
/// `TestScheduler` sees the same queued blocks. `TargetQueueScheduler`'s keeps one dispatch
/// timer per subscription and moves its deadline lazily: a `set` later than the armed firing
/// only records the deadline, and the firing re-arms for it (one re-arm per burst, not per
/// value).
class DeadlineTimer: Disposable, @unchecked Sendable {
    /// Runs the handler with `token` at `date` (or later), unless `set` or `clear` comes first.
    func set(_ date: Date, token: UInt64) {
        preconditionFailure("DeadlineTimer.set(_:token:) must be overridden")
    }

    /// Cancels the waiting deadline, if any.
    func clear() {
        preconditionFailure("DeadlineTimer.clear() must be overridden")
    }
}

/// The base scheduler's deadline timer: one `after` per `set`, the replaced one cancelled.
final class ScheduledDeadlineTimer: DeadlineTimer, @unchecked Sendable {
    private let scheduler: Scheduler
    private let lock = UnfairLock()
    // Guarded by `lock`; released by disposal (it usually captures the timer's owner).
    private var handler: (@Sendable (UInt64) -> Void)?
    private let pending = SerialDisposable()

    init(scheduler: Scheduler, handler: @escaping @Sendable (UInt64) -> Void) {
        self.scheduler = scheduler
        self.handler = handler
        super.init()
    }

    override func set(_ date: Date, token: UInt64) {
        guard let handler = lock.withLock({ handler }) else { return }
        // Cancelled after the new one is scheduled, as the operators always did: a
        // `TestScheduler` queues the same blocks in the same order.
        pending.swap(with: scheduler.after(date) { handler(token) })?.dispose()
    }

    override func clear() {
        pending.swap(with: nil)?.dispose()
    }

    override func dispose() {
        guard markDisposed() else { return }
        let released = lock.withLock { () -> (@Sendable (UInt64) -> Void)? in
            defer { handler = nil }
            return handler
        }
        pending.dispose()
        _ = released
    }
}

/// `TargetQueueScheduler`'s deadline timer: one dispatch timer source, re-armed only when a
/// firing finds the deadline moved later (or when a `set` asks for an earlier one).
final class QueueDeadlineTimer: DeadlineTimer, @unchecked Sendable {
    private let scheduler: TargetQueueScheduler
    private let source: DispatchSourceTimer
    private let lock = UnfairLock()
    // Guarded by `lock`. Times are seconds since the reference date (Date's own storage).
    private var deadline: Double?
    private var token: UInt64 = 0
    /// When the source will fire next, if it is armed.
    private var armedFor: Double?
    private var isResumed = false
    /// Counted in the scheduler's armed timers: a deadline is set, so a firing may deliver.
    private var isCounted = false
    // Released by disposal (it usually captures the timer's owner).
    private var handler: (@Sendable (UInt64) -> Void)?

    init(scheduler: TargetQueueScheduler, handler: @escaping @Sendable (UInt64) -> Void) {
        self.scheduler = scheduler
        self.handler = handler
        self.source = DispatchSource.makeTimerSource(queue: scheduler.queue)
        super.init()
        // The handler holds the timer until the source is cancelled (disposal), which
        // releases it.
        source.setEventHandler { [self] in fired() }
    }

    override func set(_ date: Date, token: UInt64) {
        let time = date.timeIntervalSinceReferenceDate
        lock.withLock {
            if isDisposed { return }
            deadline = time
            self.token = token
            // `countDeadline()`, spelled out: this runs per value (throttle's burst, W12).
            if !isCounted {
                isCounted = true
                scheduler.timerArmed()
            }
            // A firing already armed for no later than `time` re-arms itself for it.
            if let armedFor, armedFor <= time { return }
            arm(time)
        }
    }

    override func clear() {
        lock.withLock {
            deadline = nil
            countDeadline()
        }
    }

    // Called with `lock` held, after `deadline` changed: before the source is armed for it.
    private func countDeadline() {
        let armed = deadline != nil
        if armed == isCounted { return }
        isCounted = armed
        if armed { scheduler.timerArmed() } else { scheduler.timerDisarmed() }
    }

    // Called with `lock` held.
    private func arm(_ time: Double) {
        armedFor = time
        source.schedule(
            wallDeadline: TargetQueueScheduler.wallTime(Date(timeIntervalSinceReferenceDate: time)),
            repeating: .never, leeway: .nanoseconds(0))
        if !isResumed {
            isResumed = true
            source.resume()
        }
    }

    private func fired() {
        let due = lock.withLock { () -> (UInt64, @Sendable (UInt64) -> Void)? in
            armedFor = nil
            guard !isDisposed, let deadline, let handler else { return nil }
            if Date().timeIntervalSinceReferenceDate < deadline {
                arm(deadline)
                return nil
            }
            self.deadline = nil
            countDeadline()
            return (token, handler)
        }
        guard let (token, handler) = due else { return }
        scheduler.performAsCurrentScheduler { handler(token) }
    }

    override func dispose() {
        let released = lock.withLock { () -> (@Sendable (UInt64) -> Void)?? in
            guard markDisposedHoldingLock() else { return nil }
            deadline = nil
            countDeadline()
            defer { handler = nil }
            return .some(handler)
        }
        guard released != nil else { return }
        // A source that was never resumed must be resumed before it can be released.
        source.cancel()
        lock.withLock {
            if !isResumed {
                isResumed = true
                source.resume()
            }
        }
    }
}
