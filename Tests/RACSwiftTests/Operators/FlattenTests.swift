import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

/// A `Signal` subclass, to check that the signal-of-signals operators accept subclasses (as
/// `groupBy`'s `GroupedSignal`s are).
final class TaggedSignal<Value>: Signal<Value>, @unchecked Sendable {
    let tag: String
    private let base: Signal<Value>

    init(_ tag: String, _ base: Signal<Value>) {
        self.tag = tag
        self.base = base
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        base.subscribe(subscriber)
    }
}

final class FlattenTests: RACTestCase {
    // MARK: flattenMap

    func testFlattenMapForwardsTheValuesOfEveryInnerSignal() {
        let source = Signal<Int>.create { s in
            s.sendNext(1); s.sendNext(2); s.sendNext(3); s.sendCompleted(); return nil
        }
        let log = HigherLog(source.flattenMap { Signal.return($0 * 10).concat(.return($0 * 10 + 1)) })
        XCTAssertEqual(log.events, ["10", "11", "20", "21", "30", "31", "completed"])
    }

    func testFlattenMapTreatsNilAsEmpty() {
        let source = Signal<Int>.create { s in
            for i in 1...4 { s.sendNext(i) }
            s.sendCompleted(); return nil
        }
        let log = HigherLog(source.flattenMap { $0.isMultiple(of: 2) ? Signal.return($0) : nil })
        XCTAssertEqual(log.events, ["2", "4", "completed"])
    }

    /// A source whose value n flattens `inners[n]` (`count` of them), and the result's log.
    private func flatteningEachValueToItsInner(count: Int) -> (outer: HigherProbe<Int>, inners: [HigherProbe<String>], log: HigherLog<String>) {
        let outer = HigherProbe<Int>()
        let inners = (0..<count).map { _ in HigherProbe<String>() }
        return (outer, inners, HigherLog(outer.signal.flattenMap { inners[$0].signal }))
    }

    func testFlattenMapCompletesOnlyAfterTheSourceAndEveryInnerSignalCompleted() {
        let (outer, inners, log) = flatteningEachValueToItsInner(count: 2)

        outer.send(0)
        outer.send(1)
        inners[1].send("b")
        inners[0].send("a")
        outer.sendCompleted()
        XCTAssertEqual(log.events, ["b", "a"])
        inners[0].sendCompleted()
        XCTAssertEqual(log.events, ["b", "a"])
        inners[1].sendCompleted()
        XCTAssertEqual(log.events, ["b", "a", "completed"])
        XCTAssertEqual(inners.map(\.disposals), [1, 1])
    }

    func testFlattenMapCompletesWhenInnerSignalsFinishBeforeTheSource() {
        let outer = HigherProbe<Int>()
        let log = HigherLog(outer.signal.flattenMap { Signal.return($0) })
        outer.send(1)
        XCTAssertEqual(log.events, ["1"])
        outer.sendCompleted()
        XCTAssertEqual(log.events, ["1", "completed"])
    }

    func testFlattenMapForwardsAnInnerErrorAtOnceAndDisposesEverySubscription() {
        let (outer, inners, log) = flatteningEachValueToItsInner(count: 2)
        outer.send(0)
        outer.send(1)
        inners[0].sendError(TestError("inner"))
        XCTAssertEqual(log.events, ["error inner"])
        XCTAssertEqual(outer.disposals, 1)
        XCTAssertEqual(inners.map(\.disposals), [1, 1])
        inners[1].send("late")
        XCTAssertEqual(log.events, ["error inner"])
    }

    func testFlattenMapForwardsTheSourceErrorAtOnceAndDisposesInnerSubscriptions() {
        assertErrorIsSentAtOnceAndDisposesTheOtherInput({ (outer: Signal<Int>, inner: Signal<String>) in outer.flattenMap { _ in inner } },
                                                        failing: .first, error: "outer", prepare: { outer, _ in outer.send(0) })
    }

