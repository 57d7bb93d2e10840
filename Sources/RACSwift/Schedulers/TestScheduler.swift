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

    /// The queue and the clock, owned by one lock.
    private struct VirtualTime {
        var queue = ActionHeap()
        var sequence: UInt64 = 0
        // Seconds since the reference date (exactly what a Date stores): plain Doubles
        // compare and copy cheaply in the queue.
        var clock = TestScheduler.startDate.timeIntervalSinceReferenceDate
        // How recursions reach the scheduler for a reschedule asked for outside a run, made
        // with the first recursion. The scheduler holds no weak reference to itself, which
        // would put every retain of it on the slow path.
        var handle: SchedulerHandle?

        mutating func enqueue(at time: TimeInterval, _ work: QueueEntry.Work) {
            sequence += 1
            queue.insert(QueueEntry(time: time, sequence: sequence, work: work))
        }

        mutating func enqueue(at time: TimeInterval, _ block: @escaping () -> Void) -> Disposable {
            let action = ScheduledAction(block: block)
            enqueue(at: time, .block(action))
            return action
        }
    }

    private let time = LockedState(VirtualTime())

    /// A scheduler whose clock stands at `startDate` with nothing queued (RAC's
    /// `-[RACTestScheduler init]`).
    public init() {
        super.init(name: "RACSwift.TestScheduler")
    }

    // Timers re-arm themselves through their queued action; clearing every queued block
    // breaks those cycles when the scheduler goes away with timers still running.
    deinit {
        let (handle, entries) = time.withLock { ($0.handle, $0.queue.entries) }
        handle?.invalidate()
        for entry in entries {
            if case .block(let action) = entry.work { action.dispose() }
        }
    }

    /// The virtual clock: `TestScheduler.startDate` until a step or an advance moves it.
    override public var now: Date { Date(timeIntervalSinceReferenceDate: time.withLock { $0.clock }) }

    /// The number of blocks waiting to run, cancelled ones that have not been reached yet
    /// included.
    public var scheduledCount: Int { time.withLock { $0.queue.count } }

    /// Queues `block` at the current virtual time; it runs on a later `step()`, `advance` or
    /// `run()`, never synchronously.
    @discardableResult
    override public func schedule(_ block: @escaping @Sendable () -> Void) -> Disposable? {
        time.withLock { $0.enqueue(at: $0.clock, block) }
    }

    /// Queues `block` at the virtual time `date`; blocks of one instant run in the order they
    /// were queued.
    @discardableResult
    override public func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> Disposable? {
        time.withLock { $0.enqueue(at: date.timeIntervalSinceReferenceDate, block) }
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
        let recursion = VirtualRecursion(handle: recursionHandle(), block: block)
        enqueueRun(of: recursion)
        return recursion
    }

    private func recursionHandle() -> SchedulerHandle {
        time.withLock { time in
            if let handle = time.handle { return handle }
            let handle = SchedulerHandle(self)
            time.handle = handle
            return handle
        }
    }

    func enqueueAction(at date: Date, _ block: @escaping () -> Void) -> Disposable {
        time.withLock { $0.enqueue(at: date.timeIntervalSinceReferenceDate, block) }
    }

    func enqueueRun(of recursion: VirtualRecursion) {
        time.withLock { $0.enqueue(at: $0.clock, .recursion(recursion)) }
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
        time.withLock { if $0.clock < limit { $0.clock = limit } }
    }

    /// Takes the first block due off the queue and runs it unless it was cancelled (which
    /// leaves the clock alone); false when nothing is due.
    private func takeNext(until limit: TimeInterval?) -> Bool {
        let next: QueueEntry.Work?? = time.withLock { time in
            guard let first = time.queue.first else { return .none }
            if let limit, first.time > limit { return .none }
            time.queue.removeFirst()
            if first.work.isCancelled { return .some(nil) }
            if time.clock < first.time { time.clock = first.time }
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
