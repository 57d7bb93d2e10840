import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RACSwift
import XCTest

/// A signal's events as seen from whichever thread sends them, read back by the test.
final class ThreadedEvents<Value>: @unchecked Sendable {
    enum Entry {
        case next(Value)
        case error(any Error)
        case completed
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var threads: [Bool] = []

    /// Every event so far, in order.
    var events: [Entry] { lock.withLock { entries } }
    var values: [Value] { events.compactMap { if case .next(let value) = $0 { value } else { nil } } }
    var error: (any Error)? { events.lazy.compactMap { if case .error(let error) = $0 { error } else { nil } }.first }
    var isCompleted: Bool { events.contains { if case .completed = $0 { true } else { false } } }
    var isTerminated: Bool { isCompleted || error != nil }
    /// Whether each event arrived on the main thread.
    var onMainThread: [Bool] { lock.withLock { threads } }

    private func append(_ entry: Entry) {
        lock.withLock {
            entries.append(entry)
            threads.append(Thread.isMainThread)
        }
    }

    /// Subscribes to `signal`, recording its events.
    func subscribe(to signal: Signal<Value>) -> Disposable {
        signal.subscribe(
            next: { self.append(.next($0)) },
            error: { self.append(.error($0)) },
            completed: { self.append(.completed) })
    }
}

/// Spins the main run loop until `condition` holds or `timeout` passes; returns whether it held.
@discardableResult
func waitUntil(timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        RunLoop.current.run(until: Date().addingTimeInterval(0.002))
    }
    return true
}

/// A fresh folder under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("RACSwiftTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A test case with the loopback HTTP server (`TestHTTPServer`) and an ephemeral
/// `URLSession`, fresh for each test.
class LoopbackServerTestCase: RACTestCase {
    private(set) var server: TestHTTPServer!
    private(set) var session: URLSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try TestHTTPServer.start()
        session = URLSession(configuration: .ephemeral)
    }

    override func tearDown() {
        // Not `invalidateAndCancel()`: it calls `cancel()` on every task from this thread, which
        // on Linux can race a task's completion and crash the process inside
        // swift-corelibs-foundation (`TaskRegistry`), the crash `signal(for:)` itself avoids.
        session.finishTasksAndInvalidate()
        server.stop()
        // XCTest keeps every test case alive to the end of the run: let go of the server.
        session = nil
        server = nil
        super.tearDown()
    }
}
