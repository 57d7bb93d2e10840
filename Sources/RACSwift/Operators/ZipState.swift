/// The rules of one zip subscription as a value: how many values each input has buffered and
/// which inputs have completed. A tuple goes out when every input has a value; the result
/// completes when an input has completed with nothing left to pair — checked when it completes
/// and after each tuple has gone out, as RAC's `-zipWith:` does (with the lock still held, so a
/// value that arrives while a tuple is being delivered counts). The values themselves live in
/// the inputs' `RingBuffer`s; the sink performs the actions.
struct ZipState: Sendable {
    enum Action: Equatable, Sendable {
        case none
        /// Take the first value of every buffer and send the tuple, then call `sentHead()`.
        case sendHead
        /// Complete the output (and drop the buffered values).
        case complete
        /// Send the input's error (and drop the buffered values).
        case fail
    }

    private struct Input {
        var buffered = 0
        var isCompleted = false
    }

    // One array, not two: one allocation per subscription.
    private var inputs: [Input]
    /// Inputs with no buffered value: a tuple is due when it reaches zero.
    private var emptyInputs: Int
    /// The state has asked for a terminal event; nothing more is asked for after it.
    private(set) var isFinished = false

    init(inputCount: Int) {
        inputs = Array(repeating: Input(), count: inputCount)
        emptyInputs = inputCount
    }

    /// The subscription has begun: with no inputs there is nothing to zip (RAC's `+zip:` of no
    /// streams is empty).
    mutating func start() -> Action {
        guard inputs.isEmpty, !isFinished else { return .none }
        isFinished = true
        return .complete
    }

    /// `input` has sent a value, which its buffer now holds.
    mutating func received(from input: Int) -> Action {
        guard !isFinished else { return .none }
        if inputs[input].buffered == 0 { emptyInputs -= 1 }
        inputs[input].buffered += 1
        guard emptyInputs == 0 else { return .none }
        for index in inputs.indices {
            inputs[index].buffered -= 1
            if inputs[index].buffered == 0 { emptyInputs += 1 }
        }
        return .sendHead
    }

    /// The tuple `sendHead` asked for has gone out.
    mutating func sentHead() -> Action { completeIfExhausted() }

    mutating func completed(input: Int) -> Action {
        guard !isFinished else { return .none }
        inputs[input].isCompleted = true
        return completeIfExhausted()
    }

    mutating func failed() -> Action {
        guard !isFinished else { return .none }
        isFinished = true
        return .fail
    }

    private mutating func completeIfExhausted() -> Action {
        guard !isFinished else { return .none }
        for input in inputs where input.isCompleted && input.buffered == 0 {
            isFinished = true
            return .complete
        }
        return .none
    }
}
