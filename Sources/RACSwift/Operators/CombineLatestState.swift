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

    // 32-bit counts: the state is 9 bytes, not 17, in every subscription's sink (memory per
    // live subscription, issue 37).
    private var waitingForFirstValue: UInt32
    private var running: UInt32
    /// The state has asked for a terminal event; nothing more is asked for after it.
    private(set) var isFinished = false

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
