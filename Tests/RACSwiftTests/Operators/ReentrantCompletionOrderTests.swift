import Foundation
import RACSwift
import XCTest

/// The order of events when a source's completion, or `take`'s stop, happens inside a
/// delivery of the operator (issue 38, behaviours 3 and 4): subscriber A subscribes to the
/// operator over subject `s`, B to `s` itself after it, and A's value handler sends into `s`.
///
/// RAC's order, derived from ReactiveObjC: `-map:`, `-filter:`, `-scanWithStart:reduce:`,
/// `-reduceEach:` (and so `+combineLatest:reduce:`), `-take:` and `-takeWhileBlock:` are all
/// `-bind:` returning a `+return:` signal per value (RACStream.m), and `-bind:` completes only
/// when its count of live signals — the source plus every `+return:` not yet completed —
/// reaches zero (RACSignal.m, `signalCount` and `completeSignal`). A `+return:` completes
/// after its value's delivery has returned, so a completion sent from inside that delivery
/// only takes the source off the count: the source's later subscribers (B) see it first, and
/// A completes once its delivery returns. `take`'s stop disposes the source's subscription at
/// once, then waits the same way. An error is not held: `-bind:` forwards it at once.
///
/// `take` and `take(while:)` hold as RAC does (`EarlyStoppingSink.deliveries`). `map`, the
/// fused map/filter sinks, `filter`, `scan` and `reduceEach` do not: the completion reaches A
/// inside the delivery, before B — a listed deviation (PortingFromReactiveCocoa.md, "a
/// source's completion sent from inside a delivery of `map`"), because holding costs every
/// value of these stateless sinks a count kept around the delivery (measured there). Their
/// tests pin RACSwift's order, each one's comment giving RAC's.
final class ReentrantCompletionOrderTests: RACTestCase {
    /// Subscribes A to `build(s)` and B to `s`, sends `values` into `s`; A's handler runs
    /// `react` with each value it gets.
    private func run(
        _ build: (Subject<Int>) -> Signal<Int>, send values: [Int],
        react: @escaping @Sendable (Subject<Int>, Int) -> Void
    ) -> [String] {
        let trace = Trace()
        let s = Subject<Int>()
        let a = build(s).subscribe(
            next: { trace.append("A \($0)"); react(s, $0) },
            error: { _ in trace.append("A error") },
            completed: { trace.append("A completed") })
        let b = s.subscribe(
            next: { trace.append("B \($0)") },
            error: { _ in trace.append("B error") },
            completed: { trace.append("B completed") })
        for value in values { s.sendNext(value) }
        a.dispose()
        b.dispose()
        return trace.entries
    }

    private static func complete(_ s: Subject<Int>, _: Int) { s.sendCompleted() }

    // MARK: Behaviour 3: a source completion sent inside a delivery

    func testMapForwardsACompletionSentInsideItsDeliveryAtOnce() {
        // RAC: "A 10", "B completed", "A completed".
        let entries = run({ $0.map { $0 * 10 } }, send: [1], react: Self.complete)
        XCTAssertEqual(entries, ["A 10", "A completed", "B completed"])
    }

    func testFusedMapFilterMapForwardsACompletionSentInsideItsDeliveryAtOnce() {
        // One fused sink for the three operators. RAC: "A 10", "B completed", "A completed".
        let entries = run({ $0.map { $0 * 10 }.filter { $0 > 0 }.map { $0 + 0 } }, send: [1],
                          react: Self.complete)
        XCTAssertEqual(entries, ["A 10", "A completed", "B completed"])
    }

    func testFilterForwardsACompletionSentInsideItsDeliveryAtOnce() {
        // RAC: "A 1", "B completed", "A completed" (-filter: is -flattenMap: returning +return:).
        let entries = run({ $0.filter { $0 > 0 } }, send: [1], react: Self.complete)
        XCTAssertEqual(entries, ["A 1", "A completed", "B completed"])
    }

    func testScanForwardsACompletionSentInsideItsDeliveryAtOnce() {
        // RAC: "A 1", "B completed", "A completed".
        let entries = run({ $0.scan(withStart: 0) { $0 + $1 } }, send: [1], react: Self.complete)
        XCTAssertEqual(entries, ["A 1", "A completed", "B completed"])
    }

