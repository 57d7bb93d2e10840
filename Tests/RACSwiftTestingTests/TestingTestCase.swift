import XCTest
@_spi(Testing) import RACSwift
import RACSwiftTesting

/// Base class of this target's XCTest cases: every test must end with no library subscription
/// alive (the same rule as the main suite's `RACTestCase`), and a test can capture the
/// failures XCTest is told about instead of failing, to check what an assertion reported.
class TestingTestCase: XCTestCase {
    struct CapturedFailure {
        let message: String
        let file: String
        let line: Int
    }

    private var baseline = LeakBaseline()
    private var captured: [CapturedFailure]?

    override func setUp() { super.setUp(); baseline = LeakBaseline() }
    override func tearDown() { baseline.check(); super.tearDown() }

    /// Runs `body` and returns the failures it reported to XCTest, which do not fail the test.
    func captureFailures(_ body: () -> Void) -> [CapturedFailure] {
        captured = []
        body()
        defer { captured = nil }
        return captured ?? []
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard captured != nil else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        captured?.append(CapturedFailure(message: issue.compactDescription, file: location?.fileURL.path ?? "", line: location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard captured != nil else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured?.append(CapturedFailure(message: description, file: filePath, line: lineNumber))
    }
    #endif
}

/// A subscription that never ends and whose source keeps its subscriber: a deliberate leak
/// until `release()`.
final class DeliberateLeak: @unchecked Sendable {
    private var kept: (any Subscriber<Int>)?
    private var disposable: Disposable?

    /// Subscribes through `map`, so library sinks stay alive; synchronously, on any thread.
    func start() {
        let never = Signal<Int>.create { [self] subscriber in
            kept = subscriber
            return nil
        }
        TestScheduler().performAsCurrentScheduler {
            disposable = never.map { $0 + 1 }.subscribeNext { _ in }
        }
    }

    func release() {
        disposable?.dispose()
        kept = nil
        disposable = nil
    }
}
