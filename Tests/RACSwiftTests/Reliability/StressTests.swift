import Foundation
import RACSwift
import XCTest

/// Concurrency stress: many threads sending into the operators that merge inputs, churn of
/// subscriptions while values flow, and disposal racing terminal events. Bounded in count and
/// time (see `Stress` for the sizes and how to raise them), deterministic in outcome: every
/// value arrives exactly once, deliveries never overlap, and there is exactly one terminal
/// event.
final class StressTests: RACTestCase {
    private let threads = Stress.threads

    // MARK: Many senders, one output

    func testMergeOfEightSourcesSendingFromEightThreadsDeliversEachValueOnce() {
        assertMergeOfEightSendingThreadsKeepsEveryValue { $0.map { $0 } }
    }

    func testMergeDeliveredOnABackgroundSchedulerKeepsEveryValueAndEachThreadsOrder() {
        assertMergeOfEightSendingThreadsKeepsEveryValue { $0.deliver(on: Scheduler.background()) }
    }

    /// Merges eight sources, each sending `Stress.values` values then completing from a thread
    /// of its own, through `then`: every value must arrive once, in each thread's order, under
    /// the contract.
    private func assertMergeOfEightSendingThreadsKeepsEveryValue(
        file: StaticString = #filePath, line: UInt = #line, _ then: (Signal<Int>) -> Signal<Int>
    ) {
        let perThread = Stress.values
        let sources = (0..<threads).map { _ in StressSource<Int>() }
        let probe = StressProbe<Int>()
        let disposable = probe.subscribe(then(Signal.merge(sources.map(\.signal))))
        Stress.onThreads { thread in
            let subscriber = sources[thread].subscriber
            for index in 0..<perThread { subscriber.sendNext(thread * perThread + index) }
            subscriber.sendCompleted()
        }
        probe.waitForTerminal(file: file, line: line)
        probe.assertContract(file: file, line: line)
        assertEachValueOnceInThreadOrder(probe.values, threads: threads, perThread: perThread)
        disposable.dispose()
        sources.forEach { $0.release() }
    }

    func testFlattenOfEightInnerSignalsSendingFromEightThreadsDeliversEachValueOnce() {
        let perThread = Stress.values
        let inners = (0..<threads).map { _ in StressSource<Int>() }
        let outer = StressSource<Signal<Int>>()
        let probe = StressProbe<Int>()
        let disposable = probe.subscribe(outer.signal.flatten())
        for inner in inners { outer.subscriber.sendNext(inner.signal) }
        let outerSubscriber = outer.subscriber
        Stress.onThreads { thread in
            let subscriber = inners[thread].subscriber
            for index in 0..<perThread {
                subscriber.sendNext(thread * perThread + index)
                // The outer signal completes while the inner ones are still sending.
                if thread == 0, index == perThread / 2 { outerSubscriber.sendCompleted() }
            }
            subscriber.sendCompleted()
        }
        probe.assertContract()
        assertEachValueOnceInThreadOrder(probe.values, threads: threads, perThread: perThread)
        disposable.dispose()
        inners.forEach { $0.release() }
        outer.release()
    }

    func testCombineLatestOfEightSourcesSendsOneArrayPerValueOnceAllHaveSent() {
        // Fewer values: every one of them builds an array of eight.
        let perThread = Stress.values / 2
        let sources = (0..<threads).map { _ in StressSource<Int>() }
        let probe = StressProbe<[Int]>()
        let disposable = probe.subscribe(Signal<[Int]>.combineLatest(sources.map(\.signal)))
        // A first value from each, in order, so that every later value sends exactly once.
        for thread in 0..<threads { sources[thread].subscriber.sendNext(thread * perThread) }
        Stress.onThreads { thread in
            let subscriber = sources[thread].subscriber
            for index in 1..<perThread { subscriber.sendNext(thread * perThread + index) }
            subscriber.sendCompleted()
        }
        probe.assertContract()
        let arrays = probe.values
        XCTAssertEqual(arrays.count, threads * (perThread - 1) + 1)
        XCTAssertEqual(arrays.last, (0..<threads).map { $0 * perThread + perThread - 1 })
        // Each position only moves forward, one value at a time across consecutive arrays.
        var regressions = 0
        for (previous, next) in zip(arrays, arrays.dropFirst()) {
            let changed = (0..<threads).filter { previous[$0] != next[$0] }
            if changed.count != 1 || next[changed[0]] != previous[changed[0]] + 1 { regressions += 1 }
        }
        XCTAssertEqual(regressions, 0, "arrays that did not advance exactly one input by one value")
        disposable.dispose()
        sources.forEach { $0.release() }
    }

    func testZipWithOfTwoSourcesSendingFromTwoThreadsPairsValuesInOrder() {
        let perThread = Stress.values * 4
        let left = StressSource<Int>()
        let right = StressSource<Int>()
        let probe = StressProbe<[Int]>()
        let disposable = probe.subscribe(left.signal.zip(with: right.signal).map { [$0, $1] })
        Stress.onThreads(2) { thread in
            let subscriber = (thread == 0 ? left : right).subscriber
            for index in 0..<perThread { subscriber.sendNext(thread * perThread + index) }
            subscriber.sendCompleted()
        }
        probe.assertContract()
        XCTAssertEqual(probe.values, (0..<perThread).map { [$0, perThread + $0] })
        disposable.dispose()
        left.release()
        right.release()
    }

