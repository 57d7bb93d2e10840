import Dispatch
import Foundation

/// A serial scheduler running its blocks on a private queue that targets `targetQueue`
/// (RACTargetQueueScheduler). The main and background schedulers are of this kind.
///
/// Blocks run one at a time, in the order they were scheduled, with this scheduler as
/// `Scheduler.current`.
///
/// Blocks scheduled with `schedule(_:)` and the events of `deliver(on:)` wait in one queue of
/// the scheduler's own, in the order they were scheduled, and reach Dispatch in batches: one
/// `async` on `queue` runs every block waiting when it starts (issue 28). So a block scheduled
/// between two events of a `deliver(on:)` still runs between them, as with one `async` per
/// block, while a burst of events costs one hand-off to the queue. A batch takes only what was
/// waiting when it started; what is scheduled while it runs goes to the next one, behind
/// whatever reached `queue` meanwhile (timers). Blocks submitted to `queue` directly are not
/// in that order: like any queue targeting another, they may run after a batch that was
/// scheduled later.
///
/// While none of the scheduler's timers is armed (`after` blocks waiting, `scheduleRepeating`
/// not disposed, a time operator's deadline set), nothing but its batches can put work on
/// `queue` through it, so a batch that ends with more waiting runs those too, up to
/// `roundsPerBatch` rounds, instead of handing on through Dispatch: the order is the one a new
/// batch would give (W16, a `scheduleRecursive` turn per round, issue 28e). The main scheduler
/// always hands on, so that the main queue's other work (the run loop) gets its turn between
/// batches.
public final class TargetQueueScheduler: Scheduler, @unchecked Sendable {
    /// The private serial queue the blocks run on.
    public let queue: DispatchQueue

    private let lock = UnfairLock()
    // Guarded by `lock`: the units waiting for the next batch, the buffer the running batch
    // hands back for reuse, and whether a batch is on `queue` or running.
    // Unchecked, measured: the optimizer keeps its dynamic check; W14 +14 %, W15 +64 %, W16 +16 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var waiting: [any ScheduledDelivery] = []
    private var spare: [any ScheduledDelivery] = []
    private var isBatchScheduled = false
    /// A batch may go on in place with what was scheduled while it ran (see the type's notes):
    /// not on the main queue, whose run loop must get its turns.
    private let continuesBatches: Bool
    /// Rounds one batch runs before handing on through Dispatch, so that a recursion that never
    /// ends still lets the other queues on the target have the thread now and then.
    static let roundsPerBatch = 64
    /// The scheduler's armed timers: each counts itself before its source can fire (and
    /// uncounts itself once a firing would do nothing), so that a batch that reads zero knows no
    /// timer handler that does anything can be on `queue` ahead of the units it goes on with —
    /// one that reached `queue` must run before what was scheduled after it, as in RAC. An
    /// atomic, so that the timers count themselves under their own locks.
    private let armedTimers = AtomicCounter()
    /// What each batch submits to `queue`: made once, so that a hand-off allocates nothing (a
    /// closure given to `async` is copied into a new block every time). It does not retain
    /// the scheduler; a scheduled batch does (see `startBatch`). Written once, in `init`, and
    /// only read after: unchecked, or every batch paid a dynamic exclusivity check (W16).
    private var batchWork: DispatchWorkItem?
    /// This scheduler, unretained: what `batchWork` runs, and what a batch run retains by hand
    /// from `startBatch` until its last batch returns (`UnretainedReference`'s second rule).
    /// Written once, in `init`, like `batchWork`.
    private var unretainedSelf: UnretainedReference<TargetQueueScheduler>?
    /// The `after` blocks behind one timer (see `TimedBlockQueue`), made by the first `after`.
    private var timedBlocks: TimedBlockQueue?  // guarded by `lock`

