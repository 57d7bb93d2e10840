import Foundation
import RACSwift
import XCTest

/// RAC's order of side effects for the concatenating operators with synchronous sources
/// (issue 30, finding 5), each trace derived from ReactiveObjC:
///
/// - `-concat:` (RACSignal.m) subscribes the next signal from inside the previous one's
///   completion block, and `+concat:` is a left fold of `-concat:`, so with synchronous
///   sources every later signal runs nested inside the earlier ones' `createSignal` blocks;
/// - a `createSignal` block's disposable is registered only once the block has returned
///   (RACDynamicSignal), and its subscription was disposed already (`RACSubscriber` disposes
///   before it runs the completion block), so the block's disposal runs when the block
///   returns: after everything nested inside it, the final `completed` included;
/// - `-flatten:` with a limit subscribes a queued signal from inside the completion of the
///   one that made room, and completes from inside the last one's completion;
/// - `-then:` is `ignoreValues` concatenated with `+defer:`, `-startWith:` is `+return:`
///   concatenated with the receiver.
///
/// RACSwift nests the same way for up to `racOrderRunLength` (the library's `concatNestingLimit`)
/// synchronous signals in a row;
/// the last test pins what happens beyond (the constant-stack guarantee).
final class ConcatOrderTests: RACTestCase {
    func testConcatRunsTheSecondSignalInsideTheFirstsCompletion() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", values: [1]).concat(trace.signal("B", values: [2])))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "subscribe B", "next 2", "completed", "dispose B", "dispose A",
        ])
    }

    func testStaticConcatNestsEachSignalInsideThePreviousOnesCompletion() {
        let trace = Trace()
        trace.subscribe(to: Signal.concat(
            trace.signal("A", values: [1]), trace.signal("B", values: [2]), trace.signal("C", values: [3])))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "subscribe B", "next 2", "subscribe C", "next 3",
            "completed", "dispose C", "dispose B", "dispose A",
        ])
    }

    func testStaticConcatFailingInTheMiddleUnwindsAfterTheError() {
        let trace = Trace()
        trace.subscribe(to: Signal.concat(
            trace.signal("A", values: [1]), trace.signal("B", values: [2], error: TestError.boom),
            trace.signal("C", values: [3])))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "subscribe B", "next 2", "error boom", "dispose B", "dispose A",
        ])
    }

    func testConcatOfAnAsynchronousFirstSignalDisposesItBeforeTheSecondStarts() {
        // The first's block returned long ago: its disposable is disposed by its completion,
        // before the completion block subscribes the second (RACSubscriber's order).
        let trace = Trace()
        let first = Subject<Int>()
        trace.subscribe(to: trace.signal("A", forwarding: first).concat(trace.signal("B", values: [2])))
        first.sendNext(1)
        first.sendCompleted()
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "dispose A", "subscribe B", "next 2", "completed", "dispose B",
        ])
    }

    func testThenRunsItsBlockAndSignalInsideTheSourcesCompletion() {
        let trace = Trace()
        let then = trace.signal("A", values: [1]).then { () -> Signal<Int> in
            trace.append("block")
            return trace.signal("B", values: [2])
        }
        trace.subscribe(to: then)
        XCTAssertEqual(trace.entries, [
            "subscribe A", "block", "subscribe B", "next 2", "completed", "dispose B", "dispose A",
        ])
    }

    func testStartWithSubscribesTheSourceAfterTheValue() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", values: [1]).startWith(0))
        XCTAssertEqual(trace.entries, ["next 0", "subscribe A", "next 1", "completed", "dispose A"])
    }

    func testFlattenWithALimitStartsQueuedSignalsInsideTheCompletionThatMadeRoom() {
        let trace = Trace()
        let gate = Subject<Int>()
        let outer = Subject<Signal<Int>>()
        trace.subscribe(to: outer.flatten(maxConcurrent: 1))
        outer.sendNext(gate)
        outer.sendNext(trace.signal("B", values: [2]))
        outer.sendNext(trace.signal("C", values: [3]))
        outer.sendCompleted()
        XCTAssertEqual(trace.entries, [])
        gate.sendCompleted()
        XCTAssertEqual(trace.entries, [
            "subscribe B", "next 2", "subscribe C", "next 3", "completed", "dispose C", "dispose B",
        ])
    }

    func testFlattenWithALimitOfTwoStartsAQueuedSignalInsideTheCompletionThatMadeRoom() {
        let trace = Trace()
        let gates = [Subject<Int>(), Subject<Int>()]
        let outer = Subject<Signal<Int>>()
        trace.subscribe(to: outer.flatten(maxConcurrent: 2))
        gates.forEach(outer.sendNext)
        outer.sendNext(trace.signal("B", values: [2]))
        outer.sendNext(trace.signal("C", values: [3]))
        outer.sendCompleted()
        gates[0].sendCompleted()
        XCTAssertEqual(trace.entries, [
            "subscribe B", "next 2", "subscribe C", "next 3", "dispose C", "dispose B",
        ], "the second gate still runs: no completion")
        gates[1].sendCompleted()
        XCTAssertEqual(trace.entries.last, "completed")
    }

    func testConcatOfASynchronousSignalOfSignalsRunsEachInTurn() {
        // The outer signal sends the next inner only once the previous one has finished (its
        // block returned): nothing is queued, so nothing nests.
        let trace = Trace()
        let outer = Signal<Signal<Int>>.create { subscriber in
            subscriber.sendNext(trace.signal("A", values: [1]))
            subscriber.sendNext(trace.signal("B", values: [2]))
            subscriber.sendCompleted()
            return nil
        }
        trace.subscribe(to: outer.concat())
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "dispose A", "subscribe B", "next 2", "dispose B", "completed",
        ])
    }

    func testConcatNestsAtMostALimitedRunOfSynchronousSignals() {
        // Beyond `racOrderRunLength` signals in a row, RAC's nesting would grow the stack
        // without bound (contract §8): the run unwinds — its blocks return and their
        // disposals run, latest first — and the next run starts. Within a run, RAC's order.
        let limit = racOrderRunLength
        let count = 2 * limit + 3
        let trace = Trace()
        trace.subscribe(to: Signal.concat((0..<count).map { trace.signal("\($0)", values: [$0]) }))
        var expected: [String] = []
        for run in stride(from: 0, to: count, by: limit).map({ $0..<min($0 + limit, count) }) {
            for index in run { expected += ["subscribe \(index)", "next \(index)"] }
            if run.upperBound == count { expected.append("completed") }
            for index in run.reversed() { expected.append("dispose \(index)") }
        }
        XCTAssertEqual(trace.entries, expected)
    }
}

/// How many synchronous signals in a row `concat` and `flatten(maxConcurrent:)` nest, as RAC
/// does, before the run unwinds (the library's limit; see `MergeState`).
let racOrderRunLength = 32