    func testDisposingFlattenMapDisposesTheSourceAndEveryInnerSubscription() {
        let (outer, inners, log) = flatteningEachValueToItsInner(count: 3)
        outer.send(0)
        outer.send(1)
        outer.send(2)
        inners[1].sendCompleted()
        log.disposable.dispose()
        XCTAssertEqual(outer.disposals, 1)
        XCTAssertEqual(inners.map(\.subscriptions), [1, 1, 1])
        XCTAssertEqual(inners.map(\.disposals), [1, 1, 1])
        inners[0].send("after")
        outer.send(2)
        XCTAssertEqual(log.events, [])
        XCTAssertEqual(inners[2].subscriptions, 1)
    }

    func testFlattenMapRunsTheTransformPerSubscription() {
        nonisolated(unsafe) var calls = 0
        let signal = Signal<Int>.create { s in s.sendNext(1); s.sendCompleted(); return nil }
            .flattenMap { value -> Signal<Int> in calls += 1; return .return(value) }
        XCTAssertEqual(HigherLog(signal).events, ["1", "completed"])
        XCTAssertEqual(HigherLog(signal).events, ["1", "completed"])
        XCTAssertEqual(calls, 2)
    }

    // MARK: flatten

    func testFlattenMergesSignalsAsTheyArrive() {
        let scheduler = TestScheduler()
        let values: [Character: String] = ["p": "a1", "q": "a2", "r": "b1"]
        let a = scheduler.cold("-p--q|", values: values)
        let b = scheduler.cold("-r|", values: values)
        let outer = scheduler.hot("-ab|", values: ["a": a, "b": b])
        scheduler.expectMarbles(outer.flatten(), "--pr-q|", values: values)
    }

    func testFlattenAcceptsSignalsOfASignalSubclass() {
        let outer = Signal<TaggedSignal<Int>>.create { s in
            s.sendNext(TaggedSignal("x", .return(1)))
            s.sendNext(TaggedSignal("y", .return(2)))
            s.sendCompleted(); return nil
        }
        XCTAssertEqual(HigherLog(outer.flatten()).events, ["1", "2", "completed"])
        XCTAssertEqual(HigherLog(outer.flatten(maxConcurrent: 1)).events, ["1", "2", "completed"])
        XCTAssertEqual(HigherLog(outer.concat()).events, ["1", "2", "completed"])
    }

    // MARK: flatten(maxConcurrent:)

    /// A at 1 (a at 1 s, done at 5 s), B at 2 (b at 1 s, done at 2 s) and C at 3 (c1 and c2 at
    /// 0 s and 1 s, done at 1 s), the outer signal completing with C; each inner signal's
    /// subscription time is tracked.
    private func threeInnerSignals(_ scheduler: TestScheduler) -> (Signal<Signal<String>>, SubscriptionTimes) {
        let values = Self.threeInnerValues
        let subscribedAt = SubscriptionTimes()
        let a = subscribedAt.track("A", scheduler, scheduler.cold("-a---|", values: values))
        let b = subscribedAt.track("B", scheduler, scheduler.cold("-b|", values: values))
        let c = subscribedAt.track("C", scheduler, scheduler.cold("p(q|)", values: values))
        return (scheduler.hot("-ab(c|)", values: ["a": a, "b": b, "c": c]), subscribedAt)
    }

    private static let threeInnerValues: [Character: String] = ["a": "a", "b": "b", "p": "c1", "q": "c2"]

    /// Inner signals subscribed at 1, 2 and 3; with a limit of two, the third waits for B to
    /// complete (at 4) before it is subscribed.
    func testFlattenMaxConcurrentTwoQueuesTheThirdSignalUntilOneCompletes() {
        let scheduler = TestScheduler()
        let (outer, subscribedAt) = threeInnerSignals(scheduler)
        scheduler.expectMarbles(outer.flatten(maxConcurrent: 2), "--abpq|", values: Self.threeInnerValues)
        XCTAssertEqual(subscribedAt.times, ["A@1", "B@2", "C@4"])
    }

