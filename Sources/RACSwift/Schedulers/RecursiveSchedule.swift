/// One `scheduleRecursive` on a real scheduler, and the disposable that stops it; its rules
/// are `RecursionState`'s.
///
/// A block that reschedules synchronously on a synchronous scheduler loops here instead of
/// growing the stack; a reschedule asked for later (from another thread, after the block
/// returned) is performed at once.
///
/// On a scheduler that runs blocks inline a turn costs no allocation. On any other, the
/// disposables of runs not yet started are kept in `outstanding` (oldest first: serial
/// schedulers start runs in the order they were scheduled) so that disposal cancels them;
/// every run also checks for disposal first, so cancellation holds whatever the order.
///
/// On a scheduler with a queue of its own (`acceptsDeliveries`) the recursion is itself the
/// unit queued for each run: no block, no disposable, nothing to cancel (a run that starts
/// after disposal finds the state disposed and does nothing).
final class RecursiveSchedule: Disposable, ScheduledDelivery, @unchecked Sendable {
    typealias Block = (_ reschedule: @escaping @Sendable () -> Void) -> Void

    private let scheduler: Scheduler
    /// The scheduler has a queue of its own (`acceptsDeliveries`): each run is this object,
    /// queued there, never run inline.
    private let queuesRuns: Bool
    private let lock = UnfairLock()
    // Guarded by `lock`.
    /// The rules; its "block" is only a marker. The block itself is `block`, stored as its
    /// own type: kept in the generic state it was stored at the generic abstraction, and every
    /// call through it reabstracted `reschedule` into a new closure (W16, issue 28d).
    private var state: RecursionState<Bool>
    private var block: Block?
    /// The `reschedule` handed to the block, made by the first run and kept while the runs
    /// reschedule (one closure per recursion, not per turn). It holds the recursion, so it is
    /// let go of when a run ends without rescheduling and on disposal; a block that kept it
    /// and calls it later still reaches the recursion, and the next run makes another.
    private var cachedReschedule: (@Sendable () -> Void)?
    // Unchecked, measured: the optimizer keeps its dynamic check; W16 +16 %, W21 +17 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var outstanding = FIFO<Outstanding>()
    private var scheduledRuns = 0  // runs handed to a non-inline scheduler
    private var startedRuns = 0  // ... and started

    private struct Outstanding {
        let index: Int
        let disposable: Disposable
    }

    init(scheduler: Scheduler, block: @escaping Block) {
        self.scheduler = scheduler
        self.queuesRuns = scheduler.acceptsDeliveries
        self.state = RecursionState(block: true)
        self.block = block
        super.init()
    }

    override func dispose() {
        let taken = lock.withLock { () -> (block: Block?, reschedule: (@Sendable () -> Void)?, cancelled: [Disposable])? in
            guard markDisposed() else { return nil }
            defer { outstanding.removeAll() }
            _ = state.dispose()
            return (block.take(), cachedReschedule.take(), outstanding.elements.map(\.disposable))
        }
        // The block is released here, outside the lock (see `RecursionState.dispose`).
        for disposable in taken?.cancelled ?? [] { disposable.dispose() }
    }

    func scheduleNext() {
        if isDisposed { return }
        if scheduler.runsBlocksInline {
            run(counted: false)
            return
        }
        if scheduler.acceptsDeliveries {
            scheduler.enqueueDelivery(self)
            return
        }
        let index = lock.withLock { () -> Int in
            scheduledRuns += 1
            return scheduledRuns
        }
        guard let scheduled = scheduler.schedule({ self.run(counted: true) }) else { return }
        // The run may have started (inline, or on another thread) before `schedule` returned;
        // then there is nothing left to cancel.
        let keep = lock.withLock { () -> Bool in
            if isDisposed { return false }
            if index > startedRuns { outstanding.append(Outstanding(index: index, disposable: scheduled)) }
            return true
        }
        if !keep { scheduled.dispose() }
    }

    /// One run of the block; `counted` when a non-inline scheduler started it.
    private func run(counted: Bool) {
        // Locked by hand rather than with `withLock`: functions returned through its generic
        // result are reabstracted, each into a new closure.
        lock.lock()
        if counted {
            startedRuns += 1
            while let first = outstanding.first, first.index <= startedRuns { outstanding.removeFirst() }
        }
        guard case .run = state.runStarted(), let current = block else {
            lock.unlock()
            return
        }
        let reschedule: @Sendable () -> Void
        if let cachedReschedule {
            reschedule = cachedReschedule
        } else {
            reschedule = { self.reschedule() }
            cachedReschedule = reschedule
        }
        lock.unlock()
        current(reschedule)
        if queuesRuns {
            // One lock round: the runs are queued behind everything already waiting, so
            // queueing them all now is what performing them one by one would do.
            let count = lock.withLock { () -> Int in
                let count = state.runEndedQueueingAll()
                if count == 0 { cachedReschedule = nil }
                return count
            }
            for _ in 0..<count where !isDisposed { scheduler.enqueueDelivery(self) }
            return
        }
        var action = lock.withLock { () -> RecursionState<Bool>.Action in
            let action = state.runEnded()
            // Nothing to perform from this frame: the recursion may stop here, so the closure
            // (which holds it) is let go of; should it go on, the next run makes another.
            if case .none = action { cachedReschedule = nil }
            return action
        }
        // On an inline scheduler the reschedules (and the ones they ask for) run right here,
        // one frame deep, without allocating; whether the scheduler is inline cannot change
        // while we stay on this thread.
        let inline = scheduler.runsBlocksInline
        while case .performRun = action {
            if inline {
                current(reschedule)
            } else {
                scheduleNext()
            }
            action = lock.withLock { () -> RecursionState<Bool>.Action in
                let action = state.performedRun()
                // This frame's last reschedule is performed (run inline, or handed to the
                // scheduler, whose run makes a closure of its own if it needs one).
                if case .none = action { cachedReschedule = nil }
                return action
            }
        }
    }

    private func reschedule() {
        if case .performRun = lock.withLock({ state.reschedule() }) { scheduleNext() }
    }

    /// A run queued with `enqueueDelivery`.
    func performDelivery() {
        run(counted: false)
    }
}
