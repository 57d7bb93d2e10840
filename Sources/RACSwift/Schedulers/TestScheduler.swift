import Foundation

/// A scheduler with a virtual clock, for tests (RACTestScheduler plus virtual time).
///
/// Nothing runs until the test says so. `now` starts at `startDate`
/// (`Date(timeIntervalSinceReferenceDate: 0)`); `schedule` enqueues a block at `now`, `after`
/// at its date (a past date runs first, without turning the clock back). Blocks run in date
/// order, ties in the order they were scheduled; running a block moves `now` forward to the
/// block's date, never back. A block scheduled while blocks run joins the same queue, so one
/// scheduled for the current instant runs in the same `advance`/`stepAll`, after those already
/// waiting for that instant. A repeating timer fires at exact virtual instants
/// (`date + k × interval`; leeway is ignored). While a block runs, this scheduler is
/// `Scheduler.current`.
///
/// A cancelled block is dropped (and releases what it captured) at once. Its place in the queue
/// stays until its turn comes: then it runs nothing and leaves the clock alone, but counts as
/// one of the blocks `step(_:)` was asked to run, as in RAC.
public final class TestScheduler: Scheduler, @unchecked Sendable {
    /// Where the virtual clock starts.
    public static let startDate = Date(timeIntervalSinceReferenceDate: 0)

    private let lock = UnfairLock()
    private var queue = ActionHeap()  // guarded by `lock`
    private var sequence: UInt64 = 0  // guarded by `lock`
    // Guarded by `lock`. Times are kept as seconds since the reference date (exactly what a
    // Date stores): plain Doubles compare and copy cheaply in the queue.
    private var clock = TestScheduler.startDate.timeIntervalSinceReferenceDate
    // How recursions reach the scheduler for a reschedule asked for outside a run, without a
    // weak reference (which would put every retain of the scheduler on the slow path).
    private lazy var handle = SchedulerHandle(self)

    /// A scheduler whose clock stands at `startDate` with nothing queued (RAC's
    /// `-[RACTestScheduler init]`).
    public init() {
        super.init(name: "RACSwift.TestScheduler")
    }

    // Timers re-arm themselves through their queued action; clearing every queued block
    // breaks those cycles when the scheduler goes away with timers still running.
    deinit {
        handle.invalidate()
        for entry in queue.entries {
            if case .block(let action) = entry.work { action.dispose() }
        }
    }

    /// The virtual clock: `TestScheduler.startDate` until a step or an advance moves it.
    override public var now: Date { Date(timeIntervalSinceReferenceDate: lock.withLock { clock }) }

    /// The number of blocks waiting to run, cancelled ones that have not been reached yet
    /// included.
    public var scheduledCount: Int { lock.withLock { queue.count } }

    /// Queues `block` at the current virtual time; it runs on a later `step()`, `advance` or
    /// `run()`, never synchronously.
    @discardableResult
    override public func schedule(_ block: @escaping @Sendable () -> Void) -> Disposable? {
        lock.withLock { enqueue(at: clock, block) }
    }

    /// Queues `block` at the virtual time `date`; blocks of one instant run in the order they
    /// were queued.
    @discardableResult
    override public func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> Disposable? {
        lock.withLock { enqueue(at: date.timeIntervalSinceReferenceDate, block) }
    }

    /// A virtual timer: queues `block` at `date`, then every `interval` virtual seconds (the
    /// leeway is ignored), until disposed.
    @discardableResult
    override public func scheduleRepeating(
        after date: Date, interval: TimeInterval, leeway: TimeInterval, _ block: @escaping @Sendable () -> Void
    ) -> Disposable? {
        let timer = VirtualTimer(scheduler: self, start: date, interval: interval, block: block)
        timer.arm()
        return timer
    }

    /// Runs `block` on this scheduler; each run of it, and each reschedule, is one queued
    /// entry (one `step()`), as if scheduled with `schedule(_:)`.
    // Each run of a recursive block is one queued entry (one step), as if scheduled with
    // `schedule`; the entries share the recursion object instead of allocating per run, which
    // keeps a million synchronous reschedules cheap.
    @discardableResult
    override public func scheduleRecursive(_ block: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void) -> Disposable? {
        let recursion = VirtualRecursion(handle: lock.withLock { handle }, block: block)
        enqueueRun(of: recursion)
        return recursion
    }

    fileprivate func enqueueAction(at date: Date, _ block: @escaping () -> Void) -> Disposable {
        lock.withLock { enqueue(at: date.timeIntervalSinceReferenceDate, block) }
    }

    fileprivate func enqueueRun(of recursion: VirtualRecursion) {
        lock.withLock {
            sequence += 1
            queue.insert(QueueEntry(time: clock, sequence: sequence, work: .recursion(recursion)))
        }
    }

    private func enqueue(at time: TimeInterval, _ block: @escaping () -> Void) -> Disposable {
        sequence += 1
        let action = ScheduledAction(block: block)
        queue.insert(QueueEntry(time: time, sequence: sequence, work: .block(action)))
        return action
    }

    // MARK: Driving

    /// Takes the next scheduled block off the queue and runs it, if any (RAC's `-step`). A
    /// cancelled block taken off counts as the step and runs nothing.
    public func step() {
        step(1)
    }

