import XCTest
import RACSwift
import RACSwiftTesting

/// A TestScheduler must not be kept alive by work that was cancelled before it ran.
final class TestSchedulerReleaseTests: TestingTestCase {
    // Regression: a cancelled action stayed queued with its block, and a repeating timer's
    // block retains the scheduler, so scheduler and sink kept each other alive after the test.
    func testCancelledRepeatingTimerReleasesTheScheduler() {
        weak var weakScheduler: TestScheduler?
        do {
            let scheduler = TestScheduler()
            weakScheduler = scheduler
            let ticks = Signal<String>.create { subscriber in
                scheduler.after(scheduler.now.addingTimeInterval(1), repeatingEvery: 1, withLeeway: 0) {
                    subscriber.sendNext("t")
                }
            }
            XCTAssertTrue(scheduler.compareMarbles(ticks, "-ttt", until: 3).matches)
        }
        XCTAssertNil(weakScheduler, "the scheduler outlived its test")
    }

    func testCancelledOneShotActionReleasesWhatItCaptured() {
        let scheduler = TestScheduler()
        weak var weakObject: NSObject?
        do {
            nonisolated(unsafe) let object = NSObject()
            weakObject = object
            scheduler.after(scheduler.now.addingTimeInterval(5)) { _ = object }?.dispose()
        }
        XCTAssertNil(weakObject, "a cancelled block kept its captures until the clock reached it")
        XCTAssertEqual(scheduler.scheduledCount, 1)
        scheduler.run()
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }
}
