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

    /// Runs this test binary again for `function` alone, with the child key set, and checks
    /// that the child failed with `message` on standard error. Spawns and
    /// reaps the child directly (posix_spawn, waitpid) and sends its standard error to a file:
    /// Foundation's `Process` can miss a child's exit under the sanitizers.
    private func expectChildStops(_ function: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        #if os(Linux)
        let name = testName(function)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("racswift-misuse-\(getpid())-\(name).txt").path
        defer { try? FileManager.default.removeItem(atPath: errorPath) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)

        var environment = ProcessInfo.processInfo.environment
        environment[Self.childKey] = name
        let arguments = [executable, "RACSwiftTests.MainThreadMisuseTests/\(name)"]
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, &envp)
        XCTAssertEqual(spawned, 0, "posix_spawn failed", file: file, line: line)
        guard spawned == 0 else { return }

        // Bounded wait: a child that does not stop within 60 s is killed and the test fails.
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(60)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                XCTFail("the child process did not stop within 60 s", file: file, line: line)
                return
            }
            usleep(10_000)
        }
        // Stopped by the trap of a failed precondition (a signal; under AddressSanitizer,
        // whose handler reports the signal, exit status 1) — a failure, as an exit test's
        // `.failure` means.
        let signal = status & 0x7f
        let exitStatus = (status >> 8) & 0xff
        let failed = (signal != 0 && signal != 0x7f) || (signal == 0 && exitStatus != 0)
        XCTAssertTrue(failed, "the child process did not fail (wait status \(status))", file: file, line: line)
        let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        XCTAssertTrue(text.contains(message), "standard error: \(text)", file: file, line: line)
        #else
        throw XCTSkip("re-running the test binary in a child process is set up for Linux only (XCTest on macOS runs tests inside the xctest tool)")
        #endif
    }
}
