import Foundation

/// A scheduler with a virtual clock, for tests (RACTestScheduler plus virtual time).
///
/// Nothing runs until the test says so. `now` starts at
/// `Date(timeIntervalSinceReferenceDate: 0)`; `schedule` enqueues a block at `now`, `after`
/// at its date. Blocks run in date order, ties in the order they were scheduled; running a
/// block moves `now` forward to the block's date (never back). A repeating timer fires at
/// exact virtual instants. While a block runs, this scheduler is `Scheduler.current`.
public final class TestScheduler: Scheduler, @unchecked Sendable {
    /// Where the virtual clock starts.
    public static let startDate = Date(timeIntervalSinceReferenceDate: 0)

    private struct Action {
        let date: Date
        let sequence: UInt64
        let disposable: Disposable
        let block: ActionBlock
    }

    /// A queued block that cancelling releases at once. A cancelled action stays in the queue
    /// until the clock reaches it; its block often retains a sink that retains this scheduler
    /// (a repeating timer's block always does), so keeping the block would keep both alive.
    private final class ActionBlock: @unchecked Sendable {
        private let lock = UnfairLock()
        private var block: (() -> Void)?  // guarded by `lock`

        init(_ block: @escaping () -> Void) { self.block = block }

        func release() {
            // Released after unlocking: the captures' deinits may schedule or dispose.
            let released = lock.withLock { block.take() }
            withExtendedLifetime(released) {}
        }

        // An action runs once, so it lets go of its block then: a block that captures its own
        // disposable (a serial slot holding it) would otherwise form a cycle through this action.
        func run() {
            if let block = lock.withLock({ block.take() }) { block() }
        }
    }

    private let lock = UnfairLock()
    private var queue = ActionHeap()  // guarded by `lock`
    private var sequence: UInt64 = 0  // guarded by `lock`
    private var clock = TestScheduler.startDate  // guarded by `lock`

    public init() {
        super.init(name: "RACSwift.TestScheduler")
    }

    override public var now: Date { lock.withLock { clock } }

    /// The number of blocks waiting to run (cancelled ones that have not been reached yet
    /// included).
    public var scheduledCount: Int { lock.withLock { queue.count } }

    @discardableResult
    override public func schedule(_ block: @escaping () -> Void) -> Disposable? {
        lock.withLock { enqueue(at: clock, block) }
    }

    @discardableResult
    override public func after(_ date: Date, schedule block: @escaping () -> Void) -> Disposable? {
        lock.withLock { enqueue(at: date, block) }
    }

    @discardableResult
    override public func after(
        _ date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        schedule block: @escaping () -> Void
    ) -> Disposable? {
        precondition(interval > 0, "TestScheduler.after(_:repeatingEvery:withLeeway:schedule:): interval must be positive, got \(interval)")
        precondition(leeway >= 0, "TestScheduler.after(_:repeatingEvery:withLeeway:schedule:): leeway must not be negative, got \(leeway)")
        let timer = CompoundDisposable()
        let firing = SerialDisposable()
        timer.add(firing)
        // Each firing enqueues the next one at an exact multiple of `interval`, so the timer
        // never drifts.
        func fire(at fireDate: Date) {
            firing.disposable = lock.withLock {
                enqueue(at: fireDate) {
                    block()
                    if !timer.isDisposed { fire(at: fireDate.addingTimeInterval(interval)) }
                }
            }
        }
        fire(at: date)
        return timer
    }

    private func enqueue(at date: Date, _ block: @escaping () -> Void) -> Disposable {
        let block = ActionBlock(block)
        let disposable = Disposable { block.release() }
        sequence += 1
        queue.insert(Action(date: date, sequence: sequence, disposable: disposable, block: block))
        return disposable
    }

    // MARK: Driving

    /// Runs the next scheduled block, if any (RAC's `-step`).
    public func step() {
        step(1)
    }

    /// Runs the next `ticks` scheduled blocks, or as many as there are (RAC's `-step:`).
    public func step(_ ticks: Int) {
        precondition(ticks >= 0, "TestScheduler.step(_:): ticks must not be negative, got \(ticks)")
        var remaining = ticks
        while remaining > 0, runNext(until: nil) { remaining -= 1 }
    }

    /// Runs blocks until none is left, including those scheduled while running
    /// (RAC's `-stepAll`).
    public func stepAll() {
        while runNext(until: nil) {}
    }

    /// Same as `stepAll()`.
    public func run() {
        stepAll()
    }

    /// Runs every block due within `interval` seconds from `now`, then sets `now` to that
    /// instant.
    public func advance(by interval: TimeInterval) {
        precondition(interval >= 0, "TestScheduler.advance(by:): interval must not be negative, got \(interval)")
        advance(to: now.addingTimeInterval(interval))
    }

    /// Runs every block due at or before `date` — also those scheduled meanwhile — then sets
    /// `now` to `date` (if it is later).
    public func advance(to date: Date) {
        while runNext(until: date) {}
        lock.withLock { if clock < date { clock = date } }
    }

    /// Pops and runs one block (skipping cancelled ones); false when nothing is due.
    private func runNext(until limit: Date?) -> Bool {
        while true {
            let next: Action? = lock.withLock {
                guard let first = queue.first else { return nil }
                if let limit, first.date > limit { return nil }
                queue.removeFirst()
                if clock < first.date { clock = first.date }
                return first
            }
            guard let action = next else { return false }
            if action.disposable.isDisposed { continue }
            performAsCurrentScheduler(action.block.run)
            return true
        }
    }

    /// A binary min-heap of actions ordered by (date, sequence).
    private struct ActionHeap {
        private var items: [Action] = []

        var count: Int { items.count }
        var first: Action? { items.first }

        private static func before(_ a: Action, _ b: Action) -> Bool {
            a.date < b.date || (a.date == b.date && a.sequence < b.sequence)
        }

        mutating func insert(_ action: Action) {
            items.append(action)
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.before(items[child], items[parent]) else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func removeFirst() {
            let last = items.removeLast()
            guard !items.isEmpty else { return }
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < items.count, Self.before(items[left], items[smallest]) { smallest = left }
                if right < items.count, Self.before(items[right], items[smallest]) { smallest = right }
                if smallest == parent { return }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }
}