    /// Takes the next `ticks` scheduled blocks off the queue, or as many as there are, and
    /// runs those not cancelled (RAC's `-step:`: a cancelled block still counts as one).
    ///
    /// - Precondition: `ticks` is not negative.
    public func step(_ ticks: Int) {
        precondition(ticks >= 0, "TestScheduler.step(_:): ticks must not be negative, got \(ticks)")
        var remaining = ticks
        while remaining > 0, takeNext(until: nil) { remaining -= 1 }
    }

    /// Runs blocks until none is left, including those scheduled while running
    /// (RAC's `-stepAll`). With a repeating timer running this never returns: use
    /// `advance(by:)` or `advance(to:)`.
    public func stepAll() {
        while takeNext(until: nil) {}
    }

    /// Same as `stepAll()`.
    public func run() {
        stepAll()
    }

    /// Runs every block due within `interval` seconds from `now`, then sets `now` to that
    /// instant.
    ///
    /// - Precondition: `interval` is not negative.
    public func advance(by interval: TimeInterval) {
        precondition(interval >= 0, "TestScheduler.advance(by:): interval must not be negative, got \(interval)")
        advance(to: now.addingTimeInterval(interval))
    }

    /// Runs every block due at or before `date` — also those scheduled meanwhile — then sets
    /// `now` to `date` if it is later. A date in the past runs only blocks due by then (and
    /// leaves `now` alone).
    public func advance(to date: Date) {
        let limit = date.timeIntervalSinceReferenceDate
        while takeNext(until: limit) {}
        lock.withLock { if clock < limit { clock = limit } }
    }

    /// Takes the first block due off the queue and runs it unless it was cancelled (which
    /// leaves the clock alone); false when nothing is due.
    private func takeNext(until limit: TimeInterval?) -> Bool {
        let next: QueueEntry.Work?? = lock.withLock {
            guard let first = queue.first else { return .none }
            if let limit, first.time > limit { return .none }
            queue.removeFirst()
            if first.work.isCancelled { return .some(nil) }
            if clock < first.time { clock = first.time }
            return .some(first.work)
        }
        switch next {
        case nil:
            return false
        case nil?:
            break  // cancelled: taken off, nothing runs
        case .block(let action)??:
            // nil if cancelled between being taken off and now.
            if let block = action.take() { performAsCurrentScheduler(block) }
        case .recursion(let recursion)??:
            performAsCurrentScheduler { recursion.run(on: self) }
        }
        return true
    }
}

private struct QueueEntry {
    enum Work {
        case block(ScheduledAction)
        case recursion(VirtualRecursion)

        var isCancelled: Bool {
            switch self {
            case .block(let action): return action.isDisposed
            case .recursion(let recursion): return recursion.isDisposed
            }
        }
    }

    let time: TimeInterval  // since the reference date
    let sequence: UInt64
    let work: Work
}

/// Reaches a `TestScheduler` while it is alive. The scheduler invalidates it in `deinit`;
/// holding `lock` across the use keeps the scheduler's memory valid even if `deinit` has
/// begun on another thread (it waits for the lock).
private final class SchedulerHandle: @unchecked Sendable {
    private let lock = UnfairLock()
    private unowned(unsafe) let scheduler: TestScheduler
    private var isAlive = true  // guarded by `lock`

    init(_ scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    func invalidate() {
        lock.withLock { isAlive = false }
    }

    func withScheduler(_ body: (TestScheduler) -> Void) {
        lock.withLock { if isAlive { body(scheduler) } }
    }
}

/// A `scheduleRecursive` on a `TestScheduler`; its rules are `RecursionState`'s. Reschedules
/// asked for while the block runs are queued when it returns (so the stack never grows);
/// later ones are queued at once.
private final class VirtualRecursion: Disposable, @unchecked Sendable {
    typealias Block = (_ reschedule: @escaping @Sendable () -> Void) -> Void

    private let handle: SchedulerHandle
    private let lock = UnfairLock()
    @exclusivity(unchecked) private var state: RecursionState<Block>  // guarded by `lock`

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
private final class ScheduledAction: Disposable, @unchecked Sendable {
    private let lock = UnfairLock()
    private var block: (() -> Void)?  // guarded by `lock`; nil once taken or cancelled

    init(block: @escaping () -> Void) {
        self.block = block
        super.init()
    }

    /// The block, once; nil if cancelled.
    func take() -> (() -> Void)? {
        lock.withLock {
            let taken = block
            block = nil
            return taken
        }
    }

    override func dispose() {
        guard markDisposed() else { return }
        let released = lock.withLock { () -> (() -> Void)? in
            let taken = block
            block = nil
            return taken
        }
        _ = released  // released outside the lock: its captures may dispose more
    }
}

/// A repeating timer in virtual time: each firing queues the next at `start + k × interval`,
/// computed from the start so that it never drifts.
private final class VirtualTimer: Disposable, @unchecked Sendable {
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

/// A binary min-heap of queue entries ordered by (time, sequence).
private struct ActionHeap {
    private(set) var entries: [QueueEntry] = []

    var count: Int { entries.count }
    var first: QueueEntry? { entries.first }

    private static func before(_ a: QueueEntry, _ b: QueueEntry) -> Bool {
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }

    mutating func insert(_ entry: QueueEntry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(entries[child], entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, Self.before(entries[left], entries[smallest]) { smallest = left }
            if right < entries.count, Self.before(entries[right], entries[smallest]) { smallest = right }
            if smallest == parent { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
