import Foundation
import PropertyBased
import RACSwift
import RACSwiftTesting
import Testing

/// The shrinking works: each test plants a known bug in a model, lets the property find it as
/// a known issue (so the test passes only if the property does fail), and checks that the
/// program it ends with is the smallest one that shows the bug.
@Suite(.serialized, .checksLeaks)
struct ShrinkingProperties {
    /// What the failing runs saw: the last failing program (the shrunk one, which the library
    /// runs last to report it) and the issues' texts.
    final class Findings<Program>: @unchecked Sendable {
        var lastFailing: Program?
        var reports: [String] = []
    }

    /// Runs the property of `actual` against a wrong `expected` and returns what it found.
    private func findings<Program: CustomStringConvertible & SendableMetatype>(
        _ name: String, input: Generator<Program, some SendableSequenceType>,
        actual: (Program) -> [String], expected: (Program) -> [String]
    ) async -> Findings<Program> {
        let found = Findings<Program>()
        await withKnownIssue("the model has a planted bug") {
            await propertyCheck(count: 200, input: input) { program in
                let actualTrace = actual(program)
                let expectedTrace = expected(program)
                if actualTrace != expectedTrace { found.lastFailing = program }
                #expect(actualTrace == expectedTrace, Comment(rawValue: ModelProperty.failureReport(name, program, actualTrace, expectedTrace)))
            }
        } matching: { issue in
            found.reports.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return true
        }
        return found
    }

    @Test func aMergeModelThatDropsThreesShrinksToOneThreeAtTimeOne() async throws {
        // The planted bug: the model loses every value 3. Any program with a 3 before the end
        // fails; the smallest has that one value, at the first frame, and nothing else.
        let found = await findings(
            "merge(_:) against a wrong model", input: ProgramGen.streams(2),
            actual: { program in runOnScheduler(program.streams) { _, inputs in inputs[0].merge(inputs[1]) } },
            expected: { program in
                CombiningModels.mergeModel(program.streams.map { stream in
                    var copy = stream
                    copy.values.removeAll { $0.value == 3 }
                    return copy
                })
            })
        let shrunk = try #require(found.lastFailing)
        let events = shrunk.streams.flatMap(\.recorded)
        #expect(events.map(\.description) == ["next(3) @ 1"], "shrunk to \(shrunk)")
        #expect(shrunk.streams.filter { !$0.values.isEmpty }.count == 1)
        // The library's own report names the shrunk program and the one it started from.
        #expect(found.reports.contains { $0.contains("Failure occured with input \(shrunk)") && $0.contains("shrunk down from") })
        // And the property's report prints both traces and where they part.
        #expect(found.reports.contains { $0.contains("first difference at event 0: actual next(3) @ 1, expected (nothing)") })
    }

    @Test func aTakeModelThatCountsAfterForwardingShrinksToOneReentrantSend() async throws {
        // The planted bug: the model of take(1) counts a value after forwarding it (RAC's
        // rule is before), so a value the subscriber sends into the source from inside that
        // delivery goes out too. The smallest program: one value, and one reaction to it that
        // sends a value into the source.
        let found = await findings(
            "take(_:) against a wrong model",
            input: ProgramGen.reentrant(sources: 1, parameters: 1...1, subscribeAt: 0...0),
            actual: { input in runReentrant(input, sources: 1) { _, sources, count in sources[0].take(count) } },
            expected: { input in
                runReentrantModel(input, sources: 1) { world, count in
                    var taken = 0
                    let bag = ModelBag()
                    world.onDispose = { bag.dispose() }
                    bag.add(world.sources[0].subscribe(next: { value in
                        guard taken < count else { return }
                        world.next(value)
                        taken += 1
                        if taken == count { world.end(.completed) }
                    }, terminal: { world.end($0) }))
                }
            })
        let shrunk = try #require(found.lastFailing)
        #expect(shrunk.description == "parameter 1, subscribe @0; script [s0@1:0]; reactions [#0 -> send 0 into s0]")
        #expect(found.reports.contains { $0.contains("actual:   [\"0@1\", \"C@1\"]") && $0.contains("expected: [\"0@1\", \"0@1\", \"C@1\"]") })
    }
}
