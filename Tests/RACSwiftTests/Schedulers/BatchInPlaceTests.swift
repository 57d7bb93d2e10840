import Foundation
@testable import RACSwift
import XCTest

/// When a queue scheduler's batch may go on in place instead of handing on through Dispatch
/// (issue 28e): only while none of the scheduler's timers is armed (one armed may put a
/// handler on its queue), and never on the main queue. Each timer kind counts itself while
/// a firing would do something, and no longer.
final class BatchInPlaceTests: RACTestCase {
    private func background() -> TargetQueueScheduler {
        TargetQueueScheduler(name: "test.in-place", targetQueue: .global())
    }

    /// Waits until everything scheduled on `scheduler` so far has run.
    private func drain(_ scheduler: Scheduler) {
        let drained = expectation(description: "drained")
        scheduler.schedule { drained.fulfill() }
        wait(for: [drained], timeout: 5)
    }

    func testAFreshBackgroundSchedulerGoesOnInPlace() {
        XCTAssertTrue(background().continuesBatchesInPlace)
        let made = Scheduler.background()
        XCTAssertTrue((made as? TargetQueueScheduler)?.continuesBatchesInPlace ?? false)
    }

    func testTheMainQueueNeverGoesOnInPlace() {
        XCTAssertFalse(Scheduler.mainQueue.continuesBatchesInPlace)
        XCTAssertFalse(TargetQueueScheduler(name: "test.on-main", targetQueue: .main).continuesBatchesInPlace)
    }

    func testAnAfterBlockCountsUntilItHasRun() {
        let scheduler = background()
        let ran = expectation(description: "ran")
        let second = expectation(description: "second ran")
        scheduler.after(Date()) { ran.fulfill() }
        scheduler.after(Date()) { second.fulfill() }
        XCTAssertFalse(scheduler.continuesBatchesInPlace)
        wait(for: [ran, second], timeout: 5)
        drain(scheduler)
        XCTAssertTrue(scheduler.continuesBatchesInPlace)
    }

    func testAnAfterBlockCountsUntilTheLastIsDisposed() {
        let scheduler = background()
        let first = scheduler.after(Date(timeIntervalSinceNow: 3_600)) { XCTFail("disposed") }
        let second = scheduler.after(Date(timeIntervalSinceNow: 3_600)) { XCTFail("disposed") }
        first?.dispose()
        XCTAssertFalse(scheduler.continuesBatchesInPlace, "one block still waits")
        second?.dispose()
        XCTAssertTrue(scheduler.continuesBatchesInPlace)
    }

    func testARepeatingTimerCountsUntilDisposed() {
        let scheduler = background()
        let disposable = scheduler.scheduleRepeating(after: Date().addingTimeInterval(60), interval: 60, leeway: 0) {}
        XCTAssertFalse(scheduler.continuesBatchesInPlace)
        disposable?.dispose()
        XCTAssertTrue(scheduler.continuesBatchesInPlace)
    }

    func testAThrottleDeadlineCountsWhileSetAndUntilDisposed() {
        let scheduler = background()
        let subject = Subject<Int>()
        let values = Fixture.Log<Int>()
        let received = expectation(description: "throttled value")
        let disposable = subject.throttle(0.01, on: scheduler).subscribeNext {
            values.append($0)
            received.fulfill()
        }
        XCTAssertTrue(scheduler.continuesBatchesInPlace, "no deadline yet")
        subject.sendNext(1)
        XCTAssertFalse(scheduler.continuesBatchesInPlace)
        wait(for: [received], timeout: 5)
        drain(scheduler)
        XCTAssertTrue(scheduler.continuesBatchesInPlace, "the deadline fired")
        subject.sendNext(2)
        XCTAssertFalse(scheduler.continuesBatchesInPlace)
        disposable.dispose()
        XCTAssertTrue(scheduler.continuesBatchesInPlace)
        XCTAssertEqual(values.all, [1])
    }
}
