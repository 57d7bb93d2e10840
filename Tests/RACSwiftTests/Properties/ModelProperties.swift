import Foundation
import PropertyBased
import RACSwift
import RACSwiftTesting
import Testing

/// The property-based model checks: for every generated program, RACSwift's trace equals the
/// model's (Reliability/CoreModels.swift, CombiningModels.swift, ReentrancyModels.swift). A
/// failure is shrunk to the smallest program that still fails and printed with both traces.
///
/// Serialized: the leak counter is process-wide, and the re-entrancy models keep their
/// subscriptions of one run in a static list.
@Suite(.serialized, .checksLeaks)
struct ModelProperties {
    /// Programs per operator (RACSWIFT_PROPERTY_CASES overrides it).
    static let streamCases = 300
    static let reentrancyCases = 200

    @Test(ModelProperty.seed, arguments: StreamCase.cases)
    func streamOperatorMatchesModel(_ check: StreamCase) async {
        await ModelProperty.check(
            check.name, count: Self.streamCases, input: ProgramGen.streams(check.inputs),
            actual: { check.actual($0.streams) }, expected: { check.expected($0.streams) })
    }

    @Test(ModelProperty.seed, arguments: HigherOrderCase.cases)
    func higherOrderOperatorMatchesModel(_ check: HigherOrderCase) async {
        await ModelProperty.check(
            check.name, count: Self.streamCases, input: ProgramGen.higherOrder, actual: check.actual, expected: check.expected)
    }

    @Test(ModelProperty.seed, arguments: ReentrancyModels.cases)
    func operatorUnderReentrancyMatchesModel(_ check: ReentrancyCase) async {
        await ModelProperty.check(
            "\(check.name) under re-entrancy", count: Self.reentrancyCases,
            input: ProgramGen.reentrant(sources: check.sources, parameters: check.parameters, subscribeAt: check.subscribeAt),
            actual: check.actual, expected: check.expected)
    }
}

/// An operator over hot streams, checked against its model.
struct StreamCase: @unchecked Sendable, CustomTestStringConvertible {
    let name: String
    let inputs: Int
    let actual: ([Stream]) -> [String]
    let expected: ([Stream]) -> [String]

    var testDescription: String { name }

    static let cases: [StreamCase] = [
        StreamCase(name: "zip(with:)", inputs: 2, actual: { streams in
            runOnScheduler(streams) { _, inputs in inputs[0].zip(with: inputs[1]).map { $0 * 10 + $1 } }
        }, expected: { CoreModels.zipModel($0[0], $0[1]) }),
        StreamCase(name: "concat(_:)", inputs: 2, actual: { streams in
            // Cold inputs: the second starts when the first completes.
            let scheduler = TestScheduler()
            let first = scheduler.createColdSignal(streams[0].recorded)
            let second = scheduler.createColdSignal(streams[1].recorded)
            let recorder = scheduler.record(first.concat(second))
            scheduler.run()
            recorder.disposable.dispose()
            return rendered(recorder.events)
        }, expected: { CoreModels.concatModel($0[0], $0[1]) }),
        StreamCase(name: "bind(_:)", inputs: 1, actual: { streams in
            // return(value), except 2 (nil: bind completes) and 3 (sets `stop`).
            runOnScheduler(streams) { _, inputs in
                inputs[0].bind { { value, stop in
                    if value == 3 { stop = true }
                    return value == 2 ? nil : Signal.return(value)
                } }
            }
        }, expected: { CoreModels.bindModel($0[0]) }),
        StreamCase(name: "combineLatest(with:)", inputs: 2, actual: { streams in
            runOnScheduler(streams) { _, inputs in inputs[0].combineLatest(with: inputs[1]).map { [$0, $1] } }
        }, expected: CombiningModels.combineLatestModel),
        StreamCase(name: "combineLatest([a, b, c])", inputs: 3, actual: { streams in
            runOnScheduler(streams) { _, inputs in Signal<[Int]>.combineLatest(inputs) }
        }, expected: CombiningModels.combineLatestModel),
        StreamCase(name: "merge(_:)", inputs: 2, actual: { streams in
            runOnScheduler(streams) { _, inputs in inputs[0].merge(inputs[1]) }
        }, expected: CombiningModels.mergeModel),
        StreamCase(name: "merge([a, b, c])", inputs: 3, actual: { streams in
            runOnScheduler(streams) { _, inputs in Signal.merge(inputs) }
        }, expected: CombiningModels.mergeModel),
    ]
}

/// A higher-order operator over an outer stream of cold inner ones, checked against its model.
struct HigherOrderCase: @unchecked Sendable, CustomTestStringConvertible {
    let name: String
    let actual: (ModelHigherOrderInput) -> [String]
    let expected: (ModelHigherOrderInput) -> [String]

    var testDescription: String { name }

    static let cases: [HigherOrderCase] = [
        HigherOrderCase(name: "flatten()", actual: { $0.run { $0.flatten() } },
                        expected: { CombiningModels.flattenModel($0, limit: 0) }),
        HigherOrderCase(name: "flatten(maxConcurrent: 0)", actual: { $0.run { $0.flatten(maxConcurrent: 0) } },
                        expected: { CombiningModels.flattenModel($0, limit: 0) }),
        HigherOrderCase(name: "flatten(maxConcurrent: 1)", actual: { $0.run { $0.flatten(maxConcurrent: 1) } },
                        expected: { CombiningModels.flattenModel($0, limit: 1) }),
        HigherOrderCase(name: "flatten(maxConcurrent: 2)", actual: { $0.run { $0.flatten(maxConcurrent: 2) } },
                        expected: { CombiningModels.flattenModel($0, limit: 2) }),
        HigherOrderCase(name: "concat()", actual: { $0.run { $0.concat() } },
                        expected: { CombiningModels.flattenModel($0, limit: 1) }),
        // flattenMap's nil counts as an empty signal: picking inner 1 subscribes nothing.
        HigherOrderCase(name: "flattenMap(_:) with nil", actual: { input in
            input.runIndexed { outer, inners in outer.flattenMap { $0 == 1 ? nil : inners[$0] } }
        }, expected: { CombiningModels.flattenModel($0, limit: 0, nilInner: 1) }),
        HigherOrderCase(name: "switchToLatest()", actual: { $0.run { $0.switchToLatest() } },
                        expected: CombiningModels.switchModel),
    ]
}