    func testTakeHoldsASourceCompletionSentInsideItsDeliveryUntilTheDeliveryReturns() {
        let entries = run({ $0.take(5) }, send: [1], react: Self.complete)
        XCTAssertEqual(entries, ["A 1", "B completed", "A completed"])
    }

    func testTakeWhileHoldsASourceCompletionSentInsideItsDeliveryUntilTheDeliveryReturns() {
        let entries = run({ $0.take(while: { $0 < 5 }) }, send: [1], react: Self.complete)
        XCTAssertEqual(entries, ["A 1", "B completed", "A completed"])
    }

    func testTakeUntilPredicateHoldsASourceCompletionSentInsideItsDeliveryUntilTheDeliveryReturns() {
        // -takeUntilBlock: is -bind: as well.
        let entries = run({ $0.take(until: { $0 > 5 }) }, send: [1], react: Self.complete)
        XCTAssertEqual(entries, ["A 1", "B completed", "A completed"])
    }

    func testTakeHoldsACompletionUntilTheOutermostOfNestedDeliveriesReturns() {
        // A gets 1, sends 2; inside 2's delivery it completes `s`: -bind: waits for both
        // +return: signals, so A completes after 1's delivery returns, B (ended, so given
        // neither 2 nor 1) first.
        let entries = run({ $0.take(5) }, send: [1], react: { s, value in
            if value == 1 { s.sendNext(2) } else { s.sendCompleted() }
        })
        XCTAssertEqual(entries, ["A 1", "A 2", "B completed", "A completed"])
    }

    func testTakeForwardsAnErrorSentInsideItsDeliveryAtOnceAsRACDoes() {
        let entries = run({ $0.take(5) }, send: [1], react: { s, _ in s.sendError(TestError.boom) })
        XCTAssertEqual(entries, ["A 1", "A error", "B error"])
    }

    func testMapForwardsAnErrorSentInsideItsDeliveryAtOnceAsRACDoes() {
        // -bind: disposes and forwards an error at once: RAC's order too.
        let entries = run({ $0.map { $0 * 10 } }, send: [1], react: { s, _ in s.sendError(TestError.boom) })
        XCTAssertEqual(entries, ["A 10", "A error", "B error"])
    }

    func testMapForwardsACompletionSentAfterItsDeliveryAtOnceAsRACDoes() {
        // B's handler completes `s` once A's delivery has returned: nothing is held in RAC
        // either (the +return: of A's value has completed), so A completes first.
        let trace = Trace()
        let s = Subject<Int>()
        let a = s.map { $0 * 10 }.subscribe(next: { trace.append("A \($0)") }, completed: { trace.append("A completed") })
        let b = s.subscribe(next: { trace.append("B \($0)"); s.sendCompleted() }, completed: { trace.append("B completed") })
        s.sendNext(1)
        XCTAssertEqual(trace.entries, ["A 10", "B 1", "A completed", "B completed"])
        a.dispose()
        b.dispose()
    }

    func testReduceEachForwardsACompletionSentInsideItsDeliveryAtOnce() {
        // RAC: "A 3", "B completed", "A completed".
        let trace = Trace()
        let s = Subject<(Int, Int)>()
        let a = s.reduceEach { (x: Int, y: Int) in x + y }.subscribe(
            next: { trace.append("A \($0)"); s.sendCompleted() }, completed: { trace.append("A completed") })
        let b = s.subscribe(completed: { trace.append("B completed") })
        s.sendNext((1, 2))
        XCTAssertEqual(trace.entries, ["A 3", "A completed", "B completed"])
        a.dispose()
        b.dispose()
    }