    func testFlattenMaxConcurrentZeroMeansUnbounded() {
        let scheduler = TestScheduler()
        let (outer, subscribedAt) = threeInnerSignals(scheduler)
        scheduler.expectMarbles(outer.flatten(maxConcurrent: 0), "--a(bp)q-|", values: Self.threeInnerValues)
        XCTAssertEqual(subscribedAt.times, ["A@1", "B@2", "C@3"])
    }

    func testFlattenMaxConcurrentOneBehavesExactlyLikeConcat() {
        let flattenings: [(Signal<Signal<String>>) -> Signal<String>] = [{ $0.concat() }, { $0.flatten(maxConcurrent: 1) }]
        for flattening in flattenings {
            let scheduler = TestScheduler()
            let values: [Character: String] = ["p": "a1", "q": "a2", "r": "b1", "s": "c1"]
            let subscribedAt = SubscriptionTimes()
            let a = subscribedAt.track("A", scheduler, scheduler.cold("-p-(q|)", values: values))
            let b = subscribedAt.track("B", scheduler, scheduler.cold("r|", values: values))
            let c = subscribedAt.track("C", scheduler, scheduler.cold("--(s|)", values: values))
            let outer = scheduler.hot("-a(bc|)", values: ["a": a, "b": b, "c": c])
            scheduler.expectMarbles(flattening(outer), "--p-(qr)--(s|)", values: values)
            XCTAssertEqual(subscribedAt.times, ["A@1", "B@4", "C@5"])
        }
    }

    func testFlattenMaxConcurrentErrorDropsQueuedSignalsUnsubscribed() {
        let outer = HigherProbe<Signal<Int>>()
        let running = HigherProbe<Int>()
        let queued = HigherProbe<Int>()
        let log = HigherLog(outer.signal.flatten(maxConcurrent: 1))
        outer.send(running.signal)
        outer.send(queued.signal)
        running.sendError(TestError.boom)
        XCTAssertEqual(log.events, ["error boom"])
        XCTAssertEqual(queued.subscriptions, 0)
        XCTAssertEqual(outer.disposals, 1)
    }

    func testDisposingFlattenMaxConcurrentDisposesRunningSignalsAndNeverStartsQueuedOnes() {
        let outer = HigherProbe<Signal<Int>>()
        let inners = [HigherProbe<Int>(), HigherProbe<Int>(), HigherProbe<Int>()]
        let log = HigherLog(outer.signal.flatten(maxConcurrent: 2))
        for inner in inners { outer.send(inner.signal) }
        XCTAssertEqual(inners.map(\.subscriptions), [1, 1, 0])
        log.disposable.dispose()
        XCTAssertEqual(inners.map(\.disposals), [1, 1, 0])
        XCTAssertEqual(outer.disposals, 1)
        inners[0].sendCompleted()
        XCTAssertEqual(inners[2].subscriptions, 0)
        XCTAssertEqual(log.events, [])
    }

    func testDisposingFlattenMaxConcurrentReleasesQueuedSignalsAtOnce() {
        // The outer signal keeps its subscriber after disposal, as a careless source may.
        let outerSubscriber = SubscriberBox<Signal<Int>>()
        let outer = Signal<Signal<Int>>.create { outerSubscriber.value = $0; return nil }
        let disposable = outer.flatten(maxConcurrent: 1).subscribe()
        weak var queued: Signal<Int>?
        do {
            let signal = Signal<Int>.never
            queued = signal
            outerSubscriber.value?.sendNext(.never)
            outerSubscriber.value?.sendNext(signal)
        }
        XCTAssertNotNil(queued)
        disposable.dispose()
        XCTAssertNil(queued)
        outerSubscriber.value = nil
    }

    func testConcatCompletesOnlyAfterTheOuterSignalAndEveryQueuedSignalCompleted() {
        let outer = HigherProbe<Signal<Int>>()
        let first = HigherProbe<Int>()
        let log = HigherLog(outer.signal.concat())
        outer.send(first.signal)
        outer.send(.return(2))
        first.send(1)
        XCTAssertEqual(log.events, ["1"])
        first.sendCompleted()
        XCTAssertEqual(log.events, ["1", "2"])
        outer.sendCompleted()
        XCTAssertEqual(log.events, ["1", "2", "completed"])
    }

