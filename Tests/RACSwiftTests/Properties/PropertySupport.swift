import Foundation
import PropertyBased
import RACSwift
import RACSwiftTesting
import Testing

// The property-based model checks (swift-property-based): generators of the programs the
// models run (streams of values and terminal events, an outer stream of inner ones, scripts of
// sends with re-entrant reactions), the property "RACSwift's trace equals the model's", and
// the library's shrinking, which reruns a failing program with parts dropped and numbers moved
// towards zero until nothing smaller fails, then prints that program.
//
// The generators are built from the library's own (arrays, integers, optionals, zip), so
// shrinking composes: a stream shrinks by dropping values and closing its gaps (times are
// stored as gaps, so later events move earlier), its terminal event towards none, its values
// towards 0; a script of sends shrinks the same way, and each reaction towards none.

/// The property runner and the seed trait shared by the property suites.
enum ModelProperty {
    /// Programs per property; RACSWIFT_PROPERTY_CASES overrides it (for a longer hunt).
    static func cases(_ defaultCount: Int) -> Int {
        ProcessInfo.processInfo.environment["RACSWIFT_PROPERTY_CASES"].flatMap(Int.init) ?? defaultCount
    }

    /// The seed to replay: RACSWIFT_PROPERTY_SEED holds the base64 seed a failure printed
    /// (the library's `.fixedSeed("…")` hint); then every property of a test runs that one
    /// program, and one that does not fail is reported as such by the library. Without it
    /// each run draws fresh seeds, and shrinking stays on (its default on Swift 6.2 and later).
    static var seed: any TestTrait {
        if let text = ProcessInfo.processInfo.environment["RACSWIFT_PROPERTY_SEED"], let rng = Xoshiro(seed: text) {
            let state = rng.currentState
            return .fixedSeed(state.0, state.1, state.2, state.3)
        }
        return .shrinking(true)
    }

    /// Checks that `actual` (RACSwift's trace of a program) equals `expected` (the model's)
    /// for `count` generated programs; a failure is shrunk and printed with both traces.
    static func check<Program: CustomStringConvertible & SendableMetatype, Trace: Equatable>(
        _ name: String, count: Int, input: Generator<Program, some SendableSequenceType>,
        actual: (Program) -> Trace, expected: (Program) -> Trace,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await propertyCheck(count: cases(count), input: input) { program in
            let actualTrace = actual(program)
            let expectedTrace = expected(program)
            #expect(
                actualTrace == expectedTrace,
                Comment(rawValue: failureReport(name, program, actualTrace, expectedTrace)),
                sourceLocation: sourceLocation)
        }
    }

    /// The readable report of a failing program: the program, both traces, and the first
    /// event where they part.
    static func failureReport<Trace>(_ name: String, _ program: some CustomStringConvertible, _ actual: Trace, _ expected: Trace) -> String {
        var report = """
            '\(name)': RACSwift's trace differs from the model's
              program:  \(program)
              actual:   \(actual)
              expected: \(expected)
            """
        if let actual = actual as? [String], let expected = expected as? [String] {
            let index = actual.indices.first { $0 < expected.count && actual[$0] != expected[$0] } ?? min(actual.count, expected.count)
            let left = index < actual.count ? actual[index] : "(nothing)"
            let right = index < expected.count ? expected[index] : "(nothing)"
            report += "\n  first difference at event \(index): actual \(left), expected \(right)"
        }
        return report
    }
}

/// Several hot streams of one program, printed one per source.
struct StreamProgram: CustomStringConvertible, CustomTestStringConvertible {
    var streams: [Stream]

    var description: String {
        streams.enumerated().map { "s\($0.offset): [\($0.element)]" }.joined(separator: " | ")
    }

    var testDescription: String { description }
}

/// One hot stream and an integer parameter (a count, a predicate's threshold, a start).
struct UnaryProgram: CustomStringConvertible, CustomTestStringConvertible {
    var stream: Stream
    var parameter: Int

    var description: String { "parameter \(parameter); [\(stream)]" }

    var testDescription: String { description }
}

extension ModelHigherOrderInput: CustomTestStringConvertible {
    var testDescription: String { description }
}

extension ModelResubscribeInput: CustomTestStringConvertible {
    var testDescription: String { description }
}

extension SharingProgram: CustomTestStringConvertible {
    var testDescription: String { description }
}

extension TimeProgram: CustomTestStringConvertible {
    var testDescription: String { description }
}

extension ReentrantInput: CustomTestStringConvertible {
    var testDescription: String { description }
}

enum ProgramGen {
    /// A stream: up to `maxValues` values from `0..<alphabet` (small, so repeats happen), each
    /// 1–3 frames after the one before, then completion, an error (carrying its time) or
    /// nothing, 1–3 frames after the last value.
    static func stream(maxValues: Int = 8, alphabet: Int = 4) -> Generator<Stream, some SendableSequenceType> {
        zip(
            zip(Gen.int(in: 0...2), Gen.int(in: 0...(alphabet - 1))).array(of: 0...maxValues),
            Gen.int(in: 0...2),  // the end: 0 none, 1 completion, 2 an error
            Gen.int(in: 0...2)   // the end's gap, less one
        ).map { parts in
            var time = 0
            let values = parts.0.map { gap, value in
                time += 1 + gap
                return (time: time, value: value)
            }
            let end: (time: Int, error: Bool)? = parts.1 == 0 ? nil : (time + 1 + parts.2, parts.1 == 2)
            return Stream(values: values, end: end)
        }
    }

