import RACSwift
import RACSwiftTesting
import RACSwiftTracing
import Tracing
import XCTest

/// The Swift examples of the RACSwiftTracing catalog, compiled and run (against the
/// bootstrapped tracer, here swift-distributed-tracing's no-op one).
final class ArticleExamplesTests: XCTestCase {
    func testTheOverviewsExampleRuns() {
        let baseline = LeakBaseline()
        let results = Signal.from(["a"])
        let sent = Locked<[String]>([])
        let send: @Sendable (String) -> Void = { sent.append($0) }

        let installed = Tracing.addObserver(SpanTraceObserver(includes: { $0.signalName.hasPrefix("search") }))

        let subscription = withSpan("GET /search") { _ in
            // Subscriptions made here are children of the request's span, however long they last.
            results.setName("search results").subscribeNext { send($0) }
        }

        subscription.dispose()
        installed.dispose()
        XCTAssertEqual(sent.value, ["a"])
        baseline.check()
    }
}
