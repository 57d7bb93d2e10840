import Dispatch
import Foundation

/// Where and when work runs (RACScheduler).
///
/// Subclass it to make a scheduler of your own, as RAC code subclasses RACScheduler: override
/// `schedule(_:)`, `after(_:schedule:)`, `after(_:repeatingEvery:withLeeway:schedule:)` and,
/// for a virtual clock, `now`; run each block inside `performAsCurrentScheduler(_:)`.
open class Scheduler: @unchecked Sendable {
    /// RACSchedulerPriority: the global queue a background scheduler targets.
    public enum Priority: Sendable {
        case high, `default`, low, background

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

    public init(name: String? = nil) {
        self.name = name ?? "RACSwift.Scheduler.anonymous"
    }

    // MARK: The shared schedulers

    /// Runs blocks at once, on the calling thread; does not set `current` (RAC's
    /// `immediateScheduler`).
    public static let immediate: Scheduler = ImmediateScheduler()

    /// The main dispatch queue (RAC's `mainThreadScheduler`). `schedule` always enqueues, even
    /// when called on the main thread.
    public static let main: Scheduler = TargetQueueScheduler(
        name: "RACSwift.Scheduler.main", targetQueue: .main)

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
        return Thread.isMainThread ? main : nil
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
    open func schedule(_ block: @escaping () -> Void) -> Disposable? {
        preconditionFailure("Scheduler.schedule(_:) must be overridden by \(type(of: self))")
    }

    /// Schedules `block` to run at `date` or later; disposing the result before it starts
    /// cancels it.
    @discardableResult
    open func after(_ date: Date, schedule block: @escaping () -> Void) -> Disposable? {
        preconditionFailure("Scheduler.after(_:schedule:) must be overridden by \(type(of: self))")
    }

    /// Schedules `block` to run `seconds` from `now`.
    @discardableResult
    public func afterDelay(_ seconds: TimeInterval, schedule block: @escaping () -> Void) -> Disposable? {
        precondition(seconds >= 0, "Scheduler.afterDelay(_:schedule:): delay must not be negative, got \(seconds)")
        return after(now.addingTimeInterval(seconds), schedule: block)
    }

    /// Schedules `block` at `date` and then every `interval` seconds until the result is
    /// disposed. `leeway` lets the system defer a firing by up to that much.
    @discardableResult
    open func after(
        _ date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        schedule block: @escaping () -> Void
    ) -> Disposable? {
        preconditionFailure(
            "Scheduler.after(_:repeatingEvery:withLeeway:schedule:) must be overridden by \(type(of: self))")
    }

    /// Schedules `block`, which may call `reschedule` to run again, as many times as it likes,
    /// in constant stack: reschedules requested while the block runs are counted and performed
    /// after it returns (RAC's `scheduleRecursiveBlock:`, the trampoline of seed 002).
    /// Disposing the result stops the recursion.
    @discardableResult
    open func scheduleRecursive(_ block: @escaping (_ reschedule: @escaping () -> Void) -> Void) -> Disposable? {
        let disposable = CompoundDisposable()
        RecursiveSchedule(scheduler: self, block: block, disposable: disposable).scheduleNext()
        return disposable
    }
}

/// One `scheduleRecursive` in progress. Each run of the block counts the reschedules it asks
/// for while it is running and performs them after it returns, so a block that reschedules
/// synchronously on a synchronous scheduler loops here instead of growing the stack.
private final class RecursiveSchedule: @unchecked Sendable {
    let scheduler: Scheduler
    let block: (_ reschedule: @escaping () -> Void) -> Void
    let disposable: CompoundDisposable
    private let lock = UnfairLock()
    private var running = false  // guarded by `lock`: the block is executing
    private var pending = 0  // guarded by `lock`: reschedules asked for meanwhile
    private var draining = false  // guarded by `lock`: a loop below owns the pending count

    init(scheduler: Scheduler, block: @escaping (_ reschedule: @escaping () -> Void) -> Void,
         disposable: CompoundDisposable) {
        self.scheduler = scheduler
        self.block = block
        self.disposable = disposable
    }

    func scheduleNext() {
        guard !disposable.isDisposed else { return }
        let slot = SerialDisposable()
        disposable.add(slot)
        let scheduled = scheduler.schedule { [self] in
            disposable.remove(slot)
            run()
        }
        slot.disposable = scheduled
    }

    private func run() {
        guard !disposable.isDisposed else { return }
        lock.withLock { running = true }
        block { [self] in self.reschedule() }
        // Perform the reschedules asked for during the block; a synchronous scheduler runs
        // them (and their own requests) from this loop, one frame deep.
        let owner = lock.withLock { () -> Bool in
            running = false
            if draining || pending == 0 { return false }
            draining = true
            return true
        }
        guard owner else { return }
        while true {
            let go = lock.withLock { () -> Bool in
                if pending == 0 {
                    draining = false
                    return false
                }
                pending -= 1
                return true
            }
            guard go else { return }
            scheduleNext()
        }
    }

    private func reschedule() {
        let immediate = lock.withLock { () -> Bool in
            if running || draining {
                pending += 1
                return false
            }
            return true
        }
        if immediate { scheduleNext() }
    }
}

/// The per-thread "current scheduler", set while a scheduler runs a block.
enum CurrentScheduler {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "RACSwift: could not create the current-scheduler thread key (\(status))")
        return key
    }()

    @inline(__always)
    static func get() -> Scheduler? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Scheduler>.fromOpaque(raw).takeUnretainedValue()
    }

    // The scheduler outlives the block it runs, so the slot need not retain it.
    @inline(__always)
    static func set(_ scheduler: Scheduler?) {
        pthread_setspecific(key, scheduler.map { Unmanaged.passUnretained($0).toOpaque() })
    }
}
