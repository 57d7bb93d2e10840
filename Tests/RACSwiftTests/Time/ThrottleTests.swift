import XCTest
import RACSwift
import RACSwiftTesting

final class ThrottleTests: RACTestCase {
    func testThrottleSendsValueOnceIntervalPassesWithoutNewerValue() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a---b----|")
        scheduler.expectMarbles(source.throttle(2), "---a---b--|")
    }

    func testThrottleSendsOnlyLastValueOfBurst() {
        let scheduler = TestScheduler()
        scheduler.expectEvents({ $0.throttle(2) }, playing: [.next(1, "a"), .next(2, "b"), .next(3.5, "c"), .next(8, "d"), .completed(20)],
                               [.next(5.5, "c"), .next(10, "d"), .completed(20)])
    }

    func testThrottleDropsPendingValueWhenNewerValueArrivesExactlyAtDeadline() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a-b------|")
        scheduler.expectMarbles(source.throttle(2), "-----b----|")
    }

    func testThrottleCompletionFlushesPendingValueThenCompletes() {
        let scheduler = TestScheduler()
        scheduler.expectEvents({ $0.throttle(2) }, playing: [.next(1, "a"), .next(2, "b"), .completed(2.5)],
                               [.next(2.5, "b"), .completed(2.5)])
    }

    func testThrottleDoesNotResendSentValueOnCompletion() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a---|")
        scheduler.expectMarbles(source.throttle(2), "---a-|")
    }

    func testThrottleErrorDropsPendingValueAndIsForwardedAtOnce() {
        let scheduler = TestScheduler()
        scheduler.expectEvents({ $0.throttle(2) }, playing: [.next(1, "a"), .error(2, TestError.failed), .next(2.5, "b")],
                               [.error(2, TestError.failed)])
    }

    func testThrottleZeroIntervalSendsLastValueOfEachInstant() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-(ab)c|")
        scheduler.expectMarbles(source.throttle(0), "-bc|")
    }

    func testThrottleFlushesNilValueOfOptionalSignalOnCompletion() {
        let scheduler = TestScheduler()
        let values: [Character: String?] = ["a": "a", "n": nil]
        let source = scheduler.hot("-an|", values: values)
        scheduler.expectMarbles(source.throttle(2), "---(n|)", values: values)
    }

    // MARK: valuesPassingTest:

    func testThrottleValueFailingTestPassesAtOnceAndDropsPendingValue() {
        let scheduler = TestScheduler()
        scheduler.expectEvents({ $0.throttle(2, valuesPassingTest: { $0 == $0.lowercased() }) }, playing: [.next(1, "a"), .next(2, "X"), .next(3, "b"), .next(3.5, "Y"), .next(6, "c"), .completed(10)],
                               [.next(2, "X"), .next(3.5, "Y"), .next(8, "c"), .completed(10)])
    }

    func testThrottleValuesPassingTestThrottlesPassingValuesLikeThrottle() {
        let scheduler = TestScheduler()
        let values: [Character: Int] = ["1": 1, "2": 2, "3": 3]
        let source = scheduler.hot("-12---3|", values: values)
        scheduler.expectMarbles(source.throttle(2, valuesPassingTest: { _ in true }), "----2--(3|)", values: values)
    }

    func testThrottleTestSeesEveryValueOnce() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var tested: [Int] = []
        let source = scheduler.createHotSignal([.next(1, 1), .next(1.5, 2), .next(5, 3), .completed(6)])
        let recorder = scheduler.record(source.throttle(1, valuesPassingTest: { tested.append($0); return $0 != 2 }))
        scheduler.run()
        XCTAssertEqual(tested, [1, 2, 3])
        XCTAssertEqual(recorder.events, [.next(1.5, 2), .next(6, 3), .completed(6)])
    }

    // MARK: Schedulers

    func testThrottleWithoutSchedulerWaitsOnSchedulerOfEachValue() {
        // Values sent inside the TestScheduler's blocks wait in its virtual time.
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal([.next(1, "a")])
        let recorder = scheduler.record(source.throttle(5))
        scheduler.advance(to: virtualDate(5.9))
        XCTAssertEqual(recorder.events, [])
        scheduler.advance(to: virtualDate(6))
        XCTAssertEqual(recorder.events, [.next(6, "a")])
        recorder.disposable.dispose()
    }

    func testThrottleOnExplicitSchedulerWaitsThereWhateverSchedulerSendsValue() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<String>()
        nonisolated(unsafe) var received: [String] = []
        nonisolated(unsafe) var deliveredOn: [Scheduler?] = []
        // Subscribed and sent on the main thread, where `Scheduler.current` is `main`.
        let disposable = source.signal.throttle(2, on: scheduler).subscribeNext {
            received.append($0)
            deliveredOn.append(Scheduler.current)
        }
        source.sendNext("a")
        scheduler.advance(by: 1.5)
        source.sendNext("b")
        scheduler.advance(by: 1.5)
        XCTAssertEqual(received, [])
        scheduler.advance(by: 0.5)
        XCTAssertEqual(received, ["b"])
        XCTAssertTrue(deliveredOn.first! === scheduler)
        disposable.dispose()
    }

    func testThrottleDoesNotKeepSignalAliveWhileValueWaits() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<Int>()
        weak var weakThrottled: Signal<Int>?
        var recorder: TestRecorder<Int>?
        do {
            let throttled = source.signal.throttle(1)
            weakThrottled = throttled
            recorder = scheduler.record(throttled)
        }
        scheduler.performAsCurrentScheduler { source.sendNext(1) }
        XCTAssertNil(weakThrottled)
        scheduler.run()
        XCTAssertEqual(recorder?.events, [.next(1, 1)])
        recorder?.disposable.dispose()
    }

    // MARK: Disposal and re-subscription

    func testThrottleDisposalMidIntervalCancelsPendingValueAndSource() {
        let scheduler = TestScheduler()
        assertDisposalCancelsTimersAndSource({ $0.throttle(2) }, on: scheduler) { source in
            scheduler.performAsCurrentScheduler { source.sendNext("a") }
            scheduler.advance(by: 1)
        }
    }

    func testThrottleResubscriptionStartsWithFreshState() {
        let scheduler = TestScheduler()
        scheduler.expectMarblesOnEachSubscription(scheduler.cold("-ab--|").throttle(2), "----b|", values: ["b": "b"], resubscribingAt: 10)
    }

    func testThrottleSubscribersDoNotShareState() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal([.next(1, "a"), .next(4, "b"), .completed(10)])
        let throttled = source.throttle(2)
        let early = scheduler.record(throttled)
        scheduler.advance(to: virtualDate(2))
        let late = scheduler.record(throttled)
        scheduler.run()
        XCTAssertEqual(early.events, [.next(3, "a"), .next(6, "b"), .completed(10)])
        XCTAssertEqual(late.events, [.next(6, "b"), .completed(10)])
    }
}
