import Dispatch
import Foundation

/// A serial scheduler running its blocks on a private queue that targets `targetQueue`
/// (RACTargetQueueScheduler). The main and background schedulers are of this kind.
///
/// Blocks run one at a time, in the order they were scheduled, with this scheduler as
/// `Scheduler.current`.
public final class TargetQueueScheduler: Scheduler, @unchecked Sendable {
    /// The private serial queue the blocks run on.
    public let queue: DispatchQueue

    /// A scheduler whose serial queue `name` targets `targetQueue`
    /// (RAC's `-initWithName:targetQueue:`).
    public init(name: String, targetQueue: DispatchQueue) {
        queue = DispatchQueue(label: name, target: targetQueue)
        super.init(name: name)
    }

    @discardableResult
    override public func schedule(_ block: @escaping () -> Void) -> Disposable? {
        let disposable = Disposable()
        let work = UncheckedSendable(block)
        queue.async { [self] in
            if disposable.isDisposed { return }
            performAsCurrentScheduler(work.value)
        }
        return disposable
    }

    @discardableResult
    override public func after(_ date: Date, schedule block: @escaping () -> Void) -> Disposable? {
        let disposable = Disposable()
        let work = UncheckedSendable(block)
        queue.asyncAfter(wallDeadline: Self.wallTime(date)) { [self] in
            if disposable.isDisposed { return }
            performAsCurrentScheduler(work.value)
        }
        return disposable
    }

    @discardableResult
    override public func scheduleRepeating(
        after date: Date, interval: TimeInterval, leeway: TimeInterval, _ block: @escaping () -> Void
    ) -> Disposable? {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        // Cancelling a source does not stop a handler that is already enqueued, so each firing
        // checks the flag too. The handler (and `block`) is released when the source is
        // cancelled.
        let disposable = Disposable { timer.cancel() }
        let work = UncheckedSendable(block)
        timer.setEventHandler { [self] in
            if disposable.isDisposed { return }
            performAsCurrentScheduler(work.value)
        }
        timer.schedule(
            wallDeadline: Self.wallTime(date),
            repeating: .nanoseconds(Self.nanoseconds(interval)),
            leeway: .nanoseconds(Self.nanoseconds(leeway)))
        timer.resume()
        return disposable
    }

    // Clamped: a past (or NaN) date means "now"; a huge interval or an infinitely distant
    // date means "practically never" rather than a trap converting to Int.
    static func nanoseconds(_ seconds: TimeInterval) -> Int {
        let nanoseconds = (seconds * 1_000_000_000).rounded()
        guard nanoseconds > 0 else { return 0 }
        if nanoseconds >= Double(Int.max / 2) { return Int.max / 2 }
        return Int(nanoseconds)
    }

    static func wallTime(_ date: Date) -> DispatchWallTime {
        .now() + .nanoseconds(nanoseconds(date.timeIntervalSinceNow))
    }
}
