/// The rules of one combineLatest subscription as a value: how many inputs have yet to send a
/// first value and how many are still running. The latest values live in the inputs; the sink
/// performs the actions.
struct CombineLatestState: Sendable {
    enum Action: Equatable, Sendable {
        case none
        /// Send the inputs' latest values.
        case sendLatest
        /// Complete the output.
        case complete
        /// Send the input's error.
        case fail
    }

    // 32-bit counts: the state is 10 bytes, not 18, in every subscription's sink (memory per
    // live subscription, issue 37).
    private var waitingForFirstValue: UInt32
    private var running: UInt32
    /// The state has asked for a terminal event; nothing more is asked for after it.
    private(set) var isFinished = false
    /// Whether the first input has sent a value, for the two- and three-signal forms, whose
    /// first input is the inputs' object (`CombineLatestInputs2`): kept here, in the byte after
    /// `isFinished`, it costs that object no word of its own (8 bytes less per subscription;
    /// Benchmarks/HISTORY.md, "Issue 37: combineLatest's memory, tenth pass"). The other forms'
    /// inputs keep their own flag and leave this one unset.
    private var firstInputHasValue = false

    init(inputCount: Int) {
        waitingForFirstValue = UInt32(inputCount)
        running = UInt32(inputCount)
    }

    /// The subscription has begun: with no inputs there is nothing to combine (RAC's `+join:`
    /// of no signals is `+empty`).
    mutating func start() -> Action {
        guard running == 0, !isFinished else { return .none }
        isFinished = true
        return .complete
    }

    /// An input has sent a value; `isFirst` when it is that input's first.
    mutating func received(isFirst: Bool) -> Action {
        if isFirst { waitingForFirstValue -= 1 }
        return waitingForFirstValue == 0 && !isFinished ? .sendLatest : .none
    }

    /// The first input (`CombineLatestInputs2`) has sent a value: `received(isFirst:)`, told
    /// whether it is that input's first.
    mutating func receivedByFirstInput() -> Action {
        let isFirst = !firstInputHasValue
        firstInputHasValue = true
        return received(isFirst: isFirst)
    }

    /// An input has completed: the result completes once every input has — also one that
    /// never sent, as RAC's does.
    mutating func completed() -> Action {
        running -= 1
        guard running == 0, !isFinished else { return .none }
        isFinished = true
        return .complete
    }

    mutating func failed() -> Action {
        guard !isFinished else { return .none }
        isFinished = true
        return .fail
    }
}
