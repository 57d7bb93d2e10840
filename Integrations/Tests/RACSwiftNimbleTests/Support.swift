import Nimble
import RACSwiftTesting
import XCTest

/// Every XCTest case here ends with no library subscription object alive (RACSwiftTesting's
/// leak baseline), as the main package's `RACTestCase` does.
class LeakCheckedTestCase: XCTestCase {
    private var baseline = LeakBaseline()

    override func setUp() { super.setUp(); baseline = LeakBaseline() }
    override func tearDown() { baseline.check(); super.tearDown() }
}

enum TestError: Error, Equatable {
    case boom
    case other
}

/// The messages of the expectations `body` failed, recorded without failing the test.
func failureMessages(_ body: () -> Void) -> [String] {
    gatherFailingExpectations(silently: true, closure: body).map(\.message.stringValue)
}
