import PropertyBased
import Testing
@testable import RACSwift

/// Property-based checks of state machines driven as pure functions (beside the scripted
/// examples of StateMachines/): random scripts of calls into `ZipState` and
/// `CombineLatestState`, their actions compared call by call with models of RAC's
/// `-zipWith:` and `-combineLatestWith:` rules over n inputs.
@Suite(.serialized)
struct StateMachineProperties {
    /// One call into the zip state. After `sendHead` the driver calls `sentHead()`, as the
    /// sink does once the tuple has gone out.
    enum ZipCall: CustomStringConvertible {
        case received(Int), completed(Int), failed

        var description: String {
            switch self {
            case .received(let input): "value from \(input)"
            case .completed(let input): "completion of \(input)"
            case .failed: "error"
            }
        }
    }

    struct ZipScript: CustomStringConvertible, CustomTestStringConvertible {
        var inputs: Int
        var calls: [ZipCall]

        var description: String { "\(inputs) inputs: [\(calls.map(\.description).joined(separator: ", "))]" }
        var testDescription: String { description }
    }

    /// Scripts into `inputs` inputs, up to 12 calls: mostly values (7 in 10), then
    /// completions, then errors.
    static func scripts(inputs: ClosedRange<Int>) -> Generator<ZipScript, some SendableSequenceType> {
        zip(Gen.int(in: inputs), zip(Gen.int(in: 0...9), Gen.int(in: 0...2)).array(of: 0...12)).map { inputs, drawn in
            ZipScript(inputs: inputs, calls: inputs == 0 ? [] : drawn.map { roll, input in
                roll < 7 ? .received(input % inputs) : roll < 9 ? .completed(input % inputs) : .failed
            })
        }
    }

    /// An action's case name (the state machines' actions carry no payload).
    private static func name(_ action: some Equatable) -> String { String(describing: action) }

    /// The state machine's actions, with `sentHead()`'s after each `sendHead`.
    static func zipStateTrace(_ script: ZipScript) -> [String] {
        var state = ZipState(inputCount: script.inputs)
        var trace = ["start: " + name(state.start())]
        for call in script.calls {
            let action: ZipState.Action
            switch call {
            case .received(let input): action = state.received(from: input)
            case .completed(let input): action = state.completed(input: input)
            case .failed: action = state.failed()
            }
            trace.append("\(call): " + name(action))
            if action == .sendHead { trace.append("sent: " + name(state.sentHead())) }
        }
        return trace
    }

    /// RAC's rule: each value joins its input's queue; once every queue has one, a tuple
    /// goes out; the result completes when an input has completed with an empty queue
    /// (checked at its completion and after each tuple), fails at the first error, and asks
    /// for nothing once it has ended.
    static func zipModelTrace(_ script: ZipScript) -> [String] {
        var queues = Array(repeating: 0, count: script.inputs)
        var completed = Array(repeating: false, count: script.inputs)
        var ended = false
        func exhausted() -> Bool { (0..<script.inputs).contains { completed[$0] && queues[$0] == 0 } }
        var trace = ["start: none"]
        for call in script.calls {
            guard !ended else { trace.append("\(call): none"); continue }
            switch call {
            case .received(let input):
                queues[input] += 1
                guard queues.allSatisfy({ $0 > 0 }) else { trace.append("\(call): none"); continue }
                queues = queues.map { $0 - 1 }
                trace.append("\(call): sendHead")
                ended = exhausted()
                trace.append("sent: " + (ended ? "complete" : "none"))
            case .completed(let input):
                completed[input] = true
                ended = exhausted()
                trace.append("\(call): " + (ended ? "complete" : "none"))
            case .failed:
                ended = true
                trace.append("\(call): fail")
            }
        }
        return trace
    }

    @Test(ModelProperty.seed)
    func zipStateMatchesModel() async {
        await ModelProperty.check(
            "ZipState", count: 500, input: Self.scripts(inputs: 1...3), actual: Self.zipStateTrace, expected: Self.zipModelTrace)
    }

    // MARK: combineLatest

    // The driver plays an input's part: it tells the state whether a value is the input's
    // first, and sends nothing for an input that has completed (a second completion or a
    // later value of it is skipped, as a finished subscription would never deliver it).

    static func combineLatestStateTrace(_ script: ZipScript) -> [String] {
        var state = CombineLatestState(inputCount: script.inputs)
        var sent = Array(repeating: false, count: script.inputs)
        var completed = Array(repeating: false, count: script.inputs)
        var trace = ["start: " + name(state.start())]
        for call in script.calls {
            switch call {
            case .received(let input):
                guard !completed[input] else { trace.append("\(call): skipped"); continue }
                let isFirst = !sent[input]
                sent[input] = true
                trace.append("\(call): " + name(state.received(isFirst: isFirst)))
            case .completed(let input):
                guard !completed[input] else { trace.append("\(call): skipped"); continue }
                completed[input] = true
                trace.append("\(call): " + name(state.completed()))
            case .failed:
                trace.append("\(call): " + name(state.failed()))
            }
        }
        return trace
    }

    /// RAC's rule: nothing goes out until every input has sent a value, then every value sends
    /// the latest of each; the result completes once every input has completed (also one that
    /// never sent), fails at the first error, asks for nothing once it has ended, and with no
    /// inputs completes at once (`+join:` of nothing is `+empty`).
    static func combineLatestModelTrace(_ script: ZipScript) -> [String] {
        var sent = Array(repeating: false, count: script.inputs)
        var completed = Array(repeating: false, count: script.inputs)
        var ended = script.inputs == 0
        var trace = ["start: " + (ended ? "complete" : "none")]
        for call in script.calls {
            switch call {
            case .received(let input):
                guard !completed[input] else { trace.append("\(call): skipped"); continue }
                sent[input] = true
                trace.append("\(call): " + (!ended && sent.allSatisfy { $0 } ? "sendLatest" : "none"))
            case .completed(let input):
                guard !completed[input] else { trace.append("\(call): skipped"); continue }
                completed[input] = true
                let completes = !ended && completed.allSatisfy { $0 }
                if completes { ended = true }
                trace.append("\(call): " + (completes ? "complete" : "none"))
            case .failed:
                trace.append("\(call): " + (ended ? "none" : "fail"))
                ended = true
            }
        }
        return trace
    }

    @Test(ModelProperty.seed)
    func combineLatestStateMatchesModel() async {
        await ModelProperty.check(
            "CombineLatestState", count: 500, input: Self.scripts(inputs: 0...3),
            actual: Self.combineLatestStateTrace, expected: Self.combineLatestModelTrace)
    }
}
