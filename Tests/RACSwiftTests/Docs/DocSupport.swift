import Foundation

/// What an example printed: the examples call `print` as a reader's code would, and each test
/// declares a local `print` that records here instead, then checks the lines.
final class PrintedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var lines: [String] { lock.withLock { storage } }

    func record(_ items: [Any]) {
        let line = items.map { "\($0)" }.joined(separator: " ")
        lock.withLock { storage.append(line) }
    }
}
