import XCTest
import RACSwift
import RACSwiftTesting

final class TimeoutTests: RACTestCase {
    func testTimeoutFailsWithTimedOutWhenSourceDoesNotTerminateInTime() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-ab--c|")
        scheduler.expectMarbles(source.timeout(3, on: scheduler), "-ab#", error: SignalError.timedOut)
    }

    func testTimeoutDisposesSourceWhenItTimesOut() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<String>()
        let recorder = scheduler.record(source.signal.timeout(3, on: scheduler))
        scheduler.advance(to: virtualDate(2.9))
        XCTAssertEqual(source.disposalCount, 0)
        scheduler.advance(to: virtualDate(3))
        XCTAssertEqual(source.disposalCount, 1)
        source.sendNext("late")
        XCTAssertEqual(recorder.events, [.error(3, SignalError.timedOut)])
    }

    func testTimeoutForwardsCompletionInTimeAndCancelsTimer() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a|")
        scheduler.expectMarbles(source.timeout(3, on: scheduler), "-a|")
        // The cancelled timer is skipped without running, and a skipped block does not move
        // the virtual clock.
        XCTAssertEqual(scheduler.elapsed, 2)
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    func testTimeoutForwardsErrorInTime() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("--#", values: [Character: Int](), error: TestError.failed)
        scheduler.expectMarbles(source.timeout(3, on: scheduler), "--#", values: [:], error: TestError.failed)
    }

    func testTimeoutOfSynchronousSignalNeverFires() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal.return(1).timeout(1, on: scheduler))
        XCTAssertEqual(recorder.events, [.next(0, 1), .completed(0)])
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(0, 1), .completed(0)])
    }

    func testTimeoutCountsFromSubscription() {
        let scheduler = TestScheduler()
        let signal = Signal<Int>.never.timeout(2, on: scheduler)
        scheduler.advance(to: virtualDate(5))
        let recorder = scheduler.record(signal)
        scheduler.run()
        XCTAssertEqual(recorder.events, [.error(7, SignalError.timedOut)])
    }

    func testTimeoutDisposalCancelsTimerAndSource() {
        let scheduler = TestScheduler()
        assertDisposalCancelsTimersAndSource({ $0.timeout(3, on: scheduler) }, on: scheduler) { _ in
            scheduler.advance(to: virtualDate(1))
        }
    }

    func testTimeoutResubscriptionGetsItsOwnTimer() {
        let scheduler = TestScheduler()
        scheduler.expectMarblesOnEachSubscription(scheduler.cold("-a--|").timeout(3, on: scheduler), "-a-#", values: ["a": "a"], error: SignalError.timedOut, resubscribingAt: 10)
    }
}
