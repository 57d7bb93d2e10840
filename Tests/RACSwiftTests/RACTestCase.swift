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

/// A test case whose tests subscribe with a fresh `TestScheduler` current, and whose blocks
/// still scheduled at the end of a test are run out before the leak check.
class VirtualTimeTestCase: RACTestCase {
    private(set) var scheduler: TestScheduler!

    override func setUp() { super.setUp(); scheduler = TestScheduler() }
    override func tearDown() { scheduler.run(); scheduler = nil; super.tearDown() }
}
