import Foundation

/// Reaches a `TestScheduler` while it is alive. The scheduler invalidates it in `deinit`;
/// holding the lock across the use keeps the scheduler's memory valid even if `deinit` has
/// begun on another thread (it waits for the lock). Weak rather than an unchecked unowned reference: once
/// that deinit has begun the reference reads nil and the work is dropped, as it would be a
/// moment later by `invalidate`.
final class SchedulerHandle: @unchecked Sendable {
    private weak var scheduler: TestScheduler?
    private let isAlive = LockedState(true)

    init(_ scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    func invalidate() {
        isAlive.withLock { $0 = false }
    }

    func withScheduler(_ body: (TestScheduler) -> Void) {
        isAlive.withLock { isAlive in if isAlive, let scheduler { body(scheduler) } }
    }
}

/// A `scheduleRecursive` on a `TestScheduler`; its rules are `RecursionState`'s. Reschedules
/// asked for while the block runs are queued when it returns (so the stack never grows);
/// later ones are queued at once.
final class VirtualRecursion: Disposable, @unchecked Sendable {
    typealias Block = (_ reschedule: @escaping @Sendable () -> Void) -> Void

    private let handle: SchedulerHandle
    private let lock = UnfairLock()
    private var state: RecursionState<Block>  // guarded by `lock`

    init(handle: SchedulerHandle, block: @escaping Block) {
        self.handle = handle
        self.state = RecursionState(block: block)
        super.init()
    }

    func run(on scheduler: TestScheduler) {
        guard case .run(let current) = lock.withLock({ state.runStarted() }) else { return }
        current { self.reschedule() }
        var action = lock.withLock { state.runEnded() }
        // Performing a run here is queueing it: one entry (one step) per reschedule.
        while case .performRun = action {
            scheduler.enqueueRun(of: self)
            action = lock.withLock { state.performedRun() }
        }
    }

    private func reschedule() {
        if case .performRun = lock.withLock({ state.reschedule() }) {
            handle.withScheduler { $0.enqueueRun(of: self) }
        }
    }

    override func dispose() {
        let released = lock.withLock { () -> Block? in
            guard markDisposed() else { return nil }
            return state.dispose()
        }
        _ = released  // released outside the lock: its captures may dispose more
    }
}

/// A block waiting in a `TestScheduler`, and the disposable that cancels it.
final class ScheduledAction: Disposable, @unchecked Sendable {
    private let lock = UnfairLock()
    private var block: (() -> Void)?  // guarded by `lock`; nil once taken or cancelled

    init(block: @escaping () -> Void) {
        self.block = block
        super.init()
    }

    /// The block, once; nil if cancelled. Taken under the lock without the generic `withLock`:
    /// a closure returned as its generic result was wrapped in a reabstraction thunk, allocated
    /// at each run of a block (A2, one allocation per change; Benchmarks/HISTORY.md, "Issue 37:
    /// property observation, second pass (helper, 2026-12-02)").
    func take() -> (() -> Void)? {
        lock.lock()
        let taken = block
        block = nil
        lock.unlock()
        return taken
    }

    override func dispose() {
        guard markDisposed() else { return }
        let released = take()
        _ = released  // released outside the lock: its captures may dispose more
    }
}

/// A repeating timer in virtual time: each firing queues the next at `start + k × interval`,
/// computed from the start so that it never drifts.
final class VirtualTimer: Disposable, @unchecked Sendable {
    private unowned let scheduler: TestScheduler
    private let start: Date
    private let interval: TimeInterval
    private let lock = UnfairLock()
    // Guarded by `lock`.
    private var block: (() -> Void)?
    private var firings = 0
    private var pending: Disposable?

    init(scheduler: TestScheduler, start: Date, interval: TimeInterval, block: @escaping () -> Void) {
        self.scheduler = scheduler
        self.start = start
        self.interval = interval
        self.block = block
        super.init()
    }

    func arm() {
        let date = lock.withLock { start.addingTimeInterval(Double(firings) * interval) }
        let action = scheduler.enqueueAction(at: date) { self.fire() }
        let accepted = lock.withLock { () -> Bool in
            if isDisposed { return false }
            pending = action
            return true
        }
        if !accepted { action.dispose() }
    }

    private func fire() {
        let current = lock.withLock { () -> (() -> Void)? in
            if isDisposed { return nil }
            firings += 1
            return block
        }
        guard let current else { return }
        current()
        if !isDisposed { arm() }
    }

    override func dispose() {
        let (action, released) = lock.withLock { () -> (Disposable?, (() -> Void)?) in
            guard markDisposed() else { return (nil, nil) }
            defer { pending = nil; block = nil }
            return (pending, block)
        }
        action?.dispose()
        _ = released
    }
}
