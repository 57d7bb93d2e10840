import Foundation
import RACSwift
import XCTest

final class RecursiveScheduleTests: RACTestCase {
    private let iterations = 1_000_000

    func testAMillionSynchronousReschedulesOnTheImmediateScheduler() {
        let iterations = self.iterations
        nonisolated(unsafe) var count = 0
        let disposable = Scheduler.immediate.scheduleRecursive { reschedule in
            count += 1
            if count < iterations { reschedule() }
        }
        XCTAssertEqual(count, iterations)
        XCTAssertNil(disposable, "as in RAC: the recursion is over by the time it returns")
    }

    func testAMillionSynchronousReschedulesOnTheSubscriptionSchedulerInline() {
        let iterations = self.iterations
        nonisolated(unsafe) var count = 0
        Scheduler.subscription.scheduleRecursive { reschedule in
            count += 1
            if count < iterations { reschedule() }
        }
        XCTAssertEqual(count, iterations, "ran inline on the main thread, in constant stack")
    }

    func testAMillionReschedulesOnTheTestScheduler() {
        let iterations = self.iterations
        let scheduler = TestScheduler()
        nonisolated(unsafe) var count = 0
        scheduler.scheduleRecursive { reschedule in
            count += 1
            if count < iterations { reschedule() }
        }
        XCTAssertEqual(count, 0)
        scheduler.run()
        XCTAssertEqual(count, iterations)
    }

