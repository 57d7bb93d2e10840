import XCTest
@testable import RACSwift

final class FromTests: RACTestCase {
    func testFromSendsTheElementsThenCompletes() {
        XCTAssertEqual(EventLog(Signal.from([1, 2, 3])).events, .valuesThenCompleted([1, 2, 3]))
    }

    func testFromAnEmptySequenceOnlyCompletes() {
        XCTAssertEqual(EventLog(Signal.from([Int]())).events, [.completed])
    }

    func testFromWithoutSchedulerSendsSynchronouslyAtSubscription() {
        nonisolated(unsafe) var received: [String] = []
        let disposable = Signal.from("abc").subscribeNext { received.append(String($0)) }
        XCTAssertEqual(received, ["a", "b", "c"])
        disposable.dispose()
    }

    func testFromAnEndlessSequenceWithTakeTerminates() {
        XCTAssertEqual(EventLog(Signal.from(1...).take(3)).events, .valuesThenCompleted([1, 2, 3]))
    }

    func testFromChecksDisposalBetweenElements() {
        var pulled = 0
        let counting = (1...).lazy.map { (value: Int) -> Int in pulled += 1; return value }
        nonisolated(unsafe) var received: [Int] = []
        nonisolated(unsafe) var subscriber: AnySubscriber<Int>?
        subscriber = AnySubscriber(next: { value in
            received.append(value)
            if value == 2 { subscriber?.disposable.dispose() }
        })
        Signal.from(counting).subscribe(subscriber!)
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(pulled, 2)
        subscriber = nil
    }

    func testFromAMillionElementsRunsInConstantStack() {
        nonisolated(unsafe) var sum = 0
        Signal.from(0..<1_000_000).subscribeNext { sum += $0 }
        XCTAssertEqual(sum, 999_999 * 1_000_000 / 2)
    }

    func testFromOnASchedulerSendsOneElementPerScheduledBlock() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var events: [Event<Int>] = []
        let disposable = Signal.from([1, 2, 3], on: scheduler).subscribe(
            next: { events.append(.next($0)) }, completed: { events.append(.completed) })
        XCTAssertEqual(events, [])
        scheduler.step()
        XCTAssertEqual(events, [.next(1)])
        scheduler.step()
        XCTAssertEqual(events, [.next(1), .next(2)])
        scheduler.run()
        XCTAssertEqual(events, .valuesThenCompleted([1, 2, 3]))
        disposable.dispose()
    }

    func testDisposingFromOnASchedulerStopsTheRemainingElements() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var received: [Int] = []
        let disposable = Signal.from(1..., on: scheduler).subscribeNext { received.append($0) }
        scheduler.step(3)
        disposable.dispose()
        scheduler.run()
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testFromOnASchedulerWithTakeStopsAnEndlessSequence() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal.from(1..., on: scheduler).take(2))
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(0, 1), .next(0, 2), .completed(0)])
    }

    func testFromIteratesAfreshForEachSubscription() {
        let signal = Signal.from([1, 2])
        XCTAssertEqual(EventLog(signal).events, .valuesThenCompleted([1, 2]))
        XCTAssertEqual(EventLog(signal).events, .valuesThenCompleted([1, 2]))
    }

    func testFromOnABackgroundThreadRunsOnTheSubscriptionScheduler() {
        let done = expectation(description: "completed")
        let received = Fixture.Log<Int>()
        let onMain = Fixture.Log<Bool>()
        DispatchQueue.global().async {
            Signal.from([1, 2, 3]).subscribe(
                next: { received.append($0); onMain.append(Thread.isMainThread) }, completed: { done.fulfill() })
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(received.all, [1, 2, 3])
        XCTAssertEqual(onMain.all, [false, false, false])
    }

    func testFromOnABackgroundSchedulerDeliversThere() {
        let done = expectation(description: "completed")
        let received = Fixture.Log<Int>()
        let scheduler = Scheduler.background(name: "from.test")
        let disposable = Signal.from(0..<100, on: scheduler).subscribe(
            next: { received.append($0) }, completed: { done.fulfill() })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(received.all, Array(0..<100))
        disposable.dispose()
    }
}
