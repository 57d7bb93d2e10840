import XCTest
@_spi(Testing) import RACSwift
import RACSwiftTesting

/// Base class of this target's XCTest cases: every test must end with no library subscription
/// alive (the same rule as the main suite's `RACTestCase`).
class TestingTestCase: XCTestCase {
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
