import Foundation
import RACSwift
import XCTest

/// The examples of TracingAndDebugging.md, run as written (ArticleExamplesTests checks that the
/// article's blocks are these).
final class TracingExamples: RACTestCase {
    func testAnObserverOfOnesOwn() {
        printedByTracingExamples.reset()

        final class Printer: TraceObserver {
            func observe(_ event: TraceEvent) {
                if let subscription = event.subscription {
                    print(subscription.signalName, event.kind, event.value ?? "")
                }
            }
        }
        let tracing = Tracing.addObserver(Printer())
        Signal.from([1]).setName("one").map { $0 + 1 }.setName("plus one").subscribe()
        tracing.dispose()
        // plus one subscribed
        // one subscribed
        // one next 1
        // plus one next 2
        // one disposed
        // plus one disposed
        // one completed
        // plus one completed

        XCTAssertEqual(printedByTracingExamples.lines.filter { $0.hasPrefix("plus one") || $0.hasPrefix("one") }, [
            "plus one subscribed", "one subscribed", "one next 1", "plus one next 2", "one disposed", "plus one disposed",
            "one completed", "plus one completed",
        ])
    }
}

/// What the examples' `print` wrote (the observer runs on the thread of each event).
private final class TracingPrintedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    func reset() { lock.withLock { recorded = [] } }
    func record(_ items: [Any]) {
        let line = items.map { "\($0)" }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        lock.withLock { recorded.append(line) }
    }
    var lines: [String] { lock.withLock { recorded } }
}

private let printedByTracingExamples = TracingPrintedLines()

// The example's observer prints; inside its method this member is found before Swift's `print`.
extension TraceObserver {
    fileprivate func print(_ items: Any...) { printedByTracingExamples.record(items) }
}
