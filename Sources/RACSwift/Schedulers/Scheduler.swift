import Dispatch
import Foundation

/// Where and when work runs (RACScheduler).
///
/// Subclass it to make a scheduler of your own, as RAC code subclasses RACScheduler: override
/// `schedule(_:)`, `after(_:schedule:)`, `scheduleRepeating(after:interval:leeway:_:)` (the
/// timer behind `after(_:repeatingEvery:withLeeway:schedule:)`, which checks the arguments
/// first for every scheduler) and, for a virtual clock, `now`; run each block inside
/// `performAsCurrentScheduler(_:)`, and return disposables that cancel work not yet started.
open class Scheduler: @unchecked Sendable {
    /// RACSchedulerPriority: the global queue a background scheduler targets.
    public enum Priority: Sendable {
        /// RACSchedulerPriorityHigh: the user-initiated global queue.
        case high
        /// RACSchedulerPriorityDefault: the default global queue.
        case `default`
        /// RACSchedulerPriorityLow: the utility global queue.
        case low
        /// RACSchedulerPriorityBackground: the background global queue.
        case background

        var qos: DispatchQoS.QoSClass {
            switch self {
            case .high: return .userInitiated
            case .default: return .default
            case .low: return .utility
            case .background: return .background
            }
        }
    }

    /// The scheduler's name, for debugging.
    public let name: String

    /// For subclasses: a scheduler named `name` (for debugging; a default name when nil).
    /// Subclasses override the scheduling methods, which on `Scheduler` itself do nothing.
    public init(name: String? = nil) {
        self.name = name ?? "RACSwift.Scheduler.anonymous"
    }

    // MARK: The shared schedulers

    /// Runs blocks at once, on the calling thread; does not set `current` (RAC's
    /// `immediateScheduler`).
    public static let immediate: Scheduler = ImmediateScheduler()

    /// The main dispatch queue (RAC's `mainThreadScheduler`). `schedule` always enqueues, even
    /// when called on the main thread.
    public static let main: Scheduler = mainQueue

    /// `main` as what it is, for `deliverOnMainThread`, which queues its events in it.
    static let mainQueue = TargetQueueScheduler(name: "RACSwift.Scheduler.main", targetQueue: .main)

    /// Where subscriptions run (RAC's `subscriptionScheduler`): at once when `current` is
    /// non-nil, else on a shared background scheduler.
    public static let subscription: Scheduler = SubscriptionScheduler.shared

    /// A new serial scheduler on a global queue of `priority` (RAC's
    /// `schedulerWithPriority:name:`).
    public static func background(priority: Priority = .default, name: String? = nil) -> Scheduler {
        TargetQueueScheduler(
            name: name ?? "RACSwift.Scheduler.background",
            targetQueue: .global(qos: priority.qos))
    }

    // MARK: The current scheduler

    /// The scheduler running the current block, or `main` on the main thread, else nil
    /// (RAC's `currentScheduler`).
    public static var current: Scheduler? {
        if let running = CurrentScheduler.get() { return running }
        return adoptMainOnMainThread() ? main : nil
    }

    /// Whether `current` is non-nil, without retaining and releasing the scheduler: the
    /// subscription scheduler asks on every subscription.
    @inline(__always)
    static var isCurrentSet: Bool {
        CurrentScheduler.isSet || adoptMainOnMainThread()
    }

    /// On the main thread with no scheduler running, makes `main` the current scheduler and
    /// returns true. It is remembered in the main thread's slot, where it says what `current`
    /// says anyway (`performAsCurrentScheduler` restores it after each block), so that the
    /// next calls on the main thread — one per subscription — skip Foundation's main-thread
    /// check.
    private static func adoptMainOnMainThread() -> Bool {
        guard Thread.isMainThread else { return false }
        CurrentScheduler.set(main)
        return true
    }

    /// Runs `block` with `current` set to this scheduler, restoring the previous value after.
    /// Subclasses call it around every block they run.
    public final func performAsCurrentScheduler(_ block: () -> Void) {
        let previous = CurrentScheduler.get()
        CurrentScheduler.set(self)
        defer { CurrentScheduler.set(previous) }
        block()
    }

    // MARK: Time

    /// The scheduler's clock. Time-based operators read time only from here, so that they run
    /// in virtual time on a `TestScheduler`.
    open var now: Date { Date() }

    // MARK: Scheduling

    /// Schedules `block` to run as soon as possible; disposing the result before it starts
    /// cancels it.
    @discardableResult
    open func schedule(_ block: @escaping @Sendable () -> Void) -> Disposable? {
        preconditionFailure("Scheduler.schedule(_:) must be overridden by \(type(of: self))")
    }

