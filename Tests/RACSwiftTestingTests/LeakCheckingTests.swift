import XCTest
@_spi(Testing) import RACSwift
import RACSwiftTesting

final class LeakCheckingTests: TestingTestCase {
    func testFinishedSubscriptionLeavesNothingAlive() {
        assertNoLeaks {
            Signal.return(1).map { $0 * 2 }.subscribeNext { _ in }
        }
        XCTAssertEqual(leakedSubscriptions { Signal.return(1).map { $0 * 2 }.subscribeNext { _ in } }, 0)
    }

    func testDisposedSubscriptionLeavesNothingAlive() {
        let scheduler = TestScheduler()
        assertNoLeaks {
            let recorder = scheduler.record(scheduler.cold("-a-b|").map { $0 + "!" })
            scheduler.advance(by: 1)
            recorder.disposable.dispose()
        }
    }

    func testMarbleRunLeavesNothingAlive() {
        let scheduler = TestScheduler()
        assertNoLeaks {
            scheduler.expectMarbles(scheduler.hot("^-a-b-").concat(scheduler.cold("c|")), "--a-b", until: 6)
        }
    }

    func testLeakIsCounted() {
        let leak = DeliberateLeak()
        let leaked = leakedSubscriptions(timeout: 0.01) { leak.start() }
        XCTAssertGreaterThan(leaked, 0)
        leak.release()
        XCTAssertEqual(waitForLiveSubscriptions(toReach: 0, timeout: 1), 0)
    }

    func testLeakIsReportedToXCTestAtTheCallersLine() {
        let leak = DeliberateLeak()
        let before = LiveSubscriptions.count
        var line = 0
        let failures = captureFailures {
            assertNoLeaks(timeout: 0.01) { leak.start() }; line = #line
        }
        let leaked = LiveSubscriptions.count - before
        leak.release()

        XCTAssertGreaterThan(leaked, 0)
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertTrue(
            failures.first?.message.contains("assertNoLeaks: \(leaked) subscription objects still alive after the block") ?? false,
            failures.first?.message ?? "nothing reported")
    }

    func testSubscriptionsEndingDuringTheBlockAreNotALeak() {
        // Objects from before the block that end inside it make the count drop: not a leak.
        let leak = DeliberateLeak()
        leak.start()
        XCTAssertEqual(leakedSubscriptions(timeout: 0.01) { leak.release() }, 0)
    }

    func testAsyncFormIsCleanForAFinishedSubscription() async {
        await assertNoLeaks {
            await Task.yield()
            Signal.return(1).map { $0 * 2 }.subscribeNext { _ in }
        }
    }

    func testAsyncFormCountsALeak() async {
        let leak = DeliberateLeak()
        let leaked = await leakedSubscriptions(timeout: 0.01) {
            await Task.yield()
            leak.start()
        }
        XCTAssertGreaterThan(leaked, 0)
        leak.release()
    }

    func testLeakBaselinePassesWhenNothingIsLeftAlive() {
        let failures = captureFailures {
            let baseline = LeakBaseline()
            Signal.return(1).map { $0 * 2 }.subscribeNext { _ in }
            baseline.check(timeout: 0.01)
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testLeakBaselineReportsWhatTheTestLeftAliveAtTheCallersLine() {
        let leak = DeliberateLeak()
        var line = 0
        let failures = captureFailures {
            let baseline = LeakBaseline()
            leak.start()
            line = #line + 1
            baseline.check(timeout: 0.01)
        }
        leak.release()
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("leaked by this test") == true, "\(failures.map(\.message))")
        XCTAssertEqual(failures.first?.line, line)
    }
}