    /// A scheduler whose serial queue `name` targets `targetQueue`
    /// (RAC's `-initWithName:targetQueue:`).
    public init(name: String, targetQueue: DispatchQueue) {
        queue = DispatchQueue(label: name, target: targetQueue)
        continuesBatches = targetQueue.label != DispatchQueue.main.label
        super.init(name: name)
        let unretainedSelf = UnretainedReference(self)
        self.unretainedSelf = unretainedSelf
        batchWork = DispatchWorkItem { unretainedSelf.withObject { $0.runBatch() } }
    }

    deinit {
        timedBlocks?.shutDown()
    }

    /// Submits the first batch of a run of them; the scheduler stays alive until the last one
    /// has run (the work item does not hold it).
    private func startBatch() {
        unretainedSelf!.retain()
        queue.async(execute: batchWork!)
    }

    /// Runs `block` asynchronously on the queue, as the current scheduler; disposing before it
    /// starts cancels it.
    @discardableResult
    override public func schedule(_ block: @escaping @Sendable () -> Void) -> Disposable? {
        let scheduled = QueuedBlock(block: block)
        enqueue(scheduled)
        return scheduled
    }

    override var acceptsDeliveries: Bool { true }

    override func enqueueDelivery(_ delivery: any ScheduledDelivery) {
        enqueue(delivery)
    }

    /// Queues `delivery` if `accept`, run under the scheduler's lock, returns true: a
    /// `DeliveryBuffer` stores its event there, so that the event and its unit are queued in one
    /// step, under one lock.
    func enqueueDelivery(_ delivery: any ScheduledDelivery, if accept: () -> Bool) {
        let startsBatch = lock.withLock { () -> Bool in
            guard accept() else { return false }
            waiting.append(delivery)
            if isBatchScheduled { return false }
            isBatchScheduled = true
            return true
        }
        if startsBatch { startBatch() }
    }

    /// Runs `body` under the scheduler's lock (the lock of the `DeliveryBuffer`s queued here).
    func withQueueLock<R>(_ body: () -> R) -> R {
        lock.withLock(body)
    }

    override func makeDeadlineTimer(_ handler: @escaping @Sendable (UInt64) -> Void) -> DeadlineTimer {
        QueueDeadlineTimer(scheduler: self, handler: handler)
    }

    private func enqueue(_ unit: any ScheduledDelivery) {
        let startsBatch = lock.withLock { () -> Bool in
            waiting.append(unit)
            if isBatchScheduled { return false }
            isBatchScheduled = true
            return true
        }
        if startsBatch { startBatch() }
    }

    /// Whether the scheduler's batches may go on in place (see the type's notes).
    var continuesBatchesInPlace: Bool {
        continuesBatches && armedTimers.value == 0
    }

    /// A timer of this scheduler is armed: called before its source can fire.
    func timerArmed() {
        armedTimers.add(1)
    }

    /// A timer counted by `timerArmed()` will do nothing when it fires (or has fired).
    func timerDisarmed() {
        armedTimers.add(-1)
    }

    /// Runs the units waiting when it starts, then hands on to a new batch if more came (or,
    /// while no timer can have reached `queue`, runs them itself: see the type's notes).
    private func runBatch() {
        var batch = lock.withLock { () -> [any ScheduledDelivery] in
            let taken = waiting
            waiting = spare
            spare = []
            return taken
        }
        var again = false
        // `Scheduler.current` is set once for all the rounds.
        performAsCurrentScheduler {
            var rounds = 1
            while true {
                for unit in batch { unit.performDelivery() }
                batch.removeAll(keepingCapacity: true)
                let goesOn = lock.withLock { () -> Bool in
                    if waiting.isEmpty {
                        isBatchScheduled = false
                    } else if rounds < Self.roundsPerBatch && continuesBatchesInPlace {
                        // The next round's units become the batch; the emptied buffer waits.
                        swap(&batch, &waiting)
                        return true
                    } else {
                        again = true
                    }
                    if spare.capacity < batch.capacity { swap(&spare, &batch) }
                    return false
                }
                if !goesOn { return }
                rounds += 1
            }
        }
        if again {
            queue.async(execute: batchWork!)
        } else {
            unretainedSelf!.release()
        }
    }

