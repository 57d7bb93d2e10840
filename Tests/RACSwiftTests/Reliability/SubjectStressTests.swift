import Foundation
import RACSwift
import XCTest

/// Concurrency stress through the hot signals: subjects fed from many threads into the
/// operators that merge inputs, churn of subscriptions on subjects, replay subjects and
/// autoconnected multicasts while values flow. Sizes as in `Stress`.
final class SubjectStressTests: RACTestCase {
    private let threads = Stress.threads

    /// Sends `perThread` values from each of the threads into `subjects[thread]`, then
    /// completes each subject.
    private func pump(_ subjects: [Subject<Int>], perThread: Int) {
        Stress.onThreads(subjects.count) { thread in
            for index in 0..<perThread { subjects[thread].sendNext(thread * perThread + index) }
            subjects[thread].sendCompleted()
        }
    }

    /// Subscribes a probe to `combine` of one subject per thread, pumps `perThread` values into
    /// each subject, checks the probe's contract and returns the values it saw.
    private func valuesPumped<Value>(
        perThread: Int, into combine: ([Subject<Int>]) -> Signal<Value>, file: StaticString = #filePath, line: UInt = #line
    ) -> [Value] {
        let subjects = (0..<threads).map { _ in Subject<Int>() }
        let probe = StressProbe<Value>()
        let disposable = probe.subscribe(combine(subjects))
        pump(subjects, perThread: perThread)
        probe.assertContract(file: file, line: line)
        disposable.dispose()
        return probe.values
    }

