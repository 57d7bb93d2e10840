import Foundation

/// What an example printed: the examples call `print` as a reader's code would, and each test
/// declares a local `print` that records here instead, then checks the lines. Shared by the
/// doc examples of RACSwiftTests and RACSwiftTestingTests.
public final class PrintedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    public init() {}

    /// The lines recorded so far.
    public var lines: [String] { lock.withLock { storage } }

    /// Forgets the lines recorded so far (a recorder shared by several tests).
    public func reset() { lock.withLock { storage = [] } }

    /// Records one line: `items` as `print` writes them, separated by spaces.
    public func record(_ items: [Any]) {
        let line = items.map { "\($0)" }.joined(separator: " ")
        lock.withLock { storage.append(line) }
    }
}
