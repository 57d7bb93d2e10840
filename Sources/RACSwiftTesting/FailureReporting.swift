import Foundation
import Testing
import XCTest

/// Reports a test failure to whichever framework is running the current test: Swift Testing
/// (an `Issue` at the given source location) when called inside a `@Test`, else XCTest
/// (`XCTFail` at `file` and `line`).
///
/// RACSwiftTesting's assertions all report through this function; use it in your own helpers
/// so their failures also point at the caller's line under either framework.
public func recordTestFailure(
    _ message: String, fileID: String = #fileID, file: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(fileID: fileID, filePath: "\(file)", line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: file, line: line)
    }
}
