import Foundation

/// Where `subscribe` runs a signal's subscription work (RACSubscriptionScheduler): inline when
/// some scheduler is current (inside a scheduled block, or on the main thread), otherwise on
/// one shared background scheduler, so that a subscription made from an arbitrary thread never
/// runs its side effects on that thread.
final class SubscriptionScheduler: Scheduler, @unchecked Sendable {
    static let shared = SubscriptionScheduler()

    let backgroundScheduler = Scheduler.background(name: "RACSwift.Scheduler.subscription.background")

    init() {
        super.init(name: "RACSwift.Scheduler.subscription")
    }

    @discardableResult
    override func schedule(_ block: @escaping @Sendable () -> Void) -> Disposable? {
        if !Scheduler.isCurrentSet { return backgroundScheduler.schedule(block) }
        block()
        return nil
    }

    override var runsBlocksInline: Bool { Scheduler.isCurrentSet }

    // The clock of the scheduler `after` delegates to, so that `afterDelay` inside a
    // TestScheduler block counts virtual seconds.
    override var now: Date { (Scheduler.current ?? backgroundScheduler).now }

    @discardableResult
    override func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> Disposable? {
        (Scheduler.current ?? backgroundScheduler).after(date, schedule: block)
    }

    @discardableResult
    override func scheduleRepeating(
        after date: Date, interval: TimeInterval, leeway: TimeInterval, _ block: @escaping @Sendable () -> Void
    ) -> Disposable? {
        (Scheduler.current ?? backgroundScheduler).after(
            date, repeatingEvery: interval, withLeeway: leeway, schedule: block)
    }
}
