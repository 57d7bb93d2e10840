import Foundation
import RACSwift
import XCTest
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The built `racswift-demo`, run as a user would: scripted with its input not a terminal,
/// and interactive under a pseudo-terminal, typing keys into it.
final class DemoTests: RACTestCase {
    /// The demo binary, built beside the test bundle by `swift build` / `swift test`.
    private func demo() throws -> URL {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let binary = directory.appendingPathComponent("racswift-demo")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            XCTFail("no racswift-demo beside the tests in \(directory.path): build the package first (swift build --build-tests)")
            throw CocoaError(.fileNoSuchFile)
        }
        return binary
    }

    // Short times keep the runs quick; no failures make the output predictable.
    private let quick = ["--failure-rate", "0", "--latency", "0.05", "--throttle", "0.1", "--typing-interval", "0.01"]

    func testScriptedRunShowsRequestsResultsAndFinishes() throws {
        let process = Process()
        process.executableURL = try demo()
        // '~': the simulated user types "Replace" only once the results for 'map' are shown,
        // so 'map' is searched and answered however late a loaded machine runs the timers
        // (a timed pause let 'map' be merged into the next query, or its request be cancelled).
        process.arguments = quick + ["--text", "map~Replace"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let log = ThreadedEvents<Data>()
        let reading = log.subscribe(to: output.fileHandleForReading.readInBackground())
        try process.run()
        process.waitUntilExit()
        XCTAssertTrue(waitUntil { log.isTerminated })
        reading.dispose()
        let text = String(decoding: log.values.reduce(Data(), +), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        for expected in [
            "request  GET /search?q=map", "server   'map' (ask #1)", "response 200 for 'map'",
            "request  GET /search?q=mapReplace", "results  'mapReplace': 1: mapReplace(_:)", "done",
            // 'map' settles by the pause; the script ends while 'mapReplace' waits in the throttle,
            // which sends it at once.
            "settled  'map' (no key for 0.1 s)", "settled  'mapReplace' (at end of input)",
        ] {
            XCTAssertTrue(text.contains(expected), "missing '\(expected)' in:\n\(text)")
        }
    }

    func testHelpListsTheOptions() throws {
        let process = Process()
        process.executableURL = try demo()
        process.arguments = ["--help"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        for option in ["--script", "--text", "--failure-rate", "--seed", "--throttle", "--latency", "--typing-interval", "--help"] {
            XCTAssertTrue(text.contains(option), "--help does not list \(option)")
        }
    }

    /// The demo under a pseudo-terminal: its screen, the keys it reads, and its terminal.
    private final class PseudoTerminal {
        let process = Process()
        let output = ThreadedEvents<Data>()
        private var master: Int32 = -1
        private var terminal: Int32 = -1
        private var reading: Disposable?

        init(demo: URL, arguments: [String]) throws {
            var size = winsize(ws_row: 40, ws_col: 160, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &terminal, nil, nil, &size) == 0 else { throw POSIXError(.ENOTTY) }
            let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
            process.executableURL = demo
            process.arguments = arguments
            process.standardInput = handle
            process.standardOutput = handle
            process.standardError = handle
            reading = output.subscribe(to: FileHandle(fileDescriptor: master, closeOnDealloc: false).readInBackground())
            try process.run()
        }

        var screen: String { String(decoding: output.values.reduce(Data(), +), as: UTF8.self) }

        func type(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
        }

        /// Whether the terminal is back in line mode with echo, as before the demo ran.
        var isInLineMode: Bool {
            // On the heap: the C library writes sizeof(struct termios), more than Swift's size.
            let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
            defer { settings.deallocate() }
            settings.initialize(to: termios())
            guard tcgetattr(terminal, settings) == 0 else { return false }
            let flags = tcflag_t(ICANON | ECHO | ISIG)
            return settings.pointee.c_lflag & flags == flags
        }

        func close() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            reading?.dispose()
            closeDescriptor(master)
            closeDescriptor(terminal)
        }
    }

    func testInteractiveModeSearchesAsYouTypeAndRestoresTheTerminalOnCtrlC() throws {
        let pty = try PseudoTerminal(demo: try demo(), arguments: quick)
        defer { pty.close() }
        XCTAssertTrue(waitUntil { pty.screen.contains("search: _") }, "no first screen:\n\(pty.screen)")
        XCTAssertFalse(pty.isInLineMode, "the demo reads keys in raw mode")
        pty.type("thr")
        // Each line is waited for: the screen is redrawn in pieces, and a line may still be on
        // its way when another is already there (issue 39, item 7: "search: thr_" was asserted
        // at once after the results line, and failed when CI's machine was busy).
        XCTAssertTrue(waitUntil { pty.screen.contains("'thr': 7 results") }, "no results for 'thr':\n\(pty.screen)")
        XCTAssertTrue(waitUntil { pty.screen.contains("search: thr_") }, "no search: thr_ on the screen:\n\(pty.screen)")
        XCTAssertTrue(waitUntil { pty.screen.contains("throttle(_:on:)") }, "no throttle(_:on:) on the screen:\n\(pty.screen)")
        XCTAssertTrue(waitUntil { pty.screen.contains("request  GET /search?q=thr") }, "no request  GET /search?q=thr on the screen:\n\(pty.screen)")
        pty.type("\u{7F}\u{7F}\u{7F}swi")  // three backspaces, then a new query
        XCTAssertTrue(waitUntil { pty.screen.contains("'swi': ") }, "no results for 'swi':\n\(pty.screen)")
        XCTAssertTrue(waitUntil { pty.screen.contains("switchToLatest()") }, "no switchToLatest() on the screen:\n\(pty.screen)")
        pty.type("\u{03}")  // Ctrl-C, read as a key in raw mode
        XCTAssertTrue(waitUntil { !pty.process.isRunning }, "Ctrl-C did not stop the demo")
        XCTAssertEqual(pty.process.terminationStatus, 0)
        XCTAssertTrue(waitUntil { pty.screen.contains("racswift-demo: bye") }, pty.screen)
        XCTAssertTrue(pty.isInLineMode, "the terminal's settings are restored on exit")
    }

    func testInteractiveModeRestoresTheTerminalOnAnInterruptSignal() throws {
        let pty = try PseudoTerminal(demo: try demo(), arguments: quick)
        defer { pty.close() }
        XCTAssertTrue(waitUntil { pty.screen.contains("search: _") }, "no first screen:\n\(pty.screen)")
        XCTAssertFalse(pty.isInLineMode)
        pty.process.interrupt()  // SIGINT from outside, as `kill -INT` would send
        XCTAssertTrue(waitUntil { !pty.process.isRunning })
        XCTAssertEqual(pty.process.terminationStatus, 128 + SIGINT)
        XCTAssertTrue(pty.isInLineMode, "the terminal's settings are restored on SIGINT")
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
