import XCTest
import RACSwift
import RACSwiftTesting

final class IntervalTests: RACTestCase {
    func testIntervalSendsSchedulerNowAtEachExactTick() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal.interval(1.5, on: scheduler))
        scheduler.advance(to: virtualDate(5))
        XCTAssertEqual(recorder.events, [
            .next(1.5, virtualDate(1.5)), .next(3, virtualDate(3)), .next(4.5, virtualDate(4.5)),
        ])
        recorder.disposable.dispose()
        scheduler.run()
    }

    func testIntervalNeverCompletes() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal<Date>.interval(1, on: scheduler, leeway: 0.5))
        scheduler.advance(to: virtualDate(100))
        XCTAssertEqual(recorder.events.count, 100)
        XCTAssertFalse(recorder.isFinished)
        XCTAssertEqual(recorder.events.last, .next(100, virtualDate(100)))
        recorder.disposable.dispose()
        scheduler.run()
    }

    func testIntervalFirstTickComesOneIntervalAfterSubscription() {
        let scheduler = TestScheduler()
        let signal = Signal.interval(2, on: scheduler)
        scheduler.advance(to: virtualDate(7))
        let recorder = scheduler.record(signal)
        scheduler.advance(to: virtualDate(11.5))
        XCTAssertEqual(recorder.events, [.next(9, virtualDate(9)), .next(11, virtualDate(11))])
        recorder.disposable.dispose()
        scheduler.run()
    }

    func testIntervalDisposalStopsTimer() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal.interval(1, on: scheduler))
        scheduler.advance(to: virtualDate(2.5))
        recorder.disposable.dispose()
        scheduler.run()
        // Nothing left to run: the timer did not reschedule itself.
        XCTAssertEqual(scheduler.scheduledCount, 0)
        XCTAssertEqual(recorder.events, [.next(1, virtualDate(1)), .next(2, virtualDate(2))])
    }

    func testIntervalSubscriptionsHaveTheirOwnTimers() {
        let scheduler = TestScheduler()
        let signal = Signal.interval(2, on: scheduler)
        let first = scheduler.record(signal)
        scheduler.advance(to: virtualDate(1))
        let second = scheduler.record(signal)
        scheduler.advance(to: virtualDate(4))
        first.disposable.dispose()
        scheduler.advance(to: virtualDate(6))
        XCTAssertEqual(first.events, [.next(2, virtualDate(2)), .next(4, virtualDate(4))])
        XCTAssertEqual(second.events, [.next(3, virtualDate(3)), .next(5, virtualDate(5))])
        second.disposable.dispose()
        scheduler.run()
    }

    func testIntervalDeliversOnItsScheduler() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var deliveredOn: Scheduler?
        let disposable = Signal.interval(1, on: scheduler).subscribeNext { _ in deliveredOn = Scheduler.current }
        scheduler.advance(by: 1)
        XCTAssertTrue(deliveredOn === scheduler)
        disposable.dispose()
        scheduler.run()
    }
}

final class IntervalReleaseRegressionTests: RACTestCase {
    // Regression: a disposed repeating timer's queued block kept the TestScheduler and its sink
    // alive until the clock reached it.
    func testDisposedIntervalLeavesNothingAliveWithoutRunningTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal.interval(1, on: scheduler))
        scheduler.advance(to: TestScheduler.startDate.addingTimeInterval(2.5))
        XCTAssertEqual(recorder.values.count, 2)
        recorder.disposable.dispose()
    }
}
