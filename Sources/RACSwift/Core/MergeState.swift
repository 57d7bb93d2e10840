/// The bookkeeping of the merge point (`MergeSink`) as a pure state machine: how many inner
/// signals run, which wait for room (`flatten(maxConcurrent:)`, `concat`), whether the source
/// has ended, and when all of that adds up to the output's end.
///
/// The sink calls one transition per event with its lock held and performs the `MergeAction`
/// the transition returns: `complete` and `fail` inside the same `serialize` (the output point
/// then disposes and ends), `start`, `startNested` and `drain` once the lock is
/// released, so an inner signal is never subscribed under it.
///
/// Waiting signals are started as RAC's `-flatten:` and `-concat:` start them — from inside the
/// completion of the signal that made room, so a run of synchronous signals nests, each inside
/// the previous one's `create` block, and the last one's completion completes the output
/// before any of those blocks has returned — but only `concatNestingLimit` deep: the thread
/// that starts waiting signals does so in a loop (`drain`), and a run longer than the limit
/// unwinds to the loop, which starts the rest. That keeps the stack constant (contract §8)
/// however many synchronous signals are queued. `Inner` is whatever the sink subscribes (a
/// signal); the tests drive the machine with plain values.
///
/// The sink's code is compiled once for every type of value, so the machine's generic parts
/// would be looked up at run time on each call: the transitions are always inlined into it,
/// and their action is a plain enum, the inner to start handed back separately.
struct MergeState<Inner> {
    // The machine is laid out for the sink's size: the words first, then the one-byte fields,
    // so that the sink's own flag packs in after them (the sink is 205 bytes, not 225, and
    // fits a 224-byte chunk rather than 240 — the biggest object of a flattenMap subscription;
    // Benchmarks/HISTORY.md, "Issue 37: flattenMap's construction, the Z family and its
    // memory, third pass (helper, 2026-12-02)").

    /// The most inner signals subscribed at a time; 0 means no limit.
    let maxConcurrent: Int
    /// Inner signals started and not yet ended.
    private(set) var active = 0
    /// Inner signals waiting for room, first in first out; bounded mode only (every use is
    /// behind a `maxConcurrent` test). Empty, not optional: an optional queue, set in bounded
    /// mode, made the sink's `init` build the machine in a temporary, copy it into its field
    /// and destroy the temporary, through the value witnesses (R6: about 470 instructions per
    /// cycle; Benchmarks/HISTORY.md, "Issue 37: construction, second pass (helper, 2026-12-02)").
    /// An empty queue is the shared empty array: nothing allocated.
    private var waiting = FIFO<Inner>()
    // `drainDepth`, in a byte: it never exceeds `concatNestingLimit`.
    private var drainDepthByte: UInt8 = 0
    /// The source completed (or bind's binding function stopped it).
    private(set) var isSourceDone = false
    /// One thread is starting waiting signals in a loop. An inner signal that ends meanwhile
    /// (synchronously, deep in that loop's stack) leaves the next start to the loop, so a long
    /// queue of synchronous signals runs in constant stack.
    private(set) var isDraining = false
    /// A terminal event has been claimed, or the subscription disposed: nothing more starts.
    private(set) var isFinished = false

    /// How many starts of the draining thread are in progress, one inside another (the loop's
    /// own start and those nested in completions): at most `concatNestingLimit`.
    private(set) var drainDepth: Int {
        get { Int(drainDepthByte) }
        set { drainDepthByte = UInt8(newValue) }
    }

    // Inlined: R6 +0.5% without it (Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two").
    @inline(__always)
    init(maxConcurrent: Int) {
        self.maxConcurrent = maxConcurrent
    }

    /// How many signals wait for room.
    var waitingCount: Int { maxConcurrent > 0 ? waiting.count : 0 }

    // Inlined, as the transitions: W4 +97%, R3 +114% without it (Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two").
    private var hasWaiting: Bool {
        @inline(__always) get { maxConcurrent > 0 && !waiting.isEmpty }
    }

    /// The source sent `inner`: `start` it, or queue it while the limit is reached (or while a
    /// drain loop runs, so that order is kept). Dropped once finished. `inner` is evaluated
    /// only to be queued.
    // Inlined: W4 +100%, R3 +118% without it (Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two").
    @inline(__always)
    mutating func innerArrived(_ inner: @autoclosure () -> Inner) -> MergeAction {
        if isFinished { return .none }
        if maxConcurrent > 0, isDraining || active >= maxConcurrent {
            waiting.append(inner())
            return .none
        }
        active += 1
        return .start
    }

