import Foundation

extension Signal where Value == Date {
    /// Sends the scheduler's `now` every `seconds`, starting `seconds` after subscription
    /// (RAC's `+interval:onScheduler:withLeeway:` and `+interval:onScheduler:`).
    ///
    /// Never completes or fails; disposal stops the timer. On a `TestScheduler` the ticks come
    /// at exact multiples of `seconds` in virtual time. `leeway` lets the system defer a tick by
    /// up to that much, to save power.
    ///
    /// - Precondition: `seconds` is positive and `leeway` is not negative, both less than
    ///   `Int64.max` nanoseconds (RAC's scheduler asserts the same); `scheduler` is not
    ///   `Scheduler.immediate` (RAC asserts it), which cannot run a repeating timer.
    public static func interval(
        _ seconds: TimeInterval, on scheduler: Scheduler, leeway: TimeInterval = 0
    ) -> Signal<Date> {
        // RAC's queue scheduler bounds both by what a dispatch timer holds in nanoseconds.
        let limit = Double(Int64.max) / 1_000_000_000
        precondition(
            seconds > 0 && seconds < limit,
            "Signal.interval(_:on:leeway:): seconds must be positive and less than \(limit), got \(seconds)")
        precondition(
            leeway >= 0 && leeway < limit,
            "Signal.interval(_:on:leeway:): leeway must not be negative and less than \(limit), got \(leeway)")
        precondition(
            scheduler !== Scheduler.immediate,
            "Signal.interval(_:on:leeway:): scheduler must not be Scheduler.immediate, which cannot run a repeating timer")
        return OperatorSignal((seconds, scheduler, leeway)) { subscriber, arguments in
            let (seconds, scheduler, leeway) = arguments
            let disposable = CompoundDisposable()
            subscriber.didSubscribe(with: disposable)
            let sink = IntervalSink(downstream: subscriber, scheduler: scheduler, disposable: disposable)
            disposable.add(scheduler.after(
                scheduler.now.addingTimeInterval(seconds), repeatingEvery: seconds, withLeeway: leeway
            ) { sink.tick() })
            return disposable
        }.named("+interval: \(seconds) onScheduler: \(scheduler.name) withLeeway: \(leeway)")
    }
}

/// The timer is the only source of events and a scheduler runs its blocks serially, so no
/// lock; the disposed check keeps a tick that raced with disposal from getting through.
final class IntervalSink: Sink, @unchecked Sendable {
    private let downstream: any Subscriber<Date>
    private let scheduler: Scheduler
    private let disposable: CompoundDisposable

    init(downstream: some Subscriber<Date>, scheduler: Scheduler, disposable: CompoundDisposable) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.disposable = disposable
    }

    func tick() {
        guard !disposable.isDisposed else { return }
        downstream.sendNext(scheduler.now)
    }
}
