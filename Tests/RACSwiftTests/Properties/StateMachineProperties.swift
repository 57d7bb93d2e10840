import PropertyBased
import Testing
@testable import RACSwift

/// Property-based checks of a state machine driven as a pure function (beside the scripted
/// examples of StateMachines/ZipStateTests.swift): random scripts of calls into `ZipState`,
/// its actions compared call by call with a model of RAC's `-zipWith:` rule over n inputs.
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

    /// 1–3 inputs and up to 12 calls: mostly values (7 in 10), then completions, then errors.
    static let zipScripts: Generator<ZipScript, some SendableSequenceType> =
        zip(Gen.int(in: 1...3), zip(Gen.int(in: 0...9), Gen.int(in: 0...2)).array(of: 0...12)).map { inputs, drawn in
            ZipScript(inputs: inputs, calls: drawn.map { roll, input in
                roll < 7 ? .received(input % inputs) : roll < 9 ? .completed(input % inputs) : .failed
            })
        }

    private static func name(_ action: ZipState.Action) -> String {
        switch action {
        case .none: "none"
        case .sendHead: "sendHead"
        case .complete: "complete"
        case .fail: "fail"
        }
    }

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
            "ZipState", count: 500, input: Self.zipScripts, actual: Self.zipStateTrace, expected: Self.zipModelTrace)
    }
}