    func testCombineLatestReduceForwardsACompletionSentInsideItsDeliveryAtOnce() {
        // +combineLatest:reduce: is -reduceEach: over +combineLatest:, whose completion (its
        // last input's) arrives inside reduceEach's delivery. RAC: "A 3", "B completed",
        // "A completed".
        let trace = Trace()
        let first = Subject<Int>()
        let second = Subject<Int>()
        let a = Signal.combineLatest(first, second, reduce: { (x: Int, y: Int) in x + y }).subscribe(
            next: {
                trace.append("A \($0)")
                first.sendCompleted()
                second.sendCompleted()
            },
            completed: { trace.append("A completed") })
        let b = second.subscribe(completed: { trace.append("B completed") })
        first.sendNext(1)
        second.sendNext(2)
        XCTAssertEqual(trace.entries, ["A 3", "A completed", "B completed"])
        a.dispose()
        b.dispose()
    }

    // MARK: Behaviour 4: take stopping on a value sent inside a delivery

    func testTakeStoppingOnAValueSentInsideItsDeliveryDisposesAtOnceAndCompletesWhenTheDeliveryReturns() {
        // A gets 2 and sends 8, take's last value: the stop disposes the source at once, the
        // completion waits for 2's +return:, after B has had 8.
        let trace = Trace()
        let s = Subject<Int>()
        let a = trace.signal("S", forwarding: s).take(2).subscribe(
            next: { value in
                trace.append("A \(value)")
                if value == 2 { s.sendNext(8) }
            },
            completed: { trace.append("A completed") })
        let b = s.subscribe(next: { trace.append("B \($0)") })
        s.sendNext(2)
        XCTAssertEqual(trace.entries, ["subscribe S", "A 2", "A 8", "dispose S", "B 8", "A completed", "B 2"])
        a.dispose()
        b.dispose()
    }

    func testTakeWhileStoppingOnAValueSentInsideItsDeliveryDisposesAtOnceAndCompletesWhenTheDeliveryReturns() {
        // A gets 1 and sends 9, which ends take(while:) (-takeUntilBlock: returns nil).
        let trace = Trace()
        let s = Subject<Int>()
        let a = trace.signal("S", forwarding: s).take(while: { $0 < 5 }).subscribe(
            next: { value in
                trace.append("A \(value)")
                if value == 1 { s.sendNext(9) }
            },
            completed: { trace.append("A completed") })
        let b = s.subscribe(next: { trace.append("B \($0)") })
        s.sendNext(1)
        XCTAssertEqual(trace.entries, ["subscribe S", "A 1", "dispose S", "B 9", "A completed", "B 1"])
        a.dispose()
        b.dispose()
    }

    func testTakeStoppingOnItsOwnLastValueDisposesThenCompletesAsRACDoes() {
        // No re-entrancy: the +return: has completed when -bind: stops, so RAC too completes
        // right after disposing the source, before B gets the value.
        let trace = Trace()
        let s = Subject<Int>()
        let a = trace.signal("S", forwarding: s).take(1).subscribe(
            next: { trace.append("A \($0)") }, completed: { trace.append("A completed") })
        let b = s.subscribe(next: { trace.append("B \($0)") })
        s.sendNext(1)
        XCTAssertEqual(trace.entries, ["subscribe S", "A 1", "dispose S", "A completed", "B 1"])
        a.dispose()
        b.dispose()
    }

    func testTakeDisposedWhileItsCompletionIsHeldStillCompletes() {
        // A deviation (PortingFromReactiveCocoa.md): take shares its subscription with the
        // source, so once the stop has disposed it, a disposal from B's handler is not seen.
        // RAC keeps -bind:'s compound apart from the source's and drops the completion:
        // "A 2", "A 8", "dispose S", "B 8", "B 2".
        let trace = Trace()
        let s = Subject<Int>()
        let subscriptionOfA = UncheckedBox<Disposable?>(nil)
        let a = trace.signal("S", forwarding: s).take(2).subscribe(
            next: { value in
                trace.append("A \(value)")
                if value == 2 { s.sendNext(8) }
            },
            completed: { trace.append("A completed") })
        subscriptionOfA.value = a
        let b = s.subscribe(next: { value in
            trace.append("B \(value)")
            if value == 8 { subscriptionOfA.value?.dispose() }
        })
        s.sendNext(2)
        XCTAssertEqual(trace.entries, ["subscribe S", "A 2", "A 8", "dispose S", "B 8", "A completed", "B 2"])
        a.dispose()
        b.dispose()
    }
}
