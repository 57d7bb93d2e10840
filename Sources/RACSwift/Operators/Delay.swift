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
///
/// On a queue scheduler named by the caller (`acceptsDeliveries`: main and background) the
/// events wait in `due`, in arrival order — which is due-date order, the interval being fixed —
/// behind one `DeadlineTimer` set for the oldest (issue 28): no timer, block or disposable per
/// event. Anywhere else (a `TestScheduler`, or the scheduler each event arrives on) each event
/// is its own `after` block, kept in `pending` so that disposal and errors cancel it, as in RAC.
@usableFromInline
final class DelaySink<Value>: OutputPoint<Value>, Subscriber, @unchecked Sendable {
    private let interval: TimeInterval
    private let schedulers: TimerSchedulerChoice
    private let pending = ScheduledBlocks()
    private var machine = DelayState()  // guarded by `lock`
    /// The queue scheduler of the batched path, its timer, and the events waiting for it.
    private let queueScheduler: Scheduler?
    private let timer: DeadlineTimer?
    // Guarded by `lock`: the values waiting, their due dates (seconds since the reference
    // date), and the completion's, which comes after them. A ring of `Value` and an array of
    // `Double` rather than an array of events: in the library's generic code every use of an
    // `Array<Event<Value>>` looks its metadata up at run time.
    @exclusivity(unchecked) private var values = RingBuffer<Value>()
    @exclusivity(unchecked) private var due = FIFO<Double>()
    @exclusivity(unchecked) private var completionDue: Double?

    @usableFromInline
    init(downstream: some Subscriber<Value>, interval: TimeInterval, scheduler: Scheduler?,
         disposable: CompoundDisposable) {
        self.interval = interval
        self.schedulers = TimerSchedulerChoice(scheduler)
        let batched = scheduler.flatMap { $0.acceptsDeliveries ? $0 : nil }
        self.queueScheduler = batched
        var made: DeadlineTimer?
        var handler: (@Sendable (UInt64) -> Void)?
        if let batched {
            // The timer's handler reaches the sink through a box filled below (the sink does
            // not exist yet); disposal releases the handler, and the cycle with it.
            let box = SinkBox()
            handler = { _ in box.fire?() }
            made = batched.makeDeadlineTimer(handler!)
            self.timer = made
            super.init(downstream: downstream, disposable: disposable)
            box.fire = { [self] in timerFired() }
            disposable.add(made!)
        } else {
            self.timer = nil
            super.init(downstream: downstream, disposable: disposable)
        }
        disposable.add(pending)
    }

    @usableFromInline func didSubscribe(with source: CompoundDisposable) {
        disposable.add(source)
    }

    /// The batched path: `store` queues the event due at the time it is given (`interval` from
    /// now); the timer is set when it is the oldest waiting.
    // A closure rather than an optional value: `Optional<Value>` in generic code looks its
    // metadata up at run time.
    private func enqueue(on scheduler: Scheduler, timer: DeadlineTimer, _ store: (Double) -> Void) {
        let date = scheduler.now.addingTimeInterval(interval)
        let time = date.timeIntervalSinceReferenceDate
        let arms = serialize { () -> Bool in
            guard machine.shouldSchedule() else { return false }
            let wasEmpty = due.isEmpty && completionDue == nil
            store(time)
            return wasEmpty
        }
        if arms { timer.set(date, token: 0) }
    }

    /// The batched path's timer: sends every event due by now, oldest first, and sets the
    /// timer for the next one.
    private func timerFired() {
        guard let queueScheduler, let timer else { return }
        let next = serialize { () -> Double? in
            let now = queueScheduler.now.timeIntervalSinceReferenceDate
            while let time = due.first, time <= now {
                due.removeFirst()
                let value = values.removeFirst()
                if machine.shouldSendValue() { send(value) }
            }
            if let first = due.first { return first }
            guard let completion = completionDue else { return nil }
            if completion > now { return completion }
            completionDue = nil
            if machine.terminate() { finish(error: nil) }
            return nil
        }
        if let next { timer.set(Date(timeIntervalSinceReferenceDate: next), token: 0) }
    }

    /// The unbatched path: one `after` block per event.
    private func schedule(_ block: @escaping () -> Void) {
        let scheduler = schedulers.scheduler()
        let interval = self.interval
        guard lock.withLock({ machine.shouldSchedule() }) else { return }
        pending.schedule(block) { scheduler.afterDelay(interval, schedule: $0) }
    }

    @usableFromInline func sendNext(_ value: Value) {
        if let queueScheduler, let timer {
            enqueue(on: queueScheduler, timer: timer) { time in
                values.append(value)
                due.append(time)
            }
            return
        }
        schedule { [self] in
            serialize {
                if machine.shouldSendValue() { send(value) }
            }
        }
    }

    @usableFromInline func sendCompleted() {
        if let queueScheduler, let timer {
            enqueue(on: queueScheduler, timer: timer) { completionDue = $0 }
            return
        }
        schedule { [self] in
            serialize {
                if machine.terminate() { finish(error: nil) }
            }
        }
    }

    @usableFromInline func sendError(_ error: any Error) {
        serialize {
            if machine.terminate() {
                values.removeAll()
                due.removeAll()
                completionDue = nil
                finish(error: error)
            }
        }
    }
}

/// Lets a timer made before its owner reach it once the owner exists.
final class SinkBox: @unchecked Sendable {
    var fire: (() -> Void)?
}
