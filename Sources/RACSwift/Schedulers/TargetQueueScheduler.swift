import Dispatch
import Foundation

/// A serial scheduler running its blocks on a private queue that targets `targetQueue`
/// (RACTargetQueueScheduler). The main and background schedulers are of this kind.
public final class TargetQueueScheduler: Scheduler, @unchecked Sendable {
    /// The private serial queue the blocks run on.
    public let queue: DispatchQueue

    /// A scheduler whose serial queue `name` targets `targetQueue`.
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
    override public func after(
        _ date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        schedule block: @escaping () -> Void
    ) -> Disposable? {
        precondition(interval > 0, "Scheduler.after(_:repeatingEvery:withLeeway:schedule:): interval must be positive, got \(interval)")
        precondition(leeway >= 0, "Scheduler.after(_:repeatingEvery:withLeeway:schedule:): leeway must not be negative, got \(leeway)")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = UncheckedSendable(block)
        timer.setEventHandler { [self] in
            performAsCurrentScheduler(work.value)
        }
        timer.schedule(
            wallDeadline: Self.wallTime(date),
            repeating: .nanoseconds(Self.nanoseconds(interval)),
            leeway: .nanoseconds(Self.nanoseconds(leeway)))
        timer.resume()
        return Disposable { timer.cancel() }
    }

    static func nanoseconds(_ seconds: TimeInterval) -> Int {
        Int((seconds * 1_000_000_000).rounded())
    }

    static func wallTime(_ date: Date) -> DispatchWallTime {
        let delta = date.timeIntervalSinceNow
        return .now() + .nanoseconds(max(0, nanoseconds(delta)))
    }
}
