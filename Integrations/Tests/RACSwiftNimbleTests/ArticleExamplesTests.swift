import Foundation
import Nimble
import RACSwift
import RACSwiftNimble
import XCTest

/// The Swift examples of the RACSwiftNimble catalog, compiled and run.
final class ArticleExamplesTests: LeakCheckedTestCase {
    // The overview's lines, the awaited one in a test of its own (an async test runs off the
    // main thread, where `Signal.from` sends after `subscribe` returns).
    func testTheOverviewsExamplesPass() {
        let failing = Signal.from([1]).concat(Signal.error(TestError.boom))
        let pipeline = Subject<Int>().map { $0 + 1 }

        expect(Signal.from([1, 2])).to(sendValues([1, 2], then: .completion))
        expect(failing).to(sendError(matching: TestError.boom))
        expect(Signal<Int>.never).to(sendNothing())
        expect { pipeline.subscribeNext { _ in }.dispose() }.to(endWithNoLiveSubscriptions())
    }

    func testTheOverviewsAwaitedExamplePasses() async {
        let results = Signal.from(["a", "b"]).deliver(on: .background())
        await expect(results).toEventually(sendValues(["a", "b"], then: .completion))
    }
}
