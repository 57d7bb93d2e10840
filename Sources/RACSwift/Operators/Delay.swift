import Foundation

extension Signal {
    /// Sends each value and the completion `interval` seconds after they arrive (RAC's
    /// `-delay:`).
    ///
    /// An error is not delayed: it is forwarded at once, and the values and completion still
    /// waiting are dropped. Disposal cancels everything waiting.
    ///
    /// The waits run on `scheduler`. Without one, RAC's rule applies to each event: the
    /// scheduler the event arrives on (`Scheduler.current`), else a background scheduler of
    /// the subscription's own — so a pipeline driven by a `TestScheduler` waits in virtual
    /// time. Delayed events are delivered on the scheduler their wait ran on.
    ///
    /// On the main thread, without a scheduler, the waits run on `Scheduler.main`, so the main
    /// queue must be served: an app's run loop does that; a command-line program must call
    /// `dispatchMain()` or run the main run loop, or pass a background scheduler (see
    /// <doc:PortingFromReactiveCocoa#Command-line-programs>).
    ///
    /// ```
    /// self:     -a-b-|
    /// delay(2): ---a-b-|
    /// ```
    ///
    /// - Precondition: `interval` is not negative; `scheduler` is not `Scheduler.immediate`,
    ///   which cannot wait without blocking the sender.
    @inlinable
    public func delay(_ interval: TimeInterval, on scheduler: Scheduler? = nil) -> Signal<Value> {
        checkTimeArguments(interval, scheduler, operator: "Signal.delay(_:on:)")
        return LiftedSignal(self, (interval, scheduler)) {
            DelaySink(downstream: $0, interval: $1.0, scheduler: $1.1, disposable: $2)
        }.named("[\(name)] -delay: \(interval)")
    }
}

/// RAC's delay rules as pure transitions; `DelaySink` runs them under its lock. The delayed
/// events themselves wait in the sink's `ScheduledBlocks`, which disposal and errors cancel.
struct DelayState {
    private var isTerminated = false

    /// A value or the completion arrived: whether to schedule it (false once terminated).
    func shouldSchedule() -> Bool { !isTerminated }

    /// A delayed value is due: whether to send it.
    func shouldSendValue() -> Bool { !isTerminated }

    /// The delayed completion is due, or an error arrived: whether to forward it. Either one
    /// ends the output; an error drops whatever is still waiting.
    mutating func terminate() -> Bool {
        if isTerminated { return false }
        isTerminated = true
        return true
    }
}

/// Input plus timers, serialized by the output point.
@usableFromInline
final class DelaySink<Value>: OutputPoint<Value>, Subscriber, @unchecked Sendable {
    private let interval: TimeInterval
    private let schedulers: TimerSchedulerChoice
    private let pending = ScheduledBlocks()
    private var machine = DelayState()  // guarded by `lock`

    @usableFromInline
    init(downstream: some Subscriber<Value>, interval: TimeInterval, scheduler: Scheduler?,
         disposable: CompoundDisposable) {
        self.interval = interval
        self.schedulers = TimerSchedulerChoice(scheduler)
        super.init(downstream: downstream, disposable: disposable)
        disposable.add(pending)
    }

    @usableFromInline func didSubscribe(with source: CompoundDisposable) {
        disposable.add(source)
    }

    private func schedule(_ block: @escaping () -> Void) {
        let scheduler = schedulers.scheduler()
        let interval = self.interval
        guard lock.withLock({ machine.shouldSchedule() }) else { return }
        pending.schedule(block) { scheduler.afterDelay(interval, schedule: $0) }
    }

    @usableFromInline func sendNext(_ value: Value) {
        schedule { [self] in
            serialize {
                if machine.shouldSendValue() { send(value) }
            }
        }
    }

    @usableFromInline func sendCompleted() {
        schedule { [self] in
            serialize {
                if machine.terminate() { finish(error: nil) }
            }
        }
    }

    @usableFromInline func sendError(_ error: any Error) {
        serialize {
            if machine.terminate() { finish(error: error) }
        }
    }
}
