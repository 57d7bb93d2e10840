import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// The README's own Swift examples (the quick start's is in `GettingStartedExamples.swift`),
/// as written there: `ArticleExamplesTests` finds each block's lines here.
final class ReadmeExamples: TestingTestCase {
    func testQuickStartThreadsAndIsolation() {
        let received = Locked<[Int]>([])                   // RACSwiftTesting: written on another thread
        let subscription = Signal.from([1, 2, 3])
            .subscribe(on: Scheduler.background())
            .subscribeNext { received.append($0) }
        // received.value == [1, 2, 3] once the background scheduler has run

        @MainActor final class SearchViewModel {
            var status = ""
            var subscription: Disposable?

            func bind(_ results: Signal<String>) {
                subscription = results.onMainActor.subscribeNext { self.status = $0 }   // on the main actor
            }
        }

        let deadline = Date().addingTimeInterval(10)
        while received.value.count < 3, Date() < deadline { usleep(1_000) }
        XCTAssertEqual(received.value, [1, 2, 3])
        subscription.dispose()

        nonisolated(unsafe) var sum = 0                       // single-threaded: synchronous on this thread
        Signal.from([1, 2, 3]).subscribeNext { sum += $0 }    // sum == 6
        XCTAssertEqual(sum, 6)

        let model = MainActor.assumeIsolated { SearchViewModel() }
        let results = Subject<String>()
        MainActor.assumeIsolated { model.bind(results) }
        results.sendNext("found")   // on the main thread: delivered at once
        MainActor.assumeIsolated {
            XCTAssertEqual(model.status, "found")
            model.subscription?.dispose()
        }
        results.sendCompleted()
    }
}
