import DocExampleSupport
import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// The examples of RACSwiftTesting's articles (TestingInVirtualTime.md, MarbleDiagrams.md,
/// CheckingForLeaks.md) and of the README, run as written; RACSwiftTests' ArticleExamplesTests
/// checks that the documents' blocks are these.
final class SearchTests: XCTestCase {
    func testSearchWaitsForTheUserToPause() {
        let scheduler = TestScheduler()
        let typing = scheduler.cold("-ab----c|")          // a at 1 s, b at 2 s, c at 7 s, done at 8 s
        let queries = typing.throttle(2, on: scheduler)   // RAC throttle: Rx's debounce
        scheduler.expectMarbles(queries, "----b---(c|)")  // b once typing pauses; c flushed on completion
    }

    func testPricesAreScaled() {
        let scheduler = TestScheduler()
        let prices = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
        scheduler.expectMarbles(prices.map { $0 * 100 }, "-x-y-|", values: ["x": 100, "y": 200])
    }
}

final class TestingExamples: TestingTestCase {
    func testHotInputAlignedUnderItsSubscriptionPoint() {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-a-^-b-c-|")
        scheduler.expectMarbles(input.map { $0.uppercased() },
                                "   --B-C-|")
    }

    func testTheFailureOutputShown() {
        let scheduler = TestScheduler()

        let comparison = scheduler.compareMarbles(scheduler.cold("-a-b-c|"), "-a-(bc)-|")
        print(comparison.failureMessage!)

        XCTAssertEqual(comparison.failureMessage, """
            events differ from the marble diagram
            expected: -a-(bc)-|
              actual: -a-b   -c|
                         ^ first difference at 3 s
            expected events: [next(a) @ 1, next(b) @ 3, next(c) @ 3, completed @ 5]
              actual events: [next(a) @ 1, next(b) @ 3, next(c) @ 5, completed @ 6]
            """)
        XCTAssertFalse(comparison.matches)
    }

    func testBadDiagramMessage() {
        XCTAssertThrowsError(try MarbleDiagram<String>(parsing: "-a#b")) { error in
            XCTAssertEqual("\(error)", """
                bad marble diagram: value 'b' after the terminal event at column 3 (column 4)
                    -a#b
                       ^
                """)
        }
    }

    func testTimeoutInVirtualTime() {
        let scheduler = TestScheduler()
        let slow = scheduler.cold("-----a|")                        // answers after 5 s
        let limited = slow.timeout(3, on: scheduler)
        let recorder = scheduler.record(limited)                      // subscribes now
        scheduler.advance(by: 10)
        XCTAssertEqual(recorder.events.count, 1)
        XCTAssertTrue(recorder.events[0].event.error as? SignalError == .timedOut)
        XCTAssertEqual(recorder.events[0].time, 3)
    }

    func testRecording() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let scheduler = TestScheduler()
        let signal = scheduler.cold("-a-|")

        let recorder = scheduler.record(signal)          // subscribes now
        scheduler.advance(by: 3)                         // or run()
        XCTAssertEqual(recorder.events, [.next(1, "a"), .completed(3)])   // times: seconds since start
        recorder.disposable.dispose()                    // if it has not finished
        expectMarbles(recorder.events, "-a-|")           // the same check, as a diagram
        print(recorder.events.marbleDiagram())           // "-a-|"

        XCTAssertEqual(printed.lines, ["-a-|"])
    }

    func testAssertNoLeaks() {
        assertNoLeaks {
            let subject = Subject<Int>()
            let subscription = subject.map { $0 * 2 }.subscribeNext { _ in }
            subject.sendNext(1)
            subscription.dispose()
        }
    }

    func testLeakedSubscriptions() {
        let subject = Subject<Int>()
        let leaked = leakedSubscriptions {
            _ = subject.subscribeNext { _ in }          // never disposed, subject never completes
        }
        XCTAssertGreaterThan(leaked, 0)                 // the objects of one subscription
        subject.sendCompleted()                         // completion releases it
    }

    func testQuickStart() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let numbers = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendNext(3)
            subscriber.sendCompleted()
            return Disposable { print("released") }
        }

        numbers
            .map { $0 * 10 }
            .filter { $0 > 10 }
            .subscribe(next: { print("next", $0) }, completed: { print("done") })
        // next 20, next 30, done, released

        XCTAssertEqual(printed.lines, ["next 20", "next 30", "done", "released"])
    }
}