    func testOneSubjectFedByEightThreadsDeliversEachValueOnceToEverySubscriber() {
        let perThread = Stress.values
        let subject = Subject<Int>()
        let probes = (0..<3).map { _ in StressProbe<Int>() }
        let disposables = [
            probes[0].subscribe(subject),
            probes[1].subscribe(subject.map { $0 }.filter { _ in true }),
            probes[2].subscribe(Signal.merge([subject, .empty]).take(until: Signal<Int>.never)),
        ]
        Stress.onThreads { thread in
            for index in 0..<perThread { subject.sendNext(thread * perThread + index) }
        }
        // Two threads race to end it: every subscriber gets exactly one terminal event.
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            if side == 0 { subject.sendCompleted() } else { subject.sendError(TestError(code: 0)) }
        }
        for probe in probes {
            probe.assertContract()
            assertEachValueOnceInThreadOrder(probe.values, threads: threads, perThread: perThread)
        }
        // The subject stays usable after a terminal event, but its old subscriptions ended.
        subject.sendNext(-1)
        XCTAssertFalse(probes.contains { $0.values.contains(-1) })
        disposables.forEach { $0.dispose() }
    }

    func testSubjectsFedByEightThreadsIntoMergeDeliverEachValueOnce() {
        let perThread = Stress.values
        let values = valuesPumped(perThread: perThread) { Signal.merge($0) }
        assertEachValueOnceInThreadOrder(values, threads: threads, perThread: perThread)
    }

    func testSubjectsFedByEightThreadsIntoFlattenDeliverEachValueOnce() {
        let perThread = Stress.values
        let values = valuesPumped(perThread: perThread) { Signal.from($0).flatten() }
        assertEachValueOnceInThreadOrder(values, threads: threads, perThread: perThread)
    }

    func testSubjectsFedByEightThreadsIntoZipPairTheNthValues() {
        let perThread = Stress.values / 2
        let values = valuesPumped(perThread: perThread) { Signal<[Int]>.zip($0) }
        let threads = self.threads
        XCTAssertEqual(values, (0..<perThread).map { index in (0..<threads).map { $0 * perThread + index } })
    }

    func testSubjectsFedByEightThreadsIntoCombineLatestAdvanceOneInputPerArray() {
        let perThread = Stress.values / 2
        let subjects = (0..<threads).map { _ in Subject<Int>() }
        let probe = StressProbe<[Int]>()
        let disposable = probe.subscribe(Signal<[Int]>.combineLatest(subjects))
        for thread in 0..<threads { subjects[thread].sendNext(thread * perThread) }
        Stress.onThreads { thread in
            for index in 1..<perThread { subjects[thread].sendNext(thread * perThread + index) }
            subjects[thread].sendCompleted()
        }
        probe.assertContract()
        let arrays = probe.values
        XCTAssertEqual(arrays.count, threads * (perThread - 1) + 1)
        let threads = self.threads
        XCTAssertEqual(arrays.last, (0..<threads).map { $0 * perThread + perThread - 1 })
        let badSteps = zip(arrays, arrays.dropFirst()).filter { previous, next in
            let changed = (0..<threads).filter { previous[$0] != next[$0] }
            return changed.count != 1 || next[changed[0]] != previous[changed[0]] + 1
        }.count
        XCTAssertEqual(badSteps, 0)
        disposable.dispose()
    }

    // MARK: Churn

    func testSubjectChurnDeliversNothingSentAfterDisposeReturns() {
        // A disposal from another thread does not wait for a delivery in progress (issue 30,
        // as in RAC): the one value being delivered when it began may still arrive, nothing
        // sent after it returned.
        let subject = Subject<Int>()
        let counts = churnSubscriptions(to: subject.map { $0 }.filter { _ in true }, sending: subject.sendNext)
        XCTAssertEqual(counts.sentAfterDispose, 0, "values sent after dispose() returned")
        XCTAssertEqual(counts.moreThanOneLate, 0, "subscriptions with more than the one value in flight after dispose()")
        XCTAssertEqual(counts.outOfOrder, 0)
        XCTAssertGreaterThan(counts.delivered, 0)
        subject.sendCompleted()
    }

    func testReplaySubjectSubscribersJoiningWhileValuesFlowSeeAnUnbrokenSequence() {
        // Replay and registration are one step: each subscriber sees 0, 1, 2... with no gap
        // and no repeat, however the join races the sender.
        let subject = ReplaySubject<Int>()
        let total = Stress.values * 10
        let gaps = StressTally()
        joinSixteenSubscribersWhileSending(total, to: subject) { values in
            if values != Array(0..<total) { gaps.add() }
        }
        XCTAssertEqual(gaps.value, 0, "subscribers that missed or repeated a value")
    }

    func testReplaySubjectWithCapacityReplaysAContiguousTail() {
        let subject = ReplaySubject<Int>(capacity: 8)
        let total = Stress.values * 10
        let broken = StressTally()
        joinSixteenSubscribersWhileSending(total, to: subject) { values in
            // A contiguous run that ends with the last value; at least the capacity's worth
            // (or everything, if fewer were sent).
            let contiguous = values == Array((values.first ?? total)..<total)
            if !contiguous || values.count < min(8, total) { broken.add() }
        }
        XCTAssertEqual(broken.value, 0, "subscribers whose replay was not a contiguous tail")
    }

    func testAutoconnectUnderSubscriptionChurnConnectsTheSourceAtMostOnce() {
        // RAC's -autoconnect connects once: after the last subscriber leaves, the connection
        // stays disposed and later subscribers get nothing from the source.
        let connections = StressTally()
        let source = Signal<Int>.create { subscriber in
            connections.add()
            subscriber.sendNext(1)
            return nil
        }
        let shared = source.publish().autoconnect()
        Stress.onThreads(4) { _ in
            // With a scheduler current, each subscription happens inside `subscribe`.
            TestScheduler().performAsCurrentScheduler {
                for _ in 0..<Stress.rounds / 4 {
                    shared.subscribeNext { _ in }.dispose()
                }
            }
        }
        XCTAssertEqual(connections.value, 1)
    }
}

/// Disposables collected from several threads.
final class StressDisposables: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Disposable] = []

    func add(_ disposable: Disposable) { lock.withLock { items.append(disposable) } }
    func disposeAll() { lock.withLock { items }.forEach { $0.dispose() } }
}

/// One thread sends `0..<total` to `subject` and completes it while another subscribes
/// sixteen probes, spread over the sending; each probe must keep the contract and is
/// then handed to `check` with the values it received.
private func joinSixteenSubscribersWhileSending(
    _ total: Int, to subject: Subject<Int>, check: ([Int]) -> Void
) {
    let probes = (0..<16).map { _ in StressProbe<Int>() }
    let disposables = StressDisposables()
    Stress.onThreads(2) { side in
        if side == 0 {
            for value in 0..<total { subject.sendNext(value) }
            subject.sendCompleted()
        } else {
            for probe in probes {
                disposables.add(probe.subscribe(subject))
                for _ in 0..<200 { sched_yield() }
            }
        }
    }
    for probe in probes {
        probe.waitForTerminal()
        probe.assertContract()
        check(probe.values)
    }
    disposables.disposeAll()
}