    /// Schedules `block` to run at `date` or later; disposing the result before it starts
    /// cancels it.
    @discardableResult
    open func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> Disposable? {
        preconditionFailure("Scheduler.after(_:schedule:) must be overridden by \(type(of: self))")
    }

    /// Schedules `block` to run `seconds` from `now` (RAC's `-afterDelay:schedule:`).
    ///
    /// - Precondition: `seconds` is not negative (nor NaN).
    @discardableResult
    public final func afterDelay(_ seconds: TimeInterval, schedule block: @escaping @Sendable () -> Void) -> Disposable? {
        precondition(seconds >= 0, "Scheduler.afterDelay(_:schedule:): delay must not be negative, got \(seconds)")
        return after(now.addingTimeInterval(seconds), schedule: block)
    }

    /// Schedules `block` at `date` and then every `interval` seconds until the result is
    /// disposed (RAC's `-after:repeatingEvery:withLeeway:schedule:`). `leeway` lets the system
    /// defer a firing by up to that much. Disposing the result before the first firing
    /// cancels the timer outright.
    ///
    /// The arguments are checked here, for every kind of scheduler, before the scheduler's
    /// own `scheduleRepeating(after:interval:leeway:_:)` runs.
    ///
    /// - Precondition: `interval` is positive and `leeway` is not negative (neither NaN).
    ///   The immediate scheduler cannot run a repeating timer at all.
    @discardableResult
    public final func after(
        _ date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        schedule block: @escaping @Sendable () -> Void
    ) -> Disposable? {
        precondition(interval > 0, "Scheduler.after(_:repeatingEvery:withLeeway:schedule:): interval must be positive, got \(interval)")
        precondition(leeway >= 0, "Scheduler.after(_:repeatingEvery:withLeeway:schedule:): leeway must not be negative, got \(leeway)")
        return scheduleRepeating(after: date, interval: interval, leeway: leeway, block)
    }

    /// The repeating timer behind `after(_:repeatingEvery:withLeeway:schedule:)`, which has
    /// already checked the arguments. Subclasses override it; every firing runs inside
    /// `performAsCurrentScheduler(_:)`, and disposing the result stops the timer.
    @discardableResult
    open func scheduleRepeating(
        after date: Date, interval: TimeInterval, leeway: TimeInterval, _ block: @escaping @Sendable () -> Void
    ) -> Disposable? {
        preconditionFailure(
            "Scheduler.scheduleRepeating(after:interval:leeway:_:) must be overridden by \(type(of: self))")
    }

    /// Schedules `block`, which may call `reschedule` to run again, as many times as it likes,
    /// in constant stack: reschedules requested while the block runs are counted and performed
    /// after it returns (RAC's `scheduleRecursiveBlock:`, the trampoline of seed 002).
    /// Disposing the result stops the recursion and releases `block`.
    @discardableResult
    open func scheduleRecursive(_ block: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void) -> Disposable? {
        let recursion = RecursiveSchedule(scheduler: self, block: block)
        recursion.scheduleNext()
        return recursion
    }

    /// Whether `enqueueDelivery(_:)` is available: the scheduler keeps its blocks in a queue of
    /// its own, where a unit of `deliver(on:)` takes its place among them without a block of its
    /// own (`TargetQueueScheduler`). Other schedulers get one `schedule(_:)` block per event.
    var acceptsDeliveries: Bool { false }

    /// Queues one `performDelivery()` of `delivery` behind everything scheduled so far; only
    /// where `acceptsDeliveries`.
    func enqueueDelivery(_ delivery: any ScheduledDelivery) {
        preconditionFailure("Scheduler.enqueueDelivery(_:) is not available on \(type(of: self))")
    }

    /// Runs one `performDelivery()` of `delivery` here: queued as itself where
    /// `acceptsDeliveries` (nil: disposal of the delivery's owner makes it do nothing), else
    /// in a scheduled block, whose disposable cancels it.
    final func schedule(delivery: any ScheduledDelivery) -> Disposable? {
        if acceptsDeliveries {
            enqueueDelivery(delivery)
            return nil
        }
        return schedule { delivery.performDelivery() }
    }

    /// A timer whose deadline moves (see `DeadlineTimer`): by default one `after` block per
    /// deadline, the replaced one cancelled, which is what a `TestScheduler` must see.
    func makeDeadlineTimer(_ handler: @escaping @Sendable (UInt64) -> Void) -> DeadlineTimer {
        ScheduledDeadlineTimer(scheduler: self, handler: handler)
    }

    /// Whether `schedule(_:)` would run a block at once, on this thread, without making
    /// itself current (the subscription scheduler when a scheduler is current). The
    /// recursion trampoline then runs the block directly: nothing to cancel, nothing to
    /// allocate.
    var runsBlocksInline: Bool { false }
}