    /// Runs `block` on the queue at `date` (wall-clock time), as the current scheduler; disposing
    /// before then cancels it. A scheduler's `after` blocks wait behind one dispatch timer, in
    /// date order (blocks of one date in the order they were scheduled).
    @discardableResult
    override public func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> Disposable? {
        let timers = lock.withLock { () -> TimedBlockQueue in
            if let timedBlocks { return timedBlocks }
            let made = TimedBlockQueue(queue: queue)
            timedBlocks = made
            return made
        }
        return timers.add(block, at: date, on: self)
    }

    /// A dispatch timer on the queue: first at `date`, then every `interval` seconds within
    /// `leeway`, each run as the current scheduler, until disposed.
    @discardableResult
    override public func scheduleRepeating(
        after date: Date, interval: TimeInterval, leeway: TimeInterval, _ block: @escaping @Sendable () -> Void
    ) -> Disposable? {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        // Cancelling a source does not stop a handler that is already enqueued, so each firing
        // checks the flag too. The handler (and `block`) is released when the source is
        // cancelled.
        // A dispatch source may be cancelled from any thread.
        let source = UncheckedSendable(timer)
        // Counted from now until disposal: a repeating timer is armed all that time.
        timerArmed()
        let disposable = Disposable { [self] in
            source.value.cancel()
            timerDisarmed()
        }
        let work = UncheckedSendable(block)
        timer.setEventHandler { [self] in
            if disposable.isDisposed { return }
            performAsCurrentScheduler(work.value)
        }
        timer.schedule(
            wallDeadline: Self.wallTime(date),
            repeating: Self.dispatchInterval(interval),
            leeway: Self.dispatchInterval(leeway))
        timer.resume()
        return disposable
    }

    /// `seconds` as a dispatch interval, in the finest unit whose count fits in an `Int`:
    /// nanoseconds overflow a 32-bit `Int` (watchOS on arm64_32) past about two seconds.
    /// Clamped: a negative (or NaN) span is zero, and a span too long for whole seconds is
    /// "practically never" rather than a trap converting to `Int`. Half of `intMax` leaves
    /// Dispatch room to add the interval to a time.
    static func dispatchInterval(_ seconds: TimeInterval, intMax: Int = .max) -> DispatchTimeInterval {
        guard seconds > 0 else { return .nanoseconds(0) }
        let limit = Double(intMax / 2)
        let nanoseconds = (seconds * 1e9).rounded()
        if nanoseconds < limit { return .nanoseconds(Int(nanoseconds)) }
        let microseconds = (seconds * 1e6).rounded()
        if microseconds < limit { return .microseconds(Int(microseconds)) }
        let milliseconds = (seconds * 1e3).rounded()
        if milliseconds < limit { return .milliseconds(Int(milliseconds)) }
        return .seconds(seconds.rounded() < limit ? Int(seconds.rounded()) : intMax / 2)
    }

    static func wallTime(_ date: Date) -> DispatchWallTime {
        .now() + dispatchInterval(date.timeIntervalSinceNow)
    }
}

/// A block waiting in a `TargetQueueScheduler`, and the disposable that cancels it.
private final class QueuedBlock: Disposable, ScheduledDelivery, @unchecked Sendable {
    /// Let go of once performed: the caller may keep this disposable long after (a recursion's
    /// outstanding runs, a subscription's compound), and the block's captures often hold the
    /// caller — kept, they made a cycle (LeakSanitizer found a finished `scheduleRecursive`
    /// kept alive this way). Only the batch that performs it, once, on the queue, touches it.
    private var block: (@Sendable () -> Void)?

    init(block: @escaping @Sendable () -> Void) {
        self.block = block
        super.init()
    }

    func performDelivery() {
        let block = self.block.take()
        if !isDisposed { block?() }
    }
}
