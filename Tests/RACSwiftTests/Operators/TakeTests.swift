import XCTest
@testable import RACSwift

final class TakeTests: RACTestCase {
    // MARK: take(_:)

    func testTakeSendsTheFirstValuesThenCompletes() {
        let values = [0, 1, 2]
        for count in 0..<values.count {
            let probe = SyncSource(values: values)
            XCTAssertEqual(EventLog(probe.signal.take(count)).events, .valuesThenCompleted(Array(values.prefix(count))))
        }
    }

    func testTakeMoreThanTheSourceSendsEverything() {
        let probe = SyncSource(values: [0, 1, 2])
        XCTAssertEqual(EventLog(probe.signal.take(4)).events, .valuesThenCompleted([0, 1, 2]))
    }

    func testTakeZeroCompletesWithoutSubscribingTheSource() {
        let probe = SyncSource(values: [1, 2])
        XCTAssertEqual(EventLog(probe.signal.take(0)).events, [.completed])
        XCTAssertEqual(probe.subscriptions, 0)
    }

    func testTakeOneTerminatesASynchronousInfiniteSourceAndDisposesIt() {
        let source = StreamInfiniteCounter()
        XCTAssertEqual(EventLog(source.take(1)).events, .valuesThenCompleted([0]))
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(source.sent, 1)
    }

    func testTakeTwoOnAnInfiniteCreateSourceStopsIt() {
        nonisolated(unsafe) var disposals = 0
        let endless = Signal<Int>.create { subscriber in
            Signal.from(0...).subscribe(subscriber)
            return Disposable { disposals += 1 }
        }
        XCTAssertEqual(EventLog(endless.take(2)).events, .valuesThenCompleted([0, 1]))
        XCTAssertEqual(disposals, 1)
    }

    func testTakeDisposesTheSourceBeforeCompleting() {
        let source = StreamManualSource<Int>()
        nonisolated(unsafe) var log: [String] = []
        let signal = Signal<Int>.create { subscriber in
            let inner = source.signal.subscribe(
                next: { subscriber.sendNext($0) }, completed: { subscriber.sendCompleted() })
            return Disposable { log.append("disposed"); inner.dispose() }
        }
        signal.take(2).subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        source.send(1, 2, 3)
        XCTAssertEqual(log, ["next 1", "next 2", "disposed", "completed"])
        XCTAssertEqual(source.disposals, 1)
        source.release()
    }

    func testDisposingWhileReceivingTheLastValueSuppressesCompletion() {
        let probe = SyncSource(values: [1, 2, 3])
        let subscriber = StreamRecordingSubscriber<Int>()
        subscriber.onNext = { value, subscription in if value == 2 { subscription?.dispose() } }
        probe.signal.take(2).subscribe(subscriber)
        XCTAssertEqual(subscriber.events, [.next(1), .next(2)])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testTakeForwardsAnEarlierError() {
        let probe = SyncSource(values: [1], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.take(3)).events, [.next(1), .error(TestError(code: 1))])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testTakeIgnoresAnErrorAfterItsLastValue() {
        let probe = SyncSource(values: [1, 2], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.take(2)).events, .valuesThenCompleted([1, 2]))
    }

    func testDisposingTakeDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.take(5) }, sending: [1], thenAfterDisposal: [2], receives: [1])
    }

    func testTakeCountsAfreshForEachSubscription() {
        let probe = SyncSource(values: [1, 2, 3])
        let taken = probe.signal.take(2)
        XCTAssertEqual(EventLog(taken).events, .valuesThenCompleted([1, 2]))
        XCTAssertEqual(EventLog(taken).events, .valuesThenCompleted([1, 2]))
        XCTAssertEqual(probe.subscriptions, 2)
        XCTAssertEqual(probe.disposals, 2)
    }

    func testTakeCompletesAtTheVirtualTimeOfTheLastValue() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal([.next(1, "a"), .next(2, "b"), .next(3, "c"), .completed(9)])
        let recorder = scheduler.record(source.take(2))
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(1, "a"), .next(2, "b"), .completed(2)])
    }

    func testTakeOfAnEndlessSequenceTerminates() {
        XCTAssertEqual(EventLog(Signal.from(1...).take(3)).events, .valuesThenCompleted([1, 2, 3]))
    }

    // MARK: take(while:) and take(until:)

    private let predicateValues = [0, 1, 2, 3, 0, 2, 4]

    func testTakeUntilStopsAtTheFirstMatchWithoutSendingIt() {
        let probe = SyncSource(values: predicateValues)
        XCTAssertEqual(EventLog(probe.signal.take(until: { $0 >= 3 })).events, .valuesThenCompleted([0, 1, 2]))
        XCTAssertEqual(probe.disposals, 1)
    }

    func testTakeWhileStopsAtTheFirstMismatch() {
        let probe = SyncSource(values: predicateValues)
        XCTAssertEqual(EventLog(probe.signal.take(while: { $0 <= 1 })).events, .valuesThenCompleted([0, 1]))
    }

    func testTakeWhileAlwaysTrueSendsTheWholeSource() {
        let probe = SyncSource(values: predicateValues)
        XCTAssertEqual(EventLog(probe.signal.take(while: { $0 <= 10 })).events, .valuesThenCompleted(predicateValues))
    }

    func testTakeWhileFalseAtFirstOnlyCompletes() {
        let probe = SyncSource(values: predicateValues)
        XCTAssertEqual(EventLog(probe.signal.take(while: { $0 < 0 })).events, [.completed])
    }

    func testTakeWhileTerminatesAnInfiniteSourceAndDisposesIt() {
        let source = StreamInfiniteCounter()
        let counted = source.scan(withStart: 0) { running, _ in running + 1 }
        XCTAssertEqual(EventLog(counted.take(while: { $0 <= 5 })).events, .valuesThenCompleted([1, 2, 3, 4, 5]))
        XCTAssertEqual(source.disposals, 1)
    }

    func testTakeUntilTerminatesAnInfiniteSourceAndDisposesIt() {
        let source = StreamInfiniteCounter()
        XCTAssertEqual(EventLog(source.take(until: { $0 == 3 })).events, .valuesThenCompleted([0, 1, 2]))
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(source.sent, 4)
    }

    func testTakeWhileForwardsErrorBeforeTheStop() {
        let probe = SyncSource(values: [1], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.take(while: { _ in true })).events, [.next(1), .error(TestError(code: 1))])
    }

    func testTakeUntilDisposesTheSourceWhenDisposed() {
        let source = StreamManualSource<Int>()
        nonisolated(unsafe) var received: [Int] = []
        let disposable = source.signal.take(until: { $0 > 10 }).subscribeNext { received.append($0) }
        source.send(1)
        disposable.dispose()
        source.send(2)
        XCTAssertEqual(received, [1])
        XCTAssertEqual(source.disposals, 1)
        source.release()
    }

    func testTakeWhileStartsAfreshForEachSubscription() {
        let probe = SyncSource(values: predicateValues)
        let taken = probe.signal.take(while: { $0 < 3 })
        XCTAssertEqual(EventLog(taken).events, .valuesThenCompleted([0, 1, 2]))
        XCTAssertEqual(EventLog(taken).events, .valuesThenCompleted([0, 1, 2]))
        XCTAssertEqual(probe.subscriptions, 2)
    }

    func testTakeUntilPredicateRunsNoMoreAfterStopping() {
        nonisolated(unsafe) var asked: [Int] = []
        let probe = SyncSource(values: [1, 2, 3, 4])
        _ = EventLog(probe.signal.take(until: { asked.append($0); return $0 == 2 })).events
        XCTAssertEqual(asked, [1, 2])
    }
}
