import RACSwift
import RACSwiftTesting
import XCTest

/// The README's examples, run as written, so the README stays true.
final class ReadmeExamplesTests: TestingTestCase {
    func testSearchWaitsForTheUserToPause() {
        let scheduler = TestScheduler()
        let typing = scheduler.cold("-ab----c|")
        let queries = typing.throttle(2, on: scheduler)
        scheduler.expectMarbles(queries, "----b---(c|)")
    }

    func testPricesAreScaled() {
        let scheduler = TestScheduler()
        let prices = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
        scheduler.expectMarbles(prices.map { $0 * 100 }, "-x-y-|", values: ["x": 100, "y": 200])
    }

    func testHotInputAlignedUnderItsSubscriptionPoint() {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-a-^-b-c-|")
        scheduler.expectMarbles(input.map { $0.uppercased() },
                                "   --B-C-|")
    }

    func testQuickStart() {
        nonisolated(unsafe) var lines: [String] = []
        let numbers = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendNext(3)
            subscriber.sendCompleted()
            return Disposable { lines.append("released") }
        }
        numbers
            .map { $0 * 10 }
            .filter { $0 > 10 }
            .subscribe(next: { lines.append("next \($0)") }, completed: { lines.append("done") })
        XCTAssertEqual(lines, ["next 20", "next 30", "done", "released"])
    }

    func testQuickStartThreadsAndIsolation() {
        let model = MainActor.assumeIsolated { ReadmeSearchViewModel() }
        let results = Subject<String>()
        MainActor.assumeIsolated { model.bind(results) }
        results.sendNext("found")   // on the main thread: delivered at once
        MainActor.assumeIsolated {
            XCTAssertEqual(model.status, "found")
            model.subscription?.dispose()
        }
        results.sendCompleted()

        nonisolated(unsafe) var sum = 0
        Signal.from([1, 2, 3]).subscribeNext { sum += $0 }
        XCTAssertEqual(sum, 6)
    }
}

/// The README quick start's view model, as written there.
@MainActor final class ReadmeSearchViewModel {
    var status = ""
    var subscription: Disposable?

    func bind(_ results: Signal<String>) {
        subscription = results.onMainActor.subscribeNext { self.status = $0 }   // on the main actor
    }
}
