import XCTest
@_spi(Testing) import RACSwift
import RACSwiftTesting

/// Base class of the suite: every test must end with no library subscription alive.
///
/// XCTest runs test methods on the main thread, where `Scheduler.current` is `main`, so
/// subscriptions run synchronously — RAC's own specs rely on the same rule.
class RACTestCase: XCTestCase {
    private var liveAtStart = 0

    override func setUp() {
        super.setUp()
        liveAtStart = LiveSubscriptions.count
    }

    override func tearDown() {
        let live = waitForLiveSubscriptions(toReach: liveAtStart, timeout: 2)
        XCTAssertLessThanOrEqual(live, liveAtStart, "subscription objects leaked by this test")
        super.tearDown()
    }
}
