import Dispatch
import Foundation

/// A `TargetQueueScheduler`'s `after` blocks (issue 28d): one heap ordered by due date — then
/// by the order they were scheduled — behind one dispatch timer source on the scheduler's
/// queue, set for the earliest. Per block: the block's own object (its disposable), nothing
/// in Dispatch; `dispatch_after` makes a block, a continuation and a timer entry for each.
///
/// Wall-clock time, as RAC's `after:schedule:` (a wall-time `dispatch_after`): due dates are
/// `Date`'s seconds, the source is armed with a wall deadline, and a firing runs only the
/// blocks whose date has passed (it re-arms for the rest). A firing runs only blocks that were
/// scheduled before it started, so that one a block schedules for a date already past waits
/// for the next firing — behind what that block scheduled with `schedule(_:)`, as with a
/// `dispatch_after` of its own. Disposal takes a block out of the heap and releases it at
/// once. The heap holds the scheduler while it is not empty, so that a scheduler nobody else
/// keeps still runs what it was given.
final class TimedBlockQueue: @unchecked Sendable {
    private let lock = UnfairLock()
    private let source: DispatchSourceTimer
    // Guarded by `lock`.
    // Unchecked, measured: the optimizer keeps its dynamic check; W15 +64 %, W20 +67 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var heap: [TimedBlock] = []
    private var nextSequence: UInt64 = 0
    /// When the source fires next, if it is armed.
    private var armedFor: Double?
    private var isResumed = false
    /// The scheduler, held while the heap is not empty.
    private var owner: TargetQueueScheduler?

    init(queue: DispatchQueue) {
        source = DispatchSource.makeTimerSource(queue: queue)
        // The handler holds this object until the scheduler's deinit cancels the source.
        source.setEventHandler { [self] in fire() }
    }

    /// Queues `block` for `date` on `scheduler` (this queue's owner); its disposable.
    func add(_ block: @escaping @Sendable () -> Void, at date: Date, on scheduler: TargetQueueScheduler) -> Disposable {
        let due = date.timeIntervalSinceReferenceDate
        let timed = TimedBlock(block: block, due: due, queue: self)
        lock.withLock {
            // Held (and counted among the scheduler's armed timers) from the first block in
            // the heap until it is empty again, a firing included.
            if owner == nil {
                owner = scheduler
                scheduler.timerArmed()
            }
            timed.sequence = nextSequence
            nextSequence += 1
            push(timed)
            if let armedFor, armedFor <= due { return }
            arm(due)
        }
        return timed
    }

    /// Takes a disposed block out of the heap and returns its closure, for the caller to
    /// release; nil if it was no longer there (it ran, or is running).
    fileprivate func remove(_ timed: TimedBlock) -> (@Sendable () -> Void)? {
        let (block, released) = lock.withLock { () -> ((@Sendable () -> Void)?, TargetQueueScheduler?) in
            let index = timed.heapIndex
            guard index >= 0 else { return (nil, nil) }
            removeAt(index)
            let released = heap.isEmpty ? owner.take() : nil
            // A firing now does nothing.
            released?.timerDisarmed()
            return (timed.block.take(), released)
        }
        // The scheduler may go here, outside the lock (its deinit cancels the source).
        _ = released
        return block
    }

    /// The scheduler's deinit: nothing waits (the heap held the scheduler otherwise).
    func shutDown() {
        source.cancel()
        // A source that was never resumed must be resumed before it can be released.
        lock.withLock {
            if !isResumed {
                isResumed = true
                source.resume()
            }
        }
    }

    // Called with `lock` held.
    private func arm(_ due: Double) {
        armedFor = due
        // The leeway libdispatch gives a `dispatch_after` of the same delay: a tenth of it,
        // between 1 ms and 60 s.
        let delay = due - Date().timeIntervalSinceReferenceDate
        let leeway = Swift.min(Swift.max(delay / 10, 0.001), 60)
        source.schedule(
            wallDeadline: TargetQueueScheduler.wallTime(Date(timeIntervalSinceReferenceDate: due)),
            repeating: .never, leeway: TargetQueueScheduler.dispatchInterval(leeway))
        if !isResumed {
            isResumed = true
            source.resume()
        }
    }

    /// The source fired, on the scheduler's queue: runs the blocks due, then re-arms.
    private func fire() {
        let (scheduler, limit) = lock.withLock { () -> (TargetQueueScheduler?, UInt64) in
            armedFor = nil
            return (owner, nextSequence)
        }
        guard let scheduler else { return }
        let now = Date().timeIntervalSinceReferenceDate
        scheduler.performAsCurrentScheduler {
            while let timed = lock.withLock({ () -> TimedBlock? in
                guard let first = heap.first, first.due <= now, first.sequence < limit else {
                    return nil
                }
                removeAt(0)
                return first
            }) {
                timed.run()
            }
        }
        let released = lock.withLock { () -> TargetQueueScheduler? in
            guard let first = heap.first else {
                let released = owner.take()
                released?.timerDisarmed()
                return released
            }
            if armedFor.map({ first.due < $0 }) ?? true { arm(first.due) }
            return nil
        }
        _ = released
    }

    // MARK: The heap (with `lock` held)

    private func precedes(_ a: TimedBlock, _ b: TimedBlock) -> Bool {
        a.due < b.due || (a.due == b.due && a.sequence < b.sequence)
    }

    private func push(_ timed: TimedBlock) {
        heap.append(timed)
        siftUp(heap.count - 1)
    }

    private func removeAt(_ index: Int) {
        let removed = heap[index]
        let last = heap.removeLast()
        removed.heapIndex = -1
        guard index < heap.count else { return }
        heap[index] = last
        last.heapIndex = index
        siftDown(index)
        siftUp(index)
    }

    private func siftUp(_ start: Int) {
        var index = start
        let moving = heap[index]
        while index > 0 {
            let parent = (index - 1) / 2
            guard precedes(moving, heap[parent]) else { break }
            heap[index] = heap[parent]
            heap[index].heapIndex = index
            index = parent
        }
        heap[index] = moving
        moving.heapIndex = index
    }

    private func siftDown(_ start: Int) {
        var index = start
        let moving = heap[index]
        let count = heap.count
        while true {
            let left = 2 * index + 1
            if left >= count { break }
            let right = left + 1
            let child = right < count && precedes(heap[right], heap[left]) ? right : left
            guard precedes(heap[child], moving) else { break }
            heap[index] = heap[child]
            heap[index].heapIndex = index
            index = child
        }
        heap[index] = moving
        moving.heapIndex = index
    }
}

/// One `after` block of a `TargetQueueScheduler`, and the disposable that cancels it.
final class TimedBlock: Disposable, @unchecked Sendable {
    // Guarded by the queue's lock while in the heap; then touched only by the firing that took
    // it out, or by the disposal that did.
    fileprivate var block: (@Sendable () -> Void)?
    fileprivate let due: Double
    fileprivate var sequence: UInt64 = 0
    /// The block's place in the heap; -1 once out of it.
    fileprivate var heapIndex = -1
    private let queue: TimedBlockQueue

    fileprivate init(block: @escaping @Sendable () -> Void, due: Double, queue: TimedBlockQueue) {
        self.block = block
        self.due = due
        self.queue = queue
        super.init()
    }

    /// Run by the firing that took it out of the heap, as the current scheduler.
    fileprivate func run() {
        guard let block = self.block.take(), !isDisposed else { return }
        block()
    }

    override func dispose() {
        guard markDisposed() else { return }
        // Released here, outside the queue's lock: what it captured may dispose more.
        _ = queue.remove(self)
    }
}
