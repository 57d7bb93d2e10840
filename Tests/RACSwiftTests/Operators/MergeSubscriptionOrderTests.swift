import Foundation
@_spi(Testing) import RACSwift
import XCTest

/// RAC's order of side effects for the merge family and its neighbours when they end while
/// they are still subscribing their inputs (issue 38), each trace derived from ReactiveObjC:
///
/// - a `createSignal` block's disposable joins the subscription only once the block has
///   returned (RACDynamicSignal.m:44-45), and `take` is `-bind:`, whose `stop` disposes a
///   serial disposable that gets the source's subscription only when its `subscribe` returns
///   (RACSignal.m, `-bind:`): a `take(1)` ending the result while it is still subscribing
///   completes at once, and reaches the operator's inputs only when the operator's block has
///   returned — until then they run live, and the later ones are still subscribed;
/// - `+merge:` is a `createSignal` sending its signals, flattened (`-bind:`), whose source
///   subscriber checks the bind's compound before it subscribes the next signal: an inner
///   error disposes that compound and nothing more is subscribed;
/// - `-concat:`, `-catch:` and `-then:` subscribe the next signal from inside the previous
///   one's terminal event (ConcatOrderTests); `-switchToLatest` is a published `flattenMap` of
///   `takeUntil:` the next signal, the bind subscribed to the subject before each inner's
///   trigger, so the next inner is subscribed before the previous one is disposed;
/// - `-takeUntilReplacement:` subscribes the replacement, then the source (`-concat:` with
///   `never`) into a serial disposable, and its block's disposable disposes that serial, then
///   the replacement.
///
/// Where RACSwift differs, the test pins ours and states RAC's trace; the difference is one:
/// RACSwift's disposal from downstream reaches at once an input still inside its own
/// `subscribe` (so a synchronous signal that sends forever stops), where RAC's waits for the
/// operator's block to return. That input's disposal runs when its `subscribe` returns, before
/// the inputs subscribed earlier; and what RAC would have done in that input's later events —
/// the next signal of a concatenation, the outer signal's later inner signals — does not
/// happen (porting guide, "Re-entrancy, nested terminations and threads").
final class MergeSubscriptionOrderTests: RACTestCase {
    // MARK: merge of given signals, ended from downstream

