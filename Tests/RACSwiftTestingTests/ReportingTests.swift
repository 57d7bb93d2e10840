import XCTest
import RACSwift
import RACSwiftTesting

/// Failures reach XCTest with the caller's file and line (the Swift Testing path is in
/// SwiftTestingReportingTests).
final class XCTestReportingTests: TestingTestCase {
    func testExpectMarblesFailureIsReportedAtTheCallersLine() {
        let scheduler = TestScheduler()
        var line = 0
        let failures = captureFailures {
            scheduler.expectMarbles(scheduler.cold("-a|"), "-b|"); line = #line
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file, #filePath)
        let message = failures.first?.message ?? ""
        XCTAssertTrue(message.contains("""
            expected: -b|
              actual: -a|
                       ^ first difference at 1 s
            """), message)
    }

    func testExpectMarblesWithValuesReportsTheDifference() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-1-2|", values: ["1": 1, "2": 2])
        let failures = captureFailures {
            scheduler.expectMarbles(source.filter { $0 > 1 }, "-1-2|", values: ["1": 1, "2": 2])
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("expected events: [next(1) @ 1, next(2) @ 3, completed @ 4]") ?? false)
    }

    func testRecordedEventsFailureIsReportedAtTheCallersLine() {
        var line = 0
        let failures = captureFailures {
            expectMarbles([Recorded<String>.next(1, "a")], "--a"); line = #line
        }
        XCTAssertEqual(failures.map(\.line), [line])
    }

    func testPassingExpectationReportsNothing() {
        let scheduler = TestScheduler()
        let failures = captureFailures {
            scheduler.expectMarbles(scheduler.cold("-a|"), "-a|")
            expectMarbles([Recorded<String>.next(1, "a")], "-a")
        }
        XCTAssertEqual(failures.count, 0)
    }

    func testRecordTestFailureReportsToXCTest() {
        var line = 0
        let failures = captureFailures {
            recordTestFailure("custom helper failed"); line = #line
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.message.contains("custom helper failed") ?? false)
    }
}
