import Foundation

/// Runs every block at once on the calling thread (RACImmediateScheduler). It does not become
/// `Scheduler.current`, and `after` blocks the caller until the date.
final class ImmediateScheduler: Scheduler, @unchecked Sendable {
    init() {
        super.init(name: "RACSwift.Scheduler.immediate")
    }

    @discardableResult
    override func schedule(_ block: @escaping @Sendable () -> Void) -> Disposable? {
        block()
        return nil
    }

    @discardableResult
    override func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> Disposable? {
        Thread.sleep(until: date)
        block()
        return nil
    }

    // RAC asserts the same: a timer that never returns control cannot be disposed.
    @discardableResult
    override func scheduleRepeating(
        after date: Date, interval: TimeInterval, leeway: TimeInterval, _ block: @escaping @Sendable () -> Void
    ) -> Disposable? {
        preconditionFailure(
            "Scheduler.immediate.after(_:repeatingEvery:withLeeway:schedule:): the immediate scheduler cannot run a repeating timer (interval \(interval))")
    }

    // A plain loop: rescheduling from inside the block just asks for one more turn. As in
    // RAC, it returns nil (the loop has finished by then) and a reschedule called after it
    // returned does nothing.
    @discardableResult
    override func scheduleRecursive(_ block: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void) -> Disposable? {
        // Only the block, running synchronously here, may reschedule (RAC's contract); a
        // reschedule after the loop returned writes a counter nobody reads.
        nonisolated(unsafe) var remaining = 1
        while remaining > 0 {
            remaining -= 1
            block { remaining += 1 }
        }
        return nil
    }
}