    func testMergeUnderTakeSubscribesTheLaterSignalAfterTheCompletion() {
        // RAC: subscribe A, next 1, completed, subscribe B, dispose A, dispose B — A, inside its
        // `subscribe` at the completion, is disposed when that returns (the one difference).
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", values: [1], terminates: false)
            .merge(trace.signal("B", values: [2], terminates: false)).take(1))
        XCTAssertEqual(trace.entries, ["subscribe A", "next 1", "completed", "dispose A", "subscribe B", "dispose B"])
    }

    func testMergeOfThreeUnderTakeSubscribesEveryLaterSignal() {
        // RAC: ... "completed", "subscribe B", "subscribe C", "dispose A", "dispose B",
        // "dispose C"; A as above. The later ones run live until `merge`'s block returns.
        let trace = Trace()
        trace.subscribe(to: Signal.merge([
            trace.signal("A", values: [1], terminates: false), trace.signal("B", values: [2], terminates: false),
            trace.signal("C", values: [3], terminates: false),
        ]).take(1))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "completed", "dispose A", "subscribe B", "subscribe C", "dispose B", "dispose C",
        ])
    }

    func testMergeOfCompletingSignalsUnderTakeSubscribesEveryLaterSignal() {
        let trace = Trace()
        trace.subscribe(to: Signal.merge(trace.signal("A", values: [1]), trace.signal("B", values: [2])).take(1))
        XCTAssertEqual(trace.entries, ["subscribe A", "next 1", "completed", "dispose A", "subscribe B", "dispose B"])
    }

    func testMergeUnderTakeALaterSignalFailingStopsTheRest() {
        // RAC: ... "completed", "subscribe B", "dispose A", "dispose B": B's error disposes the
        // bind's compound (A with it), and C is not subscribed; A as above.
        let trace = Trace()
        trace.subscribe(to: Signal.merge([
            trace.signal("A", values: [1], terminates: false), trace.signal("B", error: TestError.boom),
            trace.signal("C", terminates: false),
        ]).take(1))
        XCTAssertEqual(trace.entries, ["subscribe A", "next 1", "completed", "dispose A", "subscribe B", "dispose B"])
    }

    func testMergeUnderTakeStopsASynchronousInfiniteSignalInsideItsSubscribe() {
        let counter = StreamInfiniteCounter()
        let trace = Trace()
        trace.subscribe(to: counter.merge(trace.signal("B", terminates: false)).take(1))
        XCTAssertEqual(trace.entries, ["next 0", "completed", "subscribe B", "dispose B"])
        XCTAssertEqual(counter.sent, 1)
        XCTAssertEqual(counter.disposals, 1)
    }

    func testMergeFailingAtOnceSubscribesNoLaterSignal() {
        let trace = Trace()
        trace.subscribe(to: Signal.merge(trace.signal("A", error: TestError.boom), trace.signal("B", terminates: false)))
        XCTAssertEqual(trace.entries, ["subscribe A", "error boom", "dispose A"])
    }

    // MARK: the concatenations, ended from downstream

    func testConcatUnderTakeDoesNotSubscribeTheNextSignal() {
        // RAC: subscribe A, next 1, completed, subscribe B, dispose B, dispose A — A's
        // completion still reaches `-concat:`, which subscribes B inside it. Here A, inside its
        // `subscribe` at the completion, is stopped: its completion goes nowhere.
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", values: [1]).concat(trace.signal("B", values: [2])).take(1))
        XCTAssertEqual(trace.entries, ["subscribe A", "next 1", "completed", "dispose A"])
    }

    func testStaticConcatUnderTakeStopsAtTheSignalThatWasRunning() {
        // RAC runs the whole chain, nested: ... "completed", "subscribe B", "subscribe C",
        // "dispose C", "dispose B", "dispose A".
        let trace = Trace()
        trace.subscribe(to: Signal.concat(
            trace.signal("A", values: [1]), trace.signal("B", values: [2]), trace.signal("C", values: [3])).take(1))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "completed", "dispose A",
        ])
    }

    // MARK: a synchronous signal of signals, ended from downstream

    private func outer(_ trace: Trace, _ inners: [Signal<Int>]) -> Signal<Signal<Int>> {
        Signal.create { subscriber in
            for inner in inners { subscriber.sendNext(inner) }
            subscriber.sendCompleted()
            return Disposable { trace.append("dispose outer") }
        }
    }

    func testFlattenUnderTakeStopsTheOuterSignal() {
        // RAC: ... "completed", "subscribe B", "dispose outer", "dispose A", "dispose B": the
        // outer signal, inside its `subscribe`, still sends B. Here it is stopped.
        let trace = Trace()
        let inners = [trace.signal("A", values: [1], terminates: false), trace.signal("B", values: [2], terminates: false)]
        trace.subscribe(to: outer(trace, inners).flatten().take(1))
        XCTAssertEqual(trace.entries, ["subscribe A", "next 1", "completed", "dispose A", "dispose outer"])
    }

    func testFlattenMapUnderTakeStopsTheSource() {
        // RAC: ... "completed", "subscribe A2", "dispose source", "dispose A1", "dispose A2".
        let trace = Trace()
        let source = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            return Disposable { trace.append("dispose source") }
        }
        trace.subscribe(to: source.flattenMap { trace.signal("A\($0)", values: [$0], terminates: false) }.take(1))
        XCTAssertEqual(trace.entries, ["subscribe A1", "next 1", "completed", "dispose A1", "dispose source"])
    }

    func testFlattenWithALimitUnderTakeStopsTheOuterSignal() {
        // RAC: ... "completed", "dispose A", "subscribe B", "dispose B", "dispose outer".
        let trace = Trace()
        let inners = [trace.signal("A", values: [1]), trace.signal("B", values: [2])]
        trace.subscribe(to: outer(trace, inners).flatten(maxConcurrent: 1).take(1))
        XCTAssertEqual(trace.entries, ["subscribe A", "next 1", "completed", "dispose A", "dispose outer"])
    }

    func testFlattenWithALimitInnerFailingAtOnceQueuesTheNextAndStopsTheOuter() {
        // RAC's `-flatten:` queues B (A's slot is not freed by its error), and the outer
        // signal's subscription is disposed once its block returns.
        let trace = Trace()
        let inners = [trace.signal("A", error: TestError.boom), trace.signal("B", values: [2])]
        trace.subscribe(to: outer(trace, inners).flatten(maxConcurrent: 1))
        XCTAssertEqual(trace.entries, ["subscribe A", "error boom", "dispose A", "dispose outer"])
    }

    func testSwitchToLatestUnderTakeStopsTheOuterSignal() {
        // RAC: ... "completed", "subscribe B", "dispose A", "dispose outer", "dispose B".
        let trace = Trace()
        let inners = [trace.signal("A", values: [1], terminates: false), trace.signal("B", values: [2], terminates: false)]
        trace.subscribe(to: outer(trace, inners).switchToLatest().take(1))
        XCTAssertEqual(trace.entries, ["subscribe A", "next 1", "completed", "dispose A", "dispose outer"])
    }

    // MARK: switchToLatest

    func testSwitchToLatestOfASynchronousOuterRunsEachInnerInTurn() {
        let trace = Trace()
        let inners = [trace.signal("A", values: [1]), trace.signal("B", values: [2])]
        trace.subscribe(to: outer(trace, inners).switchToLatest())
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "dispose A", "subscribe B", "next 2", "dispose B", "completed", "dispose outer",
        ])
    }

    func testSwitchToLatestSubscribesTheNextInnerBeforeDisposingTheLiveOne() {
        let trace = Trace()
        let inners = [trace.signal("A", values: [1], terminates: false), trace.signal("B", values: [2])]
        trace.subscribe(to: outer(trace, inners).switchToLatest())
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "subscribe B", "next 2", "dispose B", "dispose A", "completed", "dispose outer",
        ])
    }

    func testSwitchToLatestReplacingALiveInnerWithALiveOneDisposesItAfterTheNextSends() {
        let trace = Trace()
        let inners = [trace.signal("A", values: [1], terminates: false), trace.signal("B", values: [2], terminates: false)]
        let subscription = trace.subscribe(to: outer(trace, inners).switchToLatest())
        XCTAssertEqual(trace.entries, ["subscribe A", "next 1", "subscribe B", "next 2", "dispose A", "dispose outer"])
        subscription.dispose()
        XCTAssertEqual(trace.entries.last, "dispose B")
    }

    // MARK: take(untilReplacement:)

    func testTakeUntilReplacementReplacementSendingAtOnceSubscribesNoSource() {
        let trace = Trace()
        let subscription = trace.subscribe(to: trace.signal("A", values: [1], terminates: false)
            .take(untilReplacement: trace.signal("R", values: [9], terminates: false)))
        subscription.dispose()
        XCTAssertEqual(trace.entries, ["subscribe R", "next 9", "dispose R"])
    }

    func testTakeUntilReplacementReplacementCompletingAtOnceCompletesBeforeItsDisposal() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", terminates: false).take(untilReplacement: trace.signal("R")))
        XCTAssertEqual(trace.entries, ["subscribe R", "completed", "dispose R"])
    }

    func testTakeUntilReplacementSourceFailingAtOnceDisposesItThenTheReplacement() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", error: TestError.boom)
            .take(untilReplacement: trace.signal("R", terminates: false)))
        XCTAssertEqual(trace.entries, ["subscribe R", "subscribe A", "error boom", "dispose A", "dispose R"])
    }

    func testTakeUntilReplacementSourceCompletingAtOnceDoesNotComplete() {
        let trace = Trace()
        let subscription = trace.subscribe(to: trace.signal("A", values: [1])
            .take(untilReplacement: trace.signal("R", terminates: false)))
        XCTAssertEqual(trace.entries, ["subscribe R", "subscribe A", "next 1", "dispose A"])
        subscription.dispose()
        XCTAssertEqual(trace.entries.last, "dispose R")
    }

    func testTakeUntilReplacementUnderTakeDisposesTheSourceThenTheReplacement() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", values: [1], terminates: false)
            .take(untilReplacement: trace.signal("R", terminates: false)).take(1))
        XCTAssertEqual(trace.entries, ["subscribe R", "subscribe A", "next 1", "completed", "dispose A", "dispose R"])
    }

    func testTakeUntilReplacementReplacingLaterDisposesTheSourceBeforeForwarding() {
        let trace = Trace()
        let replacement = Subject<Int>()
        trace.subscribe(to: trace.signal("A", values: [1], terminates: false)
            .take(untilReplacement: trace.signal("R", forwarding: replacement)))
        replacement.sendNext(9)
        replacement.sendCompleted()
        XCTAssertEqual(trace.entries, [
            "subscribe R", "subscribe A", "next 1", "dispose A", "next 9", "dispose R", "completed",
        ])
    }

    // MARK: defer, then

    func testDeferRunsItsBlockThenSubscribesUnderTake() {
        let trace = Trace()
        let deferred = Signal<Int>.defer {
            trace.append("block")
            return trace.signal("A", values: [1], terminates: false)
        }
        trace.subscribe(to: deferred.take(1))
        XCTAssertEqual(trace.entries, ["block", "subscribe A", "next 1", "completed", "dispose A"])
    }

    func testDeferOfASignalFailingAtOnceDisposesItAfterTheError() {
        let trace = Trace()
        trace.subscribe(to: Signal<Int>.defer {
            trace.append("block")
            return trace.signal("A", error: TestError.boom)
        })
        XCTAssertEqual(trace.entries, ["block", "subscribe A", "error boom", "dispose A"])
    }

    func testThenUnderTakeDisposesTheRunningSignalWhenItsSubscribeReturns() {
        // RAC: ... "completed", "dispose A", "dispose B" (both once the block returns); here B,
        // inside its `subscribe` at the completion, is disposed when that returns.
        let trace = Trace()
        let then = trace.signal("A", values: [1]).then { () -> Signal<Int> in
            trace.append("block")
            return trace.signal("B", values: [2], terminates: false)
        }
        trace.subscribe(to: then.take(1))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "block", "subscribe B", "next 2", "completed", "dispose B", "dispose A",
        ])
    }

    // MARK: catch, catchTo

    func testCatchRunsTheReplacementInsideTheSourcesError() {
        let trace = Trace()
        let caught = trace.signal("A", values: [1], error: TestError.boom).catch { error -> Signal<Int> in
            trace.append("handler \(error)")
            return trace.signal("B", values: [2])
        }
        trace.subscribe(to: caught)
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "handler boom", "subscribe B", "next 2", "completed", "dispose B", "dispose A",
        ])
    }

    func testCatchToReplacementFailingAtOnceUnwindsAfterTheError() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", error: TestError.boom)
            .catch(to: trace.signal("B", error: TestError.other)))
        XCTAssertEqual(trace.entries, ["subscribe A", "subscribe B", "error other", "dispose B", "dispose A"])
    }

    func testCatchUnderTakeDisposesTheReplacementWhenItsSubscribeReturns() {
        // RAC: ... "completed", "dispose A", "dispose B"; B as in `then`.
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", error: TestError.boom)
            .catch(to: trace.signal("B", values: [2], terminates: false)).take(1))
        XCTAssertEqual(trace.entries, ["subscribe A", "subscribe B", "next 2", "completed", "dispose B", "dispose A"])
    }

    // MARK: retry

    func testRetryResubscribesOnTheNextTurnAfterTheFailedSubscriptionIsDisposed() {
        let trace = Trace()
        let scheduler = TestScheduler()
        scheduler.performAsCurrentScheduler {
            trace.subscribe(to: trace.signal("A", values: [1], error: TestError.boom).retry(1))
        }
        XCTAssertEqual(trace.entries, ["subscribe A", "next 1", "dispose A"])
        scheduler.run()
        XCTAssertEqual(trace.entries, [
            "subscribe A", "next 1", "dispose A", "subscribe A", "next 1", "error boom", "dispose A",
        ])
    }
}
