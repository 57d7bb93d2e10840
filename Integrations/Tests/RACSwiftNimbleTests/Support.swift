import Nimble
import Quick
import RACSwiftTesting
import XCTest

/// Every XCTest case here ends with no library subscription object alive (RACSwiftTesting's
/// leak baseline), as the main package's `RACTestCase` does.
class LeakCheckedTestCase: XCTestCase {
    private var baseline = LeakBaseline()

    override func setUp() { super.setUp(); baseline = LeakBaseline() }
    override func tearDown() { baseline.check(); super.tearDown() }
}

extension QuickSpec {
    /// Checks around each example of the enclosing group that it ends with no library
    /// subscription object alive (Quick's hooks for `LeakCheckedTestCase`).
    static func checkLeaksAroundEachExample() {
        let baseline = Locked(LeakBaseline())
        beforeEach { baseline.value = LeakBaseline() }
        afterEach { baseline.value.check() }
    }
}

enum TestError: Error, Equatable {
    case boom
    case other
}

/// The messages of the expectations `body` failed, recorded without failing the test.
func failureMessages(_ body: () -> Void) -> [String] {
    gatherFailingExpectations(silently: true, closure: body).map(\.message.stringValue)
}
