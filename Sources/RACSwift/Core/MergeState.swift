/// The bookkeeping of the merge point (`MergeSink`) as a pure state machine: how many inner
/// signals run, which wait for room (`flatten(maxConcurrent:)`, `concat`), whether the source
/// has ended, and when all of that adds up to the output's end.
///
/// The sink calls one transition per event with its lock held and performs the action the
/// transition returns: `complete` and `fail` inside the same `serialize` (the output point
/// then disposes with the lock released), `start` and `drain` once the lock is released, so
/// an inner signal is never subscribed under it. `Inner` is whatever the sink subscribes — a
/// signal, or nil for flattenMap's "no signal", which counts as an empty one (RAC's
/// `-flattenMap:`); the tests drive the machine with plain values.
struct MergeState<Inner> {
    /// The most inner signals subscribed at a time; 0 means no limit.
    let maxConcurrent: Int
    /// Inner signals started and not yet ended.
    private(set) var active = 0
    /// Inner signals waiting for room, first in first out. Bounded mode only: its type is
    /// generic, and touching it in the sink's unspecialized code looks its metadata up at run
    /// time, so unbounded mode never does.
    private var waiting: FIFO<Inner>?
    /// The source completed (or bind's binding function stopped it).
    private(set) var isSourceDone = false
    /// One thread is starting waiting signals in a loop. An inner signal that ends meanwhile
    /// (synchronously, deep in that loop's stack) leaves the next start to the loop, so a long
    /// queue of synchronous signals runs in constant stack.
    private(set) var isDraining = false
    /// A terminal event has been claimed, or the subscription disposed: nothing more starts.
    private(set) var isFinished = false

    /// What the sink does after a transition.
    enum Action {
        /// Nothing.
        case none
        /// Subscribe this inner signal; it is already counted in `active`.
        case start(Inner)
        /// Start waiting signals in a loop, calling `nextWaiting` until it stops saying `start`;
        /// this thread owns the loop.
        case drain
        /// Complete the output.
        case complete
        /// Fail the output with the error the event carried; the waiting signals are dropped
        /// unsubscribed (released by the sink once its lock is released).
        case fail(dropping: FIFO<Inner>)
    }

    init(maxConcurrent: Int) {
        self.maxConcurrent = maxConcurrent
        if maxConcurrent > 0 { waiting = FIFO() }
    }

    /// How many signals wait for room.
    var waitingCount: Int { maxConcurrent > 0 ? waiting?.count ?? 0 : 0 }

    private var hasWaiting: Bool { maxConcurrent > 0 && !(waiting?.isEmpty ?? true) }

    /// The source sent an inner signal: start it, or queue it while the limit is reached (or
    /// while a drain loop runs, so that order is kept). Dropped once finished.
    mutating func innerArrived(_ inner: Inner) -> Action {
        if isFinished { return .none }
        if maxConcurrent > 0, isDraining || active >= maxConcurrent {
            waiting?.append(inner)
            return .none
        }
        active += 1
        return .start(inner)
    }

    /// An inner signal completed: the output completes if nothing is left; with signals
    /// waiting, this thread starts them unless a loop already runs.
    mutating func innerCompleted() -> Action {
        active -= 1
        if isFinished { return .none }
        if !hasWaiting {
            // Also inside the drain loop: the last signal's completion completes the output at
            // once, while that signal is still being subscribed (as in RAC).
            return completeIfDone()
        }
        if isDraining { return .none }
        isDraining = true
        return .drain
    }

    /// One step of the drain loop: the next waiting signal while there is room and the output
    /// is open; otherwise the loop ends (completing the output if nothing is left).
    mutating func nextWaiting(isOpen: Bool) -> Action {
        if isOpen, !isFinished, active < maxConcurrent, hasWaiting, let next = waiting?.removeFirst() {
            active += 1
            return .start(next)
        }
        isDraining = false
        return completeIfDone()
    }

    /// The source completed (or was stopped). A second end of the source changes nothing.
    mutating func sourceCompleted() -> Action {
        if isSourceDone { return .none }
        isSourceDone = true
        return completeIfDone()
    }

    /// The source or an inner signal failed: the output fails unless it has already ended.
    mutating func failed() -> Action {
        if isFinished { return .none }
        isFinished = true
        return .fail(dropping: takeWaiting())
    }

    /// The subscription was disposed: nothing more starts; returns the waiting signals, for
    /// the sink to release once its lock is released.
    mutating func disposed() -> FIFO<Inner> {
        isFinished = true
        return takeWaiting()
    }

    private mutating func takeWaiting() -> FIFO<Inner> {
        guard hasWaiting, let dropped = waiting else { return FIFO() }
        waiting = FIFO()
        return dropped
    }

    private mutating func completeIfDone() -> Action {
        guard !isFinished, isSourceDone, active == 0, !hasWaiting else { return .none }
        isFinished = true
        return .complete
    }
}