    // MARK: Concurrent inner completions

    func testFlattenMaxConcurrentTwoUnderConcurrentInnerCompletionsRunsAtMostTwo() {
        let innerCount = 16
        let perInner = Stress.values / 2
        let running = ConcurrencyGauge()
        let inners = backgroundSendingSignals(innerCount, valuesEach: perInner, gauge: running)
        let probe = StressProbe<Int>()
        let disposable = probe.subscribe(Signal<Signal<Int>>.create { outer in
            for inner in inners { outer.sendNext(inner) }
            outer.sendCompleted()
            return nil
        }.flatten(maxConcurrent: 2))
        probe.waitForTerminal()
        probe.assertContract()
        XCTAssertLessThanOrEqual(running.maximum, 2, "more than two inner signals ran at once")
        XCTAssertGreaterThan(running.maximum, 0)
        assertEachValueOnceInThreadOrder(probe.values, threads: innerCount, perThread: perInner)
        disposable.dispose()
    }

    func testSwitchToLatestUnderConcurrentInnerSendsNeverGoesBackToADisposedSignal() {
        let innerCount = 16
        let perInner = Stress.values / 2
        let inners = (0..<innerCount).map { inner in
            Signal<Int>.create { subscriber in
                DispatchQueue.global().async {
                    for index in 0..<perInner { subscriber.sendNext(inner * perInner + index) }
                    subscriber.sendCompleted()
                }
                return nil
            }
        }
        let outer = StressSource<Signal<Int>>()
        let probe = StressProbe<Int>()
        let disposable = probe.subscribe(outer.signal.switchToLatest())
        for inner in inners { outer.subscriber.sendNext(inner) }
        outer.subscriber.sendCompleted()
        probe.waitForTerminal()
        probe.assertContract()
        let values = probe.values
        // Values only ever move forward within an inner signal. As in RAC, a replaced signal's
        // values still get through while its successor is being subscribed (it is disposed
        // right after), so one may follow its successor's first values; but never a value of
        // a later successor, subscribed only once it was disposed.
        for inner in 0..<innerCount {
            let own = values.filter { $0 / perInner == inner }
            XCTAssertEqual(zip(own, own.dropFirst()).filter { $0 >= $1 }.count, 0, "inner \(inner) out of order")
        }
        var newest = -1
        for value in values {
            XCTAssertGreaterThanOrEqual(value / perInner, newest - 1, "a value from a signal replaced twice over")
            newest = max(newest, value / perInner)
        }
        // The latest inner signal is never replaced: all of its values arrive.
        let last = innerCount - 1
        XCTAssertEqual(values.filter { $0 / perInner == last }, Array(last * perInner..<(last + 1) * perInner))
        disposable.dispose()
        outer.release()
    }

    // MARK: Churn and races

    func testSubscribeDisposeChurnWhileValuesFlowDeliversNothingAfterDispose() {
        let source = StressChurnSource()
        // Values arrive as sent (`churnSubscriptions` compares them with what was being sent).
        let pipeline = source.signal.map { $0 * 2 }.filter { _ in true }.map { $0 / 2 }.merge(Signal<Int>.never)
        let counts = churnSubscriptions(to: pipeline, sending: source.send)
        // One sender thread: at most one event that was already being delivered when
        // disposal began may arrive after `dispose()` returned, per subscription.
        XCTAssertLessThanOrEqual(counts.late, Stress.rounds)
        XCTAssertEqual(counts.sentAfterDispose, 0, "values sent after dispose() returned")
        XCTAssertEqual(counts.moreThanOneLate, 0)
        XCTAssertEqual(counts.outOfOrder, 0)
        XCTAssertGreaterThan(counts.delivered, 0, "no value reached any subscription")
        source.sendCompleted()
    }

    // Disposal racing a burst of values and the completion, through each kind of operator:
    // at most one terminal event, the values a prefix of what was sent, and — where noted —
    // no completion once the operator has dropped values because disposal began.

    func testDisposalRacingCompletionThroughMapStopsValuesAndCompletionTogether() {
        assertDisposalRacingCompletion(completionStopsWithValues: true) { $0.map { $0 + 1 } }
    }

    // Regression: zip(with:), merge/flatten, combineLatest, switchToLatest and take(until:)
    // checked for disposal before forwarding a value but not before forwarding their
    // completion, so a completion could reach the subscriber after values from the same thread
    // were dropped because disposal had begun (RAC's passthrough checks one flag for both).

    func testDisposalRacingCompletionThroughZipWith() {
        assertDisposalRacingCompletion(completionStopsWithValues: true) {
            $0.zip(with: Signal<Int>.create { partner in (0..<100).forEach(partner.sendNext); return nil }).map { $0.0 + 1 }
        }
    }