    /// `count` independent streams.
    static func streams(_ count: Int, maxValues: Int = 8, alphabet: Int = 4) -> Generator<StreamProgram, some SendableSequenceType> {
        stream(maxValues: maxValues, alphabet: alphabet).array(of: count).map { StreamProgram(streams: $0) }
    }

    /// One stream and a parameter from `parameters`.
    static func unary(parameters: ClosedRange<Int>, maxValues: Int = 8, alphabet: Int = 4)
        -> Generator<UnaryProgram, some SendableSequenceType>
    {
        zip(stream(maxValues: maxValues, alphabet: alphabet), Gen.int(in: parameters))
            .map { UnaryProgram(stream: $0, parameter: $1) }
    }

    /// A cold source of up to 4 values, a second one (catch's replacement) and a count from
    /// `counts` (retry's).
    static func resubscribe(counts: ClosedRange<Int>) -> Generator<ModelResubscribeInput, some SendableSequenceType> {
        zip(stream(maxValues: 4), stream(maxValues: 4), Gen.int(in: counts))
            .map { ModelResubscribeInput(first: $0, second: $1, count: $2) }
    }

    /// A hot source of up to 8 values, 1–`maxMembers` members (each joins at 0–14 and, half
    /// the time, leaves 0–6 frames later) and a connect time of 0–12.
    static func sharing(maxMembers: Int) -> Generator<SharingProgram, some SendableSequenceType> {
        let member = zip(Gen.int(in: 0...14), Gen.int(in: 0...6).optional(valueRate: 0.5))
            .map { join, stay in SharingProgram.Member(join: join, leave: stay.map { join + $0 }) }
        return zip(stream(maxValues: 8), member.array(of: 1...maxMembers), Gen.int(in: 0...12))
            .map { SharingProgram(source: $0, members: $1, connectAt: $2) }
    }

    /// `count` hot streams of up to 10 values, an interval from `intervals` and a flag.
    static func time(streams count: Int, intervals: ClosedRange<Int>) -> Generator<TimeProgram, some SendableSequenceType> {
        zip(stream(maxValues: 10).array(of: count), Gen.int(in: intervals), Gen.bool)
            .map { TimeProgram(streams: $0, interval: $1, flag: $2) }
    }

    /// An outer stream whose values pick one of 1–3 inner streams (value `v` stands for
    /// inner `v % count`), each inner a cold stream of up to 4 values from 0–9.
    static var higherOrder: Generator<ModelHigherOrderInput, some SendableSequenceType> {
        zip(stream(maxValues: 6, alphabet: 3), stream(maxValues: 4, alphabet: 10).array(of: 1...3))
            .map { outer, inners in ModelHigherOrderInput(outer: outer, inners: inners) }
    }

    /// A re-entrancy script: up to 8 events into
    /// `sources` sources (mostly values; a terminal event one time in ten each), 1–3 frames
    /// apart, and reactions to about half of the first 6 output values (mostly sends of a
    /// value; a terminal event, an error or disposal one time in ten each).
    static func reentrant(sources: Int, parameters: ClosedRange<Int>, subscribeAt: ClosedRange<Int>, alphabet: Int = 5)
        -> Generator<ReentrantInput, some SendableSequenceType>
    {
        let event = zip(Gen.int(in: 0...2), Gen.int(in: 0...(sources - 1)), Gen.int(in: 0...19), Gen.int(in: 0...(alphabet - 1)))
        let reaction = zip(Gen.int(in: 0...19), Gen.int(in: 0...(sources - 1)), Gen.int(in: 0...(alphabet - 1)))
            .optional(valueRate: 0.5)
        return zip(event.array(of: 0...8), reaction.array(of: 6), Gen.int(in: parameters), Gen.int(in: subscribeAt))
            .map { parts in
                var time = 0
                let script = parts.0.map { gap, source, roll, value in
                    time += 1 + gap
                    // The roll shrinks towards 0, a value: the plainest event.
                    let event: ReentrantEvent = roll < 17 ? .value(value) : roll < 19 ? .completed : .error(time)
                    return ReentrantInput.Timed(time: time, source: source, event: event)
                }
                var reactions: [Int: ReentrantAction] = [:]
                for (step, drawn) in parts.1.enumerated() {
                    guard let (roll, source, value) = drawn else { continue }
                    reactions[step] = roll < 14 ? .send(source: source, .value(value))
                        : roll < 16 ? .send(source: source, .completed)
                        : roll < 18 ? .send(source: source, .error(100 + step))
                        : .dispose
                }
                return ReentrantInput(script: script, reactions: reactions, parameter: parts.2, subscribeAt: parts.3)
            }
    }
}
