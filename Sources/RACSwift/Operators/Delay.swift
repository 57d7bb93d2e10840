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
/// events wait in rings, in arrival order — which is due-date order, the interval being fixed —
/// behind one `DeadlineTimer` (issue 28): no timer, block or disposable per event. The sender
/// appends to `incoming` under `queueLock` alone; the timer's firing delivers, under the output
/// lock, from `draining`, whose contents it exchanges with `incoming`'s when it has emptied it —
/// so a firing delivering a batch never makes the sender wait for it (issue 28d: with one lock
/// for both, W13's sender and firing took turns on it). The rings are `let`s, exchanged by
/// content, and the due dates read `WallClock` (the clock of the queue scheduler's `now`): a
/// value costs the sender no retain and no `Date` (issue 28f). Anywhere else (a
/// `TestScheduler`, or the scheduler each event arrives on) each event is its own `after`
/// block, kept in `pending` so that disposal and errors cancel it, as in RAC.
@usableFromInline
final class DelaySink<Value>: OutputPoint<Value>, Subscriber, @unchecked Sendable {
    private let interval: TimeInterval
    /// How late a firing may come to gather the events due just after the first (issue 28d):
    /// a tenth of the interval, at most 1 ms — within the leeway RAC's `dispatch_after` has
    /// for each event (libdispatch gives it a tenth of the delay, at least 1 ms).
    private let coalescing: Double
    private let schedulers: TimerSchedulerChoice
    private let pending = ScheduledBlocks()
    private var machine = DelayState()  // guarded by `lock`
    /// The batched path's timer (on the queue scheduler), and the events waiting for it.
    private let timer: DeadlineTimer?
    /// `timer != nil`, tested per event without binding the timer (a retain and a release).
    private let isBatched: Bool
    private let queueLock = UnfairLock()
    // Guarded by `queueLock`: the values the sender has queued and their due dates (seconds
    // since the reference date), the completion's (after them all), whether the timer is set
    // (by the sender that found it idle, or by the firing for what remains), and whether an
    // error has closed the queue. Rings rather than an array of events: in the library's
    // generic code every use of an `Array<Event<Value>>` looks its metadata up at run time.
    private let incoming = RingBuffer<Value>()
    private let incomingDue = RingBuffer<Double>()
    private var completionDue: Double?
    private var isArmed = false
    private var isClosed = false
    // Guarded by `lock` (their contents exchanged with the two above holding both): the oldest
    // events, which the firing delivers.
    private let draining = RingBuffer<Value>()
    private let drainingDue = RingBuffer<Double>()

    @usableFromInline
    init(downstream: some Subscriber<Value>, interval: TimeInterval, scheduler: Scheduler?,
         disposable: CompoundDisposable) {
        self.interval = interval
        self.coalescing = Swift.min(interval / 10, 0.001)
        self.schedulers = TimerSchedulerChoice(scheduler)
        let batched = scheduler.flatMap { $0.acceptsDeliveries ? $0 : nil }
        var made: DeadlineTimer?
        var handler: (@Sendable (UInt64) -> Void)?
        if let batched {
            // The timer's handler reaches the sink through a box filled below (the sink does
            // not exist yet); disposal releases the handler, and the cycle with it.
            let box = SinkBox()
            handler = { _ in box.fire?() }
            made = batched.makeDeadlineTimer(handler!)
            self.timer = made
            self.isBatched = true
            super.init(downstream: downstream, disposable: disposable)
            box.fire = { [self] in timerFired() }
            disposable.add(made!)
        } else {
            self.timer = nil
            self.isBatched = false
            super.init(downstream: downstream, disposable: disposable)
        }
        disposable.add(pending)
    }

    @usableFromInline func didSubscribe(with source: CompoundDisposable) {
        disposable.add(source)
    }

    /// The batched path: `store`, run under `queueLock`, queues the event due at the time it is
    /// given (`interval` from now); the sender that finds the timer idle sets it.
    // A closure rather than an optional value: `Optional<Value>` in generic code looks its
    // metadata up at run time.
    @inline(__always)
    private func enqueue(_ store: (Double) -> Void) {
        let time = WallClock.now + interval
        queueLock.lock()
        if isClosed {
            queueLock.unlock()
            return
        }
        store(time)
        let arms = !isArmed
        isArmed = true
        queueLock.unlock()
        if arms { timer!.set(Date(timeIntervalSinceReferenceDate: time), token: 0) }
    }

    /// The batched path's timer: sends every event due by now, oldest first, and sets the
    /// timer for the next one (or leaves it idle for the next sender).
    private func timerFired() {
        guard let timer else { return }
        let next = serialize { () -> Double? in
            let now = WallClock.now
            while true {
                if drainingDue.count == 0 {
                    let took = queueLock.withLock { () -> Bool in
                        if incomingDue.count == 0 { return false }
                        draining.exchangeContents(with: incoming)
                        drainingDue.exchangeContents(with: incomingDue)
                        return true
                    }
                    if !took { break }
                }
                guard let time = drainingDue.first, time <= now else { break }
                _ = drainingDue.removeFirst()
                let value = draining.removeFirst()
                if machine.shouldSendValue() { send(value) }
            }
            if let time = drainingDue.first { return Swift.max(time, now + coalescing) }
            let state = queueLock.withLock { () -> (next: Double?, completes: Bool) in
                if let time = incomingDue.first { return (Swift.max(time, now + coalescing), false) }
                if let completion = completionDue {
                    if completion > now { return (Swift.max(completion, now + coalescing), false) }
                    completionDue = nil
                    return (nil, true)
                }
                isArmed = false
                return (nil, false)
            }
            if state.completes, machine.terminate() { finish(error: nil) }
            return state.next
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
        if isBatched {
            enqueue { time in
                incoming.append(value)
                incomingDue.append(time)
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
        if isBatched {
            enqueue { completionDue = $0 }
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
                queueLock.withLock {
                    isClosed = true
                    incoming.removeAll()
                    incomingDue.removeAll()
                    completionDue = nil
                }
                draining.removeAll()
                drainingDue.removeAll()
                finish(error: error)
            }
        }
    }
}

/// Lets a timer made before its owner reach it once the owner exists.
final class SinkBox: @unchecked Sendable {
    var fire: (() -> Void)?
}
