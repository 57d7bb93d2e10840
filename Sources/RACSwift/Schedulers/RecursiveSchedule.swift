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
    private let lock = UnfairLock()
    // Guarded by `lock`.
    @exclusivity(unchecked) private var state: RecursionState<Block>
    @exclusivity(unchecked) private var outstanding = FIFO<Outstanding>()
    @exclusivity(unchecked) private var scheduledRuns = 0  // runs handed to a non-inline scheduler
    @exclusivity(unchecked) private var startedRuns = 0  // ... and started

    private struct Outstanding {
        let index: Int
        let disposable: Disposable
    }

    init(scheduler: Scheduler, block: @escaping Block) {
        self.scheduler = scheduler
        self.state = RecursionState(block: block)
        super.init()
    }

    override func dispose() {
        let taken = lock.withLock { () -> (block: Block?, cancelled: [Disposable])? in
            guard markDisposed() else { return nil }
            defer { outstanding.removeAll() }
            return (state.dispose(), outstanding.elements.map(\.disposable))
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
        let start = lock.withLock { () -> RecursionState<Block>.Start in
            if counted {
                startedRuns += 1
                while let first = outstanding.first, first.index <= startedRuns { outstanding.removeFirst() }
            }
            return state.runStarted()
        }
        guard case .run(let current) = start else { return }
        let reschedule: @Sendable () -> Void = { self.reschedule() }
        current(reschedule)
        var action = lock.withLock { state.runEnded() }
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
            action = lock.withLock { state.performedRun() }
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