    func testDisposalRacingCompletionThroughMerge() {
        assertDisposalRacingCompletion(completionStopsWithValues: true) { $0.map { $0 + 1 }.merge(.empty) }
    }

    func testDisposalRacingCompletionThroughCombineLatest() {
        assertDisposalRacingCompletion(completionStopsWithValues: true) {
            $0.combineLatest(with: Signal<Int>.return(0)).map { $0.0 + 1 }
        }
    }

    func testDisposalRacingCompletionThroughFlattenMap() {
        assertDisposalRacingCompletion(completionStopsWithValues: true) { $0.flattenMap { Signal.return($0 + 1) } }
    }

    func testDisposalRacingCompletionThroughSwitchToLatest() {
        assertDisposalRacingCompletion(completionStopsWithValues: true) {
            $0.map { Signal.return($0 + 1) }.switchToLatest()
        }
    }

    func testDisposalRacingCompletionThroughTakeUntil() {
        assertDisposalRacingCompletion(completionStopsWithValues: true) {
            $0.map { $0 + 1 }.take(until: Signal<Int>.never)
        }
    }

    private func assertDisposalRacingCompletion(
        completionStopsWithValues: Bool, file: StaticString = #filePath, line: UInt = #line,
        _ build: (Signal<Int>) -> Signal<Int>
    ) {
        let burst = 16
        var completionsAfterDroppedValues = 0
        for _ in 0..<Stress.rounds {
            let source = StressSource<Int>()
            let probe = StressProbe<Int>()
            let disposable = probe.subscribe(build(source.signal))
            let subscriber = source.subscriber
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                if side == 0 {
                    // With a scheduler current, inner signals (flattenMap, switchToLatest) are
                    // subscribed inside the send, as in a scheduled block; without one they
                    // would be subscribed later on a background scheduler.
                    SynchronousStressScheduler().performAsCurrentScheduler {
                        for value in 0..<burst { subscriber.sendNext(value) }
                        subscriber.sendCompleted()
                    }
                } else {
                    disposable.dispose()
                }
            }
            let terminal = probe.terminalCount
            probe.assertContract(terminal: terminal, file: file, line: line)
            XCTAssertLessThanOrEqual(terminal, 1, file: file, line: line)
            XCTAssertEqual(probe.values, Array(1..<probe.values.count + 1), "values lost or reordered", file: file, line: line)
            if terminal == 1, probe.values.count != burst { completionsAfterDroppedValues += 1 }
            source.release()
        }
        if completionStopsWithValues {
            XCTAssertEqual(
                completionsAfterDroppedValues, 0, "completion delivered after values were dropped for disposal",
                file: file, line: line)
        }
    }

    func testErrorRacingCompletionFromTwoThreadsDeliversExactlyOneTerminalEvent() {
        for round in 0..<Stress.rounds {
            let left = StressSource<Int>()
            let right = StressSource<Int>()
            let probe = StressProbe<Int>()
            // Alternate between a single source and a merge point.
            let signal = round.isMultiple(of: 2) ? left.signal : left.signal.merge(right.signal)
            let disposable = probe.subscribe(signal)
            let first = left.subscriber
            let second = round.isMultiple(of: 2) ? first : right.subscriber
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                if side == 0 {
                    first.sendError(TestError(code: round))
                } else {
                    second.sendCompleted()
                    if !round.isMultiple(of: 2) { first.sendCompleted() }
                }
            }
            probe.assertContract(terminal: 1)
            disposable.dispose()
            left.release()
            right.release()
        }
    }
}

/// A scheduler that runs blocks at once, to make a racing thread's subscriptions synchronous.
private final class SynchronousStressScheduler: Scheduler, @unchecked Sendable {
    override func schedule(_ block: @escaping () -> Void) -> Disposable? {
        performAsCurrentScheduler(block)
        return nil
    }

    override func after(_ date: Date, schedule block: @escaping () -> Void) -> Disposable? {
        schedule(block)
    }
}


final class StressTally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

final class StressFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false

    var value: Bool {
        get { lock.withLock { flag } }
        set { lock.withLock { flag = newValue } }
    }
}

/// One churning subscription's view: the last value it saw and whether it has disposed.
/// A hot source for the churn test: sends each value to the subscribers present at that
/// moment, from the sending thread.
private final class StressChurnSource: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: any Subscriber<Int>] = [:]
    private var nextID = 0

    var signal: Signal<Int> {
        Signal.create { [self] subscriber in
            let id = lock.withLock {
                nextID += 1
                subscribers[nextID] = subscriber
                return nextID
            }
            return Disposable { [weak self] in
                guard let self else { return }
                _ = lock.withLock { subscribers.removeValue(forKey: id) }
            }
        }
    }

    func send(_ value: Int) {
        for subscriber in lock.withLock({ Array(subscribers.values) }) { subscriber.sendNext(value) }
    }

    func sendCompleted() {
        let current = lock.withLock {
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        for subscriber in current { subscriber.sendCompleted() }
    }
}