    /// Once the pending first signal completes, 100 000 queued synchronous signals run one
    /// after another; each completes inside its own subscription, which must not nest.
    func testConcatOfManyQueuedSynchronousSignalsRunsInConstantStack() {
        let count = 100_000
        let first = HigherProbe<Int>()
        let outer = Signal<Signal<Int>>.create { s in
            s.sendNext(first.signal)
            for i in 0..<count { s.sendNext(.return(i)) }
            s.sendCompleted()
            return nil
        }
        nonisolated(unsafe) var received = 0
        nonisolated(unsafe) var completed = false
        outer.concat().subscribe(next: { _ in received += 1 }, completed: { completed = true })
        XCTAssertEqual(received, 0)
        first.sendCompleted()
        XCTAssertEqual(received, count)
        XCTAssertTrue(completed)
    }

    // MARK: RAC's regression cases

    func testFlattenSurvivesDisposalFromInsideAnInnerSubscription() {
        let outer = HigherProbe<Signal<Int>>()
        nonisolated(unsafe) var disposable: Disposable?
        nonisolated(unsafe) var completed = false
        disposable = outer.signal.flatten(maxConcurrent: 0).subscribe(completed: { completed = true })
        outer.send(Signal.create { inner in
            disposable?.dispose()
            inner.sendCompleted()
            return nil
        })
        outer.sendCompleted()
        XCTAssertFalse(completed)
        XCTAssertEqual(outer.disposals, 1)
    }

    /// The last queued signal completes synchronously inside its own subscription: the
    /// output completes (and is disposed) right then, not after the subscription returns.
    func testFlattenCompletesAsTheLastQueuedSynchronousSignalCompletes() {
        let outer = HigherProbe<Signal<Int>>()
        let pending = HigherProbe<Int>()
        nonisolated(unsafe) var result: Disposable?
        nonisolated(unsafe) var disposedInsideSubscription: [Bool] = []
        let synchronous = Signal<Int>.create { inner in
            disposedInsideSubscription.append(result?.isDisposed ?? true)
            inner.sendCompleted()
            disposedInsideSubscription.append(result?.isDisposed ?? false)
            return nil
        }
        result = outer.signal.flatten(maxConcurrent: 1).subscribe()
        outer.send(pending.signal)
        outer.send(synchronous)
        outer.sendCompleted()
        pending.sendCompleted()
        XCTAssertEqual(disposedInsideSubscription, [false, true])
    }

    /// A value from the last queued signal ends the output through `take(until:)` while that
    /// signal is still sending.
    func testFlattenDisposedThroughTakeUntilWhileAQueuedSignalSends() {
        let outer = HigherProbe<Signal<Int>>()
        let pending = HigherProbe<Int>()
        let done = HigherProbe<Void>()
        nonisolated(unsafe) var result: Disposable?
        nonisolated(unsafe) var disposedAfterValue: Bool?
        let synchronous = Signal<Int>.create { inner in
            inner.sendNext(1)
            disposedAfterValue = result?.isDisposed
            inner.sendCompleted()
            return nil
        }
        nonisolated(unsafe) var values: [Int] = []
        result = outer.signal.flatten(maxConcurrent: 1).take(until: done.signal).subscribe(next: { value in
            values.append(value)
            if value == 1 { done.send(()) }
        })
        outer.send(pending.signal)
        pending.send(0)
        outer.send(synchronous)
        outer.sendCompleted()
        pending.sendCompleted()
        XCTAssertEqual(values, [0, 1])
        XCTAssertEqual(disposedAfterValue, true)
        XCTAssertEqual(done.disposals, 1)
    }

    // MARK: Concurrency

