import Foundation
@testable import RACSwift
import XCTest

/// When a queue scheduler's batch may go on in place instead of handing on through Dispatch
/// (issue 28e): only while no timer of the scheduler can have put a handler on its queue, and
/// never on the main queue. Each of the scheduler's timer kinds turns it off for good.
final class BatchInPlaceTests: RACTestCase {
    private func background() -> TargetQueueScheduler {
        TargetQueueScheduler(name: "test.in-place", targetQueue: .global())
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

    func testAnAfterBlockTurnsItOff() {
        let scheduler = background()
        let ran = expectation(description: "ran")
        scheduler.after(Date()) { ran.fulfill() }
        XCTAssertFalse(scheduler.continuesBatchesInPlace)
        wait(for: [ran], timeout: 5)
        XCTAssertFalse(scheduler.continuesBatchesInPlace, "for good, even with no block waiting")
    }

    func testARepeatingTimerTurnsItOff() {
        let scheduler = background()
        let disposable = scheduler.scheduleRepeating(after: Date().addingTimeInterval(60), interval: 60, leeway: 0) {}
        XCTAssertFalse(scheduler.continuesBatchesInPlace)
        disposable?.dispose()
    }

    func testAThrottleDeadlineTimerTurnsItOff() {
        let scheduler = background()
        let subject = Subject<Int>()
        let disposable = subject.throttle(1, on: scheduler).subscribeNext { _ in }
        subject.sendNext(1)
        XCTAssertFalse(scheduler.continuesBatchesInPlace)
        disposable.dispose()
    }
}
