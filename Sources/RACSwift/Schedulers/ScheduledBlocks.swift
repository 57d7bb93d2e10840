import Foundation

/// The blocks a time or thread operator (`delay`, `deliver(on:)`) has scheduled and that have
/// not run yet, so that disposal cancels every one of them (contract §6).
///
/// RAC adds each scheduled block's disposable to the subscription's compound and never takes it
/// out, so a long-lived `delay` grows without bound; here a block leaves the set when it runs,
/// in O(1). Once disposed, the set cancels what it holds and refuses new blocks, and a block
/// that was already dequeued by its scheduler finds itself gone and does nothing.
final class ScheduledBlocks: Disposable, @unchecked Sendable {
    private let lock = UnfairLock()
    // Guarded by `lock`. A nil entry is a block whose scheduler has not returned its disposable
    // yet: it may even have run already, inline, on a synchronous scheduler.
    private var blocks: [UInt64: Disposable?] = [:]
    private var nextID: UInt64 = 0
    private var isDisposing = false

    override init() {
        super.init()
    }

    /// Schedules `block` with `schedule` (which passes it on to a scheduler and returns the
    /// scheduler's disposable). `block` runs at most once, and never after `dispose()`.
    func schedule(
        _ block: @escaping () -> Void,
        with schedule: (_ wrapped: @escaping @Sendable () -> Void) -> Disposable?
    ) {
        // `delay` and `deliver(on:)` carry values across threads in these blocks; values are of
        // any type, as in RAC (see "Signals and Swift Concurrency"). Each block runs at most
        // once, after the scheduler has taken it from here.
        nonisolated(unsafe) let block = block
        let id: UInt64? = lock.withLock {
            if isDisposing { return nil }
            nextID += 1
            blocks.updateValue(nil, forKey: nextID)
            return nextID
        }
        guard let id else { return }
        let scheduled = schedule { [self] in
            let isLive = lock.withLock { blocks.removeValue(forKey: id) != nil }
            if isLive { block() }
        }
        guard let scheduled else { return }
        let isPending = lock.withLock { () -> Bool in
            guard blocks[id] != nil else { return false }
            blocks[id] = scheduled
            return true
        }
        // Already run (a synchronous scheduler) or cancelled by a racing dispose.
        if !isPending { scheduled.dispose() }
    }

    /// The number of blocks scheduled and not yet run.
    var count: Int { lock.withLock { blocks.count } }

    override func dispose() {
        let pending: [Disposable?]? = lock.withLock {
            if isDisposing { return nil }
            isDisposing = true
            let taken = Array(blocks.values)
            blocks = [:]
            return taken
        }
        guard let pending else { return }
        _ = markDisposed()
        for case let disposable? in pending { disposable.dispose() }
    }
}

/// Where `throttle` and `delay` schedule their timers when the caller names no scheduler —
/// RAC's rule, kept per event: the scheduler running the event (`Scheduler.current`), else one
/// background scheduler of the subscription's own, created the first time it is needed, so
/// that the subscription's timers run serially.
final class TimerSchedulerChoice: @unchecked Sendable {
    private let explicit: Scheduler?
    private let lock = UnfairLock()
    private var background: Scheduler?  // guarded by `lock`

    init(_ explicit: Scheduler?) {
        self.explicit = explicit
    }

    /// The scheduler for an event arriving on the calling thread.
    func scheduler() -> Scheduler {
        if let explicit { return explicit }
        if let current = Scheduler.current { return current }
        return lock.withLock {
            if let background { return background }
            let created = Scheduler.background()
            background = created
            return created
        }
    }
}