    /// An inner signal completed: the output completes if nothing is left; with signals
    /// waiting, this thread starts them unless a loop already runs.
    // Inlined: W4 +98%, R3 +116% without it (Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two").
    @inline(__always)
    mutating func innerCompleted() -> MergeAction {
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

    /// An inner signal completed on the thread that runs the drain loop, inside one of its
    /// starts: as in RAC, the next waiting signal (put in `next`) is started right there,
    /// nested in this completion, while there is room, the output is open and fewer than
    /// `concatNestingLimit` starts are in progress; otherwise the loop starts it once the
    /// starts in progress have returned.
    // Never inlined: the rare path, kept out of the sink's per-value code (W4, R3).
    @inline(never)
    mutating func innerCompletedInDrain(isOpen: Bool, into next: inout Inner?) -> MergeAction {
        guard isDraining else { return innerCompleted() }
        active -= 1
        if isFinished { return .none }
        if !hasWaiting { return completeIfDone() }
        guard isOpen, drainDepth < concatNestingLimit, active < maxConcurrent else {
            return .none
        }
        active += 1
        drainDepth += 1
        next = waiting.removeFirst()
        return .startNested
    }

    /// A `startNested` start has returned.
    mutating func nestedStartReturned() {
        drainDepth -= 1
    }

    /// One step of the drain loop: `start` the waiting signal put in `next` while there is
    /// room and the output is open; otherwise the loop ends (completing the output if nothing
    /// is left).
    mutating func nextWaiting(isOpen: Bool, into next: inout Inner?) -> MergeAction {
        if isOpen, !isFinished, active < maxConcurrent, hasWaiting {
            let first = waiting.removeFirst()
            active += 1
            // Whatever the previous step nested inside its start has returned.
            drainDepth = 1
            next = first
            return .start
        }
        isDraining = false
        drainDepth = 0
        return completeIfDone()
    }

    /// `concat`'s signals, given up front: the source is done, the first one (put in `first`)
    /// starts as the drain loop's first step (`drain`: this thread starts it, then runs the
    /// loop), the others wait; each later one starts from inside its predecessor's completion
    /// — RAC's `+concat:`, a chain of `-concat:`. The first is not queued: a queue keeps what
    /// it handed out until it reclaims its storage, and a live subscription must not retain
    /// a signal it has subscribed (contract §9). Bounded mode, on a new state.
    mutating func sourceSentAll(_ inners: [Inner], first: inout Inner?) -> MergeAction {
        isSourceDone = true
        guard !isFinished, let head = inners.first else { return completeIfDone() }
        if maxConcurrent > 0 {
            for inner in inners.dropFirst() { waiting.append(inner) }
        }
        active += 1
        isDraining = true
        drainDepth = 1
        first = head
        return .drain
    }

    /// The source completed (or was stopped). A second end of the source changes nothing.
    mutating func sourceCompleted() -> MergeAction {
        if isSourceDone { return .none }
        isSourceDone = true
        return completeIfDone()
    }

    /// The source or an inner signal failed: the output fails unless it has already ended;
    /// the waiting signals are dropped unsubscribed.
    mutating func failed() -> MergeAction {
        if isFinished { return .none }
        isFinished = true
        if hasWaiting { waiting.removeAll() }
        return .fail
    }

    /// The subscription was disposed: nothing more starts, and the waiting signals are
    /// dropped at once, not when the source lets go of the sink.
    mutating func disposed() {
        isFinished = true
        if hasWaiting { waiting.removeAll() }
    }

    // Inlined: W4 +97%, R3 +115% without it (Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two").
    @inline(__always)
    private mutating func completeIfDone() -> MergeAction {
        guard !isFinished, isSourceDone, active == 0, !hasWaiting else { return .none }
        isFinished = true
        return .complete
    }
}

/// How many waiting signals in a row the merge point starts nested, each inside the previous
/// one's completion, as RAC's `-flatten:` and `-concat:` do (see `MergeState`): RAC's order of
/// side effects for up to this many synchronous signals in a row, in a stack of bounded depth.
let concatNestingLimit = 32

/// What the merge point does after a `MergeState` transition.
enum MergeAction {
    /// Nothing.
    case none
    /// Subscribe the inner signal the transition was given (or handed back); it is already
    /// counted as active.
    case start
    /// Start waiting signals in a loop, calling `nextWaiting` until it stops saying `start`;
    /// this thread owns the loop.
    case drain
    /// Subscribe the inner signal handed back (already counted as active) on this thread,
    /// nested in the completion being delivered, then call `nestedStartReturned`.
    case startNested
    /// Complete the output.
    case complete
    /// Fail the output with the error the event carried.
    case fail
}
