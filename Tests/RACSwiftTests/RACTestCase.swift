import XCTest
@_spi(Testing) import RACSwift
import RACSwiftTesting

/// Base class of the suite: every test must end with no library subscription alive.
///
/// XCTest runs test methods on the main thread, where `Scheduler.current` is `main`, so
/// subscriptions run synchronously — RAC's own specs rely on the same rule.
class RACTestCase: XCTestCase {
    private var baseline = LeakBaseline()

    override func setUp() { super.setUp(); baseline = LeakBaseline() }
    override func tearDown() { baseline.check(); super.tearDown() }
}
