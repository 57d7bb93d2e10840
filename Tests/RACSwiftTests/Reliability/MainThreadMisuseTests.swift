import Foundation
import RACSwift
import XCTest

/// Preconditions reachable only on the main thread, where Swift Testing's exit tests cannot
/// run their body: each test runs itself again in a child process of the test binary (XCTest
/// runs tests on the main thread), where the misuse stops the process, and checks the exit and
/// the message on standard error.
final class MainThreadMisuseTests: RACTestCase {
    private static let childKey = "RACSWIFT_MISUSE_CHILD"

    func testAsynchronousFirstRejectsNegativeTimeout() throws {
        if isChild(#function) { _ = try? Signal<Int>.never.asynchronousFirst(timeout: -1); return }
        try expectChildStops(#function, "Signal.asynchronousFirst(timeout:): timeout must not be negative, got -1.0")
    }

    func testAsynchronousFirstOrDefaultRejectsNegativeTimeout() throws {
        if isChild(#function) { _ = try? Signal<Int>.never.asynchronousFirst(orDefault: 0, timeout: -2); return }
        try expectChildStops(#function, "Signal.asynchronousFirst(orDefault:timeout:): timeout must not be negative, got -2.0")
    }

    func testAsynchronouslyWaitUntilCompletedRejectsNegativeTimeout() throws {
        if isChild(#function) { try? Signal<Int>.never.asynchronouslyWaitUntilCompleted(timeout: -3); return }
        try expectChildStops(
            #function, "Signal.asynchronouslyWaitUntilCompleted(timeout:): timeout must not be negative, got -3.0")
    }

    private func isChild(_ function: String) -> Bool {
        ProcessInfo.processInfo.environment[Self.childKey] == testName(function)
    }

    private func testName(_ function: String) -> String {
        function.hasSuffix("()") ? String(function.dropLast(2)) : function
    }

    private func expectChildStops(_ function: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        #if os(Linux)
        let name = testName(function)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["RACSwiftTests.MainThreadMisuseTests/\(name)"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childKey] = name
        process.environment = environment
        let standardError = Pipe()
        process.standardError = standardError
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the child process was not stopped", file: file, line: line)
        let text = String(decoding: output, as: UTF8.self)
        XCTAssertTrue(text.contains(message), "standard error: \(text)", file: file, line: line)
        #else
        throw XCTSkip("re-running the test binary in a child process is set up for Linux only (XCTest on macOS runs tests inside the xctest tool)")
        #endif
    }
}
