import XCTest
import RACSwift
import RACSwiftTesting

final class LeakCheckingTests: XCTestCase {
    func testFinishedSubscriptionLeavesNothingAlive() {
        assertNoLeaks {
            Signal.return(1).subscribeNext { _ in }
        }
    }
}
