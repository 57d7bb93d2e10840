/// The rules of one `scheduleRecursive`, shared by the real schedulers' trampoline
/// (`RecursiveSchedule`) and the virtual one (`VirtualRecursion`): RAC's
/// `scheduleRecursiveBlock:` counts the reschedules a block asks for while it runs and performs
/// them after it returns, so the stack does not grow.
///
/// A pure value: the trampoline calls each transition under its lock and performs the action
/// it returns after letting go (running the block, scheduling or queueing a run, releasing the
/// block). `Block` is the recursive block; the tests use any value.
struct RecursionState<Block> {
    /// What the trampoline does after a transition.
    enum Action {
        case none
        /// Perform one run: schedule it (or run the block at once, on an inline scheduler).
        case performRun
    }

    /// What a run that is starting does.
    enum Start {
        /// Disposed: nothing runs.
        case skip
        /// Run `Block`, then call `runEnded()`.
        case run(Block)
    }

    /// Nil once disposed.
    private var block: Block?
    /// Runs executing the block (more than one only when a run steps its own scheduler).
    private var running = 0
    /// Reschedules asked for while a run executed or the pending ones were being performed.
    private(set) var pending = 0
    /// A frame owns `pending`: it performs the reschedules one by one (`performedRun()`).
    private(set) var isDraining = false

    init(block: Block) {
        self.block = block
    }

    var isDisposed: Bool { block == nil }

    /// A run is starting.
    mutating func runStarted() -> Start {
        guard let block else { return .skip }
        running += 1
        return .run(block)
    }

    /// The block asked to run again.
    mutating func reschedule() -> Action {
        if isDisposed { return .none }
        if running > 0 || isDraining {
            pending += 1
            return .none
        }
        return .performRun
    }

    /// A run's block has returned. If nothing owns the pending count yet, the caller becomes
    /// its owner and performs the first reschedule at once.
    mutating func runEnded() -> Action {
        running -= 1
        if isDraining || pending == 0 || isDisposed { return .none }
        isDraining = true
        pending -= 1
        return .performRun
    }

    /// A run's block has returned, on a scheduler that queues a run without running it (a
    /// queue scheduler): the caller queues every reschedule the block asked for, at once — RAC's
    /// loop after the block returns — so nothing stays pending and no frame owns a count.
    mutating func runEndedQueueingAll() -> Int {
        running -= 1
        if isDraining || isDisposed { return 0 }
        defer { pending = 0 }
        return pending
    }

    /// The owner of the pending count has performed one run; it performs the next, if any.
    mutating func performedRun() -> Action {
        if pending == 0 || isDisposed {
            pending = 0
            isDraining = false
            return .none
        }
        pending -= 1
        return .performRun
    }

    /// Stops the recursion; returns the block, for the caller to release outside its lock
    /// (what it captured may, when freed, call back into the recursion), or nil if it was
    /// disposed already.
    mutating func dispose() -> Block? {
        defer { block = nil }
        return block
    }
}
