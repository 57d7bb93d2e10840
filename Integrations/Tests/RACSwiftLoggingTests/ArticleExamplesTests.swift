import Logging
import RACSwift
import RACSwiftLogging
import RACSwiftTesting
import XCTest

/// The Swift examples of the RACSwiftLogging catalog, compiled and run.
final class ArticleExamplesTests: XCTestCase {
    func testTheOverviewsExampleForwardsTheEvents() {
        let baseline = LeakBaseline()
        let query = Signal.from(["rac"])
        let search: @Sendable (String) -> Signal<String> = { Signal.return("\($0) result") }

        // The overview's lines (its logger writes to standard error, below its .info level).
        let logger = Logger(label: "search")
        let results = query.flattenMap(search).setName("results")
            .logAll(to: logger, level: .debug)

        let values = Locked<[String]>([])
        results.subscribe(next: { values.append($0) })
        XCTAssertEqual(values.value, ["rac result"])
        XCTAssertEqual(results.name, "results")
        baseline.check()
    }
}
