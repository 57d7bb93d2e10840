import DocExampleSupport
import Foundation
import RACSwift
import XCTest

/// The examples of GettingStarted.md, run as written (ArticleExamplesTests checks that the
/// article's blocks are these).
final class GettingStartedExamples: RACTestCase {
    func testColdSignals() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let numbers = Signal<Int>.create { subscriber in
            print("subscribed")
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }
        numbers.subscribeNext { print("first", $0) }
        numbers.subscribeNext { print("second", $0) }
        // subscribed, first 1, first 2, subscribed, second 1, second 2

        XCTAssertEqual(printed.lines, ["subscribed", "first 1", "first 2", "subscribed", "second 1", "second 2"])
    }

    func testHotSignals() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let subject = Subject<String>()
        subject.sendNext("lost")                 // nobody is subscribed yet
        let subscription = subject.subscribeNext { print("got", $0) }
        subject.sendNext("hello")
        subscription.dispose()
        subject.sendNext("after dispose")        // no longer delivered
        // got hello

        XCTAssertEqual(printed.lines, ["got hello"])
    }

    func testSubscribingAndDisposing() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let scheduler = TestScheduler()
        let ticks = Signal<Date>.interval(1, on: scheduler).scan(withStart: 0) { count, _ in count + 1 }
        let subscription = ticks.subscribeNext { print("tick", $0) }
        scheduler.advance(by: 3)
        subscription.dispose()
        scheduler.advance(by: 3)                 // nothing more: disposal cancelled the timer
        // tick 1, tick 2, tick 3

        XCTAssertEqual(printed.lines, ["tick 1", "tick 2", "tick 3"])
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    func testTheFirstPipeline() throws {
        let words = Signal.from(["swift", "rac", "signal", "rx"])
        let loud = try words
            .filter { $0.count > 2 }
            .map { $0.uppercased() }
            .toArray()
        // ["SWIFT", "RAC", "SIGNAL"]

        XCTAssertEqual(loud, ["SWIFT", "RAC", "SIGNAL"])
    }

    func testSearchPipeline() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let scheduler = TestScheduler()
        let typing = Subject<String>()

        let results = typing
            .throttle(0.3, on: scheduler)        // RAC's throttle: Rx's debounce
            .distinctUntilChanged()
            .map { search($0) }
            .switchToLatest()
        let subscription = results.subscribeNext { print($0) }
        typing.sendNext("r")
        typing.sendNext("ra")
        scheduler.advance(by: 1)
        typing.sendNext("rac")
        scheduler.advance(by: 1)
        // ["ra 1", "ra 2"], ["rac 1", "rac 2"]

        XCTAssertEqual(printed.lines, [#"["ra 1", "ra 2"]"#, #"["rac 1", "rac 2"]"#])
        subscription.dispose()
    }
}

// GettingStarted.md's stand-in for a network search, at file scope as in the article (a local
// function would have to be `@Sendable` to be called from an operator's closure).
func search(_ query: String) -> Signal<[String]> {
    Signal.return(["\(query) 1", "\(query) 2"])
}
