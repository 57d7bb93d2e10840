import Foundation

extension Signal {
    /// Collects values into arrays, one per window of `interval` seconds, sent on `scheduler`
    /// (RAC's `-bufferWithTime:onScheduler:`, which sends RACTuples).
    ///
    /// A window opens with the first value after the previous array was sent — no array is
    /// sent for a quiet period, so arrays are never empty — and `interval` seconds later its
    /// values go out as one array. Completion sends the values of the open window at once, then
    /// completes; an error drops them and is forwarded at once.
    ///
    /// - Precondition: `interval` is not negative; `scheduler` is not `Scheduler.immediate`
    ///   (RAC asserts the same: it cannot wait without blocking the sender).
    @inlinable
    public func buffer(withTime interval: TimeInterval, on scheduler: Scheduler) -> Signal<[Value]> {
        checkTimeArguments(interval, scheduler, operator: "Signal.buffer(withTime:on:)")
        return LiftedSignal(self, (interval, scheduler)) {
            BufferSink(downstream: $0, interval: $1.0, scheduler: $1.1, disposable: $2)
        }.named("[\(name)] -bufferWithTime: \(interval) onScheduler: \(scheduler.name)")
    }
}

/// RAC's bufferWithTime rules as pure transitions; `BufferSink` runs them under its lock.
struct BufferState<Value> {
    private var values: [Value] = []
    private var isTerminated = false

    enum NextAction {
        /// The value opened a window: start its timer.
        case startTimer
        /// The value joined the open window (or the buffer has terminated).
        case none
    }

    mutating func receive(_ value: Value) -> NextAction {
        if isTerminated { return .none }
        values.append(value)
        return values.count == 1 ? .startTimer : .none
    }

    /// The window's timer fired: the array to send, if the window holds any value.
    mutating func timerFired() -> [Value]? {
        if isTerminated || values.isEmpty { return nil }
        defer { values = [] }
        return values
    }

    /// Completion: nil once terminated, else the values to flush first (possibly none).
    mutating func complete() -> [Value]? {
        if isTerminated { return nil }
        isTerminated = true
        defer { values = [] }
        return values
    }

    /// An error drops the open window; false once terminated.
    mutating func fail() -> Bool {
        if isTerminated { return false }
        isTerminated = true
        values = []
        return true
    }
}

/// Input plus timer, serialized by the output point. The timer is one `DeadlineTimer` per
/// subscription, set once per window (issue 28): on a `TestScheduler` one `after` block per
/// window, as before.
@usableFromInline
final class BufferSink<Value>: OutputPoint<[Value]>, Subscriber, @unchecked Sendable {
    private let interval: TimeInterval
    private let scheduler: Scheduler
    /// Holds the timer, so that disposal cancels it.
    private let timerSlot = SerialDisposable()
    private var timer: DeadlineTimer?  // guarded by `lock`, made with the first window
    private var machine = BufferState<Value>()  // guarded by `lock`

    @usableFromInline
    init(downstream: some Subscriber<[Value]>, interval: TimeInterval, scheduler: Scheduler,
         disposable: CompoundDisposable) {
        self.interval = interval
        self.scheduler = scheduler
        super.init(downstream: downstream, disposable: disposable)
        disposable.add(timerSlot)
    }

    @usableFromInline func didSubscribe(with source: CompoundDisposable) {
        disposable.add(source)
    }

    @usableFromInline func sendNext(_ value: Value) {
        serialize {
            guard isOpen, case .startTimer = machine.receive(value) else { return }
            let timer = self.timer ?? {
                let made = scheduler.makeDeadlineTimer { [self] _ in timerFired() }
                self.timer = made
                timerSlot.disposable = made
                return made
            }()
            timer.set(scheduler.now.addingTimeInterval(interval), token: 0)
        }
    }

    private func timerFired() {
        serialize {
            guard isOpen, let values = machine.timerFired() else { return }
            send(values)
        }
    }

    @usableFromInline func sendError(_ error: any Error) {
        serialize {
            if machine.fail() { finish(error: error) }
        }
    }

    @usableFromInline func sendCompleted() {
        serialize {
            guard let values = machine.complete() else { return }
            if !values.isEmpty { send(values) }
            // A subscriber that disposed while it received the last buffer gets no completion
            // (`finish` checks). The timer goes with the subscription, disposed by `finish`
            // outside the lock; should it fire first, the state machine has nothing to send.
            finish(error: nil)
        }
    }
}
