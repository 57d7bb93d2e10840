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

    /// Runs `block` asynchronously on the queue, as the current scheduler; disposing before it
    /// starts cancels it.
    @discardableResult
    override public func schedule(_ block: @escaping @Sendable () -> Void) -> Disposable? {
        let disposable = Disposable()
        let work = UncheckedSendable(block)
        queue.async { [self] in
            if disposable.isDisposed { return }
            performAsCurrentScheduler(work.value)
        }
        return disposable
    }

    /// Runs `block` on the queue at `date` (wall-clock time), as the current scheduler; disposing
    /// before then cancels it.
    @discardableResult
    override public func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> Disposable? {
        let disposable = Disposable()
        let work = UncheckedSendable(block)
        queue.asyncAfter(wallDeadline: Self.wallTime(date)) { [self] in
            if disposable.isDisposed { return }
            performAsCurrentScheduler(work.value)
        }
        return disposable
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
        let disposable = Disposable { source.value.cancel() }
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
