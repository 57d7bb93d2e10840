import DocExampleSupport
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

        // The example prints an empty description after events without a value: compare trimmed.
        let lines = printedByTracingExamples.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines.filter { $0.hasPrefix("plus one") || $0.hasPrefix("one") }, [
            "plus one subscribed", "one subscribed", "one next 1", "plus one next 2", "one disposed", "plus one disposed",
            "one completed", "plus one completed",
        ])
    }
}

/// What the examples' `print` wrote (the observer runs on the thread of each event).
private let printedByTracingExamples = PrintedLines()

// The example's observer prints; inside its method this member is found before Swift's `print`.
extension TraceObserver {
    fileprivate func print(_ items: Any...) { printedByTracingExamples.record(items) }
}