    func testEachRescheduleOnTheTestSchedulerIsOneStep() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var count = 0
        scheduler.scheduleRecursive { reschedule in
            count += 1
            reschedule()
        }?.dispose()
        XCTAssertEqual(scheduler.scheduledCount, 1)
        scheduler.run()
        XCTAssertEqual(count, 0, "disposed before it started")
        let disposable = scheduler.scheduleRecursive { reschedule in
            count += 1
            reschedule()
        }
        scheduler.step(3)
        XCTAssertEqual(count, 3)
        disposable?.dispose()
        scheduler.run()
        XCTAssertEqual(count, 3, "disposal mid-way stops the recursion")
    }

    func testDisposingFromInsideTheBlockStopsTheRecursion() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var count = 0
        nonisolated(unsafe) var disposable: Disposable?
        disposable = scheduler.scheduleRecursive { reschedule in
            count += 1
            reschedule()
            if count == 5 { disposable?.dispose() }
        }
        scheduler.run()
        XCTAssertEqual(count, 5)
        XCTAssertEqual(scheduler.scheduledCount, 0, "the pending run was cancelled")
    }

    func testDisposalReleasesTheBlock() {
        let scheduler = TestScheduler()
        assertDisposalReleasesTheBlock({ token in
            scheduler.scheduleRecursive { reschedule in
                _ = token
                reschedule()
            }
        }, before: { scheduler.step(2) })
    }

    func testSeveralReschedulesInOneRunEachRunOnceInOrder() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var runs = 0
        nonisolated(unsafe) var log: [Int] = []
        scheduler.scheduleRecursive { reschedule in
            runs += 1
            log.append(runs)
            if runs == 1 {
                reschedule()
                reschedule()
                reschedule()
            }
        }
        scheduler.run()
        XCTAssertEqual(log, [1, 2, 3, 4])
    }

    func testARescheduleCalledLaterRunsAgain() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var runs = 0
        nonisolated(unsafe) var saved: (() -> Void)?
        let disposable = scheduler.scheduleRecursive { reschedule in
            runs += 1
            saved = reschedule
        }
        scheduler.run()
        XCTAssertEqual(runs, 1)
        saved?()
        scheduler.run()
        XCTAssertEqual(runs, 2)
        disposable?.dispose()
        saved?()
        scheduler.run()
        XCTAssertEqual(runs, 2, "a reschedule after disposal does nothing")
        saved = nil
    }

    func testRecursionOnABackgroundSchedulerRunsEveryTurnOnIt() {
        let scheduler = Scheduler.background()
        let done = expectation(description: "recursion finished")
        // Written on the background scheduler, read here: locked.
        let count = Fixture.Counter()
        let offScheduler = Fixture.Counter()
        scheduler.scheduleRecursive { reschedule in
            if Scheduler.current !== scheduler { offScheduler.increment() }
            if count.increment() < 10_000 { reschedule() } else { done.fulfill() }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(count.value, 10_000)
        XCTAssertEqual(offScheduler.value, 0)
    }

    /// The `reschedule` a queue scheduler's recursion hands its block is made once and kept
    /// while the runs reschedule (issue 28d); it is let go of when a run ends without one.
    /// Kept by the block and called later, it still runs the block again.
    func testARescheduleKeptAndCalledLaterRunsAgainOnABackgroundScheduler() {
        let scheduler = Scheduler.background()
        let saved = Fixture.Locked<(@Sendable () -> Void)?>(nil)
        let count = Fixture.Counter()
        let first = expectation(description: "three runs")
        let again = expectation(description: "run after the later reschedule")
        let disposable = scheduler.scheduleRecursive { reschedule in
            let run = count.increment()
            if run < 3 { reschedule() }
            if run == 3 {
                saved.value = reschedule
                first.fulfill()
            }
            if run == 4 { again.fulfill() }
        }
        wait(for: [first], timeout: 10)
        saved.value?()
        wait(for: [again], timeout: 10)
        XCTAssertEqual(count.value, 4)
        disposable?.dispose()
        saved.value = nil
    }

    /// A recursion that stopped rescheduling, its disposable dropped, is freed with its block:
    /// the kept `reschedule` (which holds the recursion) does not outlive the last run.
    func testAFinishedRecursionOnABackgroundSchedulerIsFreed() {
        let scheduler = Scheduler.background()
        final class Token: @unchecked Sendable {}
        weak var weakToken: Token?
        let ran = expectation(description: "ran")
        do {
            let token = Token()
            weakToken = token
            _ = scheduler.scheduleRecursive { _ in
                _ = token
                ran.fulfill()
            }
        }
        wait(for: [ran], timeout: 10)
        let settled = expectation(description: "settled")
        scheduler.schedule { settled.fulfill() }
        wait(for: [settled], timeout: 10)
        XCTAssertNil(weakToken)
    }

    func testDisposingARecursionOnABackgroundSchedulerMidwayStopsIt() {
        let scheduler = Scheduler.background()
        let gate = DispatchSemaphore(value: 0)
        let count = Fixture.Counter()
        let disposable = scheduler.scheduleRecursive { reschedule in
            if count.increment() == 3 { gate.signal() }
            reschedule()
        }
        XCTAssertEqual(gate.wait(timeout: .now() + 10), .success)
        disposable?.dispose()
        let settled = expectation(description: "settled")
        scheduler.schedule { settled.fulfill() }
        wait(for: [settled], timeout: 10)
        let stoppedAt = count.value
        let later = expectation(description: "later")
        scheduler.afterDelay(0.02) { later.fulfill() }
        wait(for: [later], timeout: 10)
        XCTAssertEqual(count.value, stoppedAt)
        XCTAssertGreaterThanOrEqual(stoppedAt, 3)
    }

    func testRecursionOnTheSubscriptionSchedulerOffTheMainThreadRunsOnItsBackgroundScheduler() {
        let done = expectation(description: "recursion finished")
        let count = Fixture.Counter()
        let log = Fixture.Log<Bool>()
        DispatchQueue.global().async {
            Scheduler.subscription.scheduleRecursive { reschedule in
                log.append(Scheduler.current != nil && !Thread.isMainThread)
                if count.increment() < 100_000 { reschedule() } else { done.fulfill() }
            }
        }
        wait(for: [done], timeout: 20)
        XCTAssertEqual(count.value, 100_000)
        XCTAssertTrue(log.all.allSatisfy { $0 })
    }
}