    /// Four threads send into four inner signals at once: every value arrives exactly once,
    /// and no two deliveries overlap.
    func testFlattenSerializesInnerSignalsSendingFromFourThreads() {
        let outer = HigherProbe<Signal<Int>>()
        let inners = (0..<4).map { _ in HigherProbe<Int>() }
        assertSerializesFourSendingThreads(inners, into: outer.signal.flatten()) {
            for inner in inners { outer.send(inner.signal) }
            outer.sendCompleted()
        }
    }

    /// Twenty inner signals that send from background threads, at most three at a time:
    /// queued ones start as others complete, whatever thread that happens on.
    func testFlattenMaxConcurrentStartsQueuedSignalsFromTheThreadsTheyCompleteOn() {
        let checker = SerializationChecker()
        let running = ConcurrencyGauge()
        let perSignal = 200
        let inners = backgroundSendingSignals(20, valuesEach: perSignal, gauge: running)
        let done = expectation(description: "completed")
        Signal<Signal<Int>>.create { s in inners.forEach(s.sendNext); s.sendCompleted(); return nil }
            .flatten(maxConcurrent: 3)
            .subscribe(next: checker.receive, completed: { done.fulfill() })
        wait(for: [done], timeout: 10)
        XCTAssertEqual(checker.values.sorted(), Array(0..<(20 * perSignal)))
        XCTAssertFalse(checker.sawOverlap)
        XCTAssertLessThanOrEqual(running.maximum, 3)
        XCTAssertEqual(running.entered, 20)
    }

    func testFlattenMapOfManySynchronousInnerSignalsForwardsEveryValue() {
        let outer = HigherProbe<Int>()
        nonisolated(unsafe) var sum = 0
        let disposable = outer.signal.flattenMap { Signal.return($0) }.subscribeNext { sum += $0 }
        for i in 1...10_000 { outer.send(i) }
        XCTAssertEqual(sum, 50_005_000)
        disposable.dispose()
        XCTAssertEqual(outer.disposals, 1)
    }
}

/// Records, for tracked signals, the virtual time of each subscription.
final class SubscriptionTimes: @unchecked Sendable {
    private let lock = NSLock()
    private var _times: [String] = []
    var times: [String] { lock.withLock { _times } }

    func track<Value>(_ name: String, _ scheduler: TestScheduler, _ signal: Signal<Value>) -> Signal<Value> {
        Signal.create { [unowned scheduler] subscriber in
            self.lock.withLock { self._times.append("\(name)@\(Int(scheduler.elapsed))") }
            return signal.subscribe(
                next: { subscriber.sendNext($0) }, error: { subscriber.sendError($0) },
                completed: { subscriber.sendCompleted() })
        }
    }
}

extension XCTestCase {
    /// Subscribes to `combined`, runs `start`, then sends 2,000 values into each of the four
    /// `inputs` from a thread of its own and completes them: every value must arrive exactly
    /// once, with no two deliveries overlapping, before the completion.
    func assertSerializesFourSendingThreads(
        _ inputs: [HigherProbe<Int>], into combined: Signal<Int>, start: () -> Void = {},
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let checker = SerializationChecker()
        let done = expectation(description: "completed")
        combined.subscribe(next: checker.receive, completed: { done.fulfill() })
        start()
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for i in 0..<perThread { inputs[thread].send(thread * perThread + i) }
            inputs[thread].sendCompleted()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(checker.values.sorted(), Array(0..<(4 * perThread)), file: file, line: line)
        XCTAssertFalse(checker.sawOverlap, "deliveries overlapped", file: file, line: line)
    }
}

/// Detects overlapping deliveries and collects values, from any thread.
final class SerializationChecker: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = false
    private var _values: [Int] = []
    private var overlap = false

    var values: [Int] { lock.withLock { _values } }
    var sawOverlap: Bool { lock.withLock { overlap } }

    func receive(_ value: Int) {
        lock.withLock {
            if inside { overlap = true }
            inside = true
        }
        // Widen the window in which a concurrent delivery would be caught.
        for _ in 0..<50 { _ = lock.withLock { inside } }
        lock.withLock {
            _values.append(value)
            inside = false
        }
    }
}

