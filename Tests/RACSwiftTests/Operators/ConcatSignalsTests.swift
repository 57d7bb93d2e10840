import XCTest
@testable import RACSwift

final class ConcatSignalsTests: RACTestCase {
    // RACStreamExamples "+concat:".
    func testConcatOfAnArraySendsEverySignalInOrder() {
        let signals: [Signal<Int>] = [
            .return(0), .empty, SyncSource(values: [1, 2, 3]).signal, .return(4), .return(5), .empty, .empty,
            SyncSource(values: [6, 7]).signal,
        ]
        XCTAssertEqual(EventLog(Signal.concat(signals)).events, .valuesThenCompleted([0, 1, 2, 3, 4, 5, 6, 7]))
    }

    func testConcatOfArguments() {
        let concatenated = Signal.concat(Signal.return(1), SyncSource(values: [2, 3]).signal, Signal.return(4))
        XCTAssertEqual(EventLog(concatenated).events, .valuesThenCompleted([1, 2, 3, 4]))
    }

    func testConcatOfOneSignal() {
        XCTAssertEqual(EventLog(Signal.concat([Signal.return(1)])).events, .valuesThenCompleted([1]))
        XCTAssertEqual(EventLog(Signal.concat(Signal.return(1))).events, .valuesThenCompleted([1]))
    }

    func testConcatOfNoSignalsCompletesAtOnce() {
        XCTAssertEqual(EventLog(Signal.concat([Signal<Int>]())).events, [.completed])
    }

    func testConcatSubscribesEachSignalOnlyAfterThePreviousCompletes() {
        let first = StreamManualSource<Int>()
        let second = SyncSource(values: [2])
        nonisolated(unsafe) var events: [Event<Int>] = []
        Signal.concat([first.signal, second.signal]).subscribe(
            next: { events.append(.next($0)) }, completed: { events.append(.completed) })
        first.send(1)
        XCTAssertEqual(second.subscriptions, 0)
        first.complete()
        XCTAssertEqual(second.subscriptions, 1)
        XCTAssertEqual(first.disposals, 1)
        XCTAssertEqual(events, .valuesThenCompleted([1, 2]))
        first.release()
    }

    func testConcatStopsAtAnErrorWithoutSubscribingLaterSignals() {
        let later = SyncSource(values: [9])
        let failing = SyncSource(values: [1], then: .error(TestError(code: 1)))
        let concatenated = Signal.concat([failing.signal, later.signal])
        XCTAssertEqual(EventLog(concatenated).events, [.next(1), .error(TestError(code: 1))])
        XCTAssertEqual(later.subscriptions, 0)
        XCTAssertEqual(failing.disposals, 1)
    }

    func testDisposingConcatDisposesTheCurrentSignalAndSubscribesNoMore() {
        let first = StreamManualSource<Int>()
        let later = SyncSource(values: [9])
        nonisolated(unsafe) var received: [Int] = []
        let disposable = Signal.concat([first.signal, later.signal]).subscribeNext { received.append($0) }
        first.send(1)
        disposable.dispose()
        XCTAssertEqual(first.disposals, 1)
        first.send(2)
        first.complete()
        XCTAssertEqual(received, [1])
        XCTAssertEqual(later.subscriptions, 0)
        first.release()
    }

    func testConcatStartsFromTheFirstSignalOnEachSubscription() {
        assertEachSubscriptionStartsAfresh({ Signal.concat($0, $1) }, a: [1], b: [2], receives: [1, 2])
    }

    func testConcatOfAsynchronousSignalsInVirtualTime() {
        let scheduler = TestScheduler()
        let a = scheduler.cold("-a|")
        let b = scheduler.cold("-b-|")
        scheduler.expectMarbles(Signal.concat(a, b, a), "-a-b--a|")
    }

    func testConcatMixesSynchronousAndAsynchronousCompletions() {
        let scheduler = TestScheduler()
        let values: [Character: Int] = ["0": 0, "1": 1, "2": 2, "3": 3]
        let later = scheduler.cold("-(2|)", values: values)
        scheduler.expectMarbles(Signal.concat(.return(0), .return(1), later, .return(3), later, .empty),
                                "(01)(23)(2|)", values: values)
    }

    func testConcatOfSignalsCompletingOnOtherThreadsKeepsOrder() {
        let queue = DispatchQueue(label: "concat.test", attributes: .concurrent)
        let signals = (0..<50).map { i in
            Signal<Int>.create { subscriber in
                queue.async {
                    subscriber.sendNext(i)
                    subscriber.sendCompleted()
                }
                return nil
            }
        }
        let done = expectation(description: "completed")
        let received = Fixture.Log<Int>()
        let disposable = Signal.concat(signals).subscribe(next: { received.append($0) }, completed: { done.fulfill() })
        wait(for: [done], timeout: 10)
        XCTAssertEqual(received.all, Array(0..<50))
        disposable.dispose()
    }

    // RAC's nested -concat: chain recurses once per signal; this must run in constant stack.
    func testConcatOfAMillionSynchronousSignalsRunsInConstantStack() {
        let count = 1_000_000
        let signals = [Signal<Int>](repeating: .return(1), count: count)
        nonisolated(unsafe) var sum = 0
        nonisolated(unsafe) var completed = false
        Signal.concat(signals).subscribe(next: { sum += $0 }, completed: { completed = true })
        XCTAssertEqual(sum, count)
        XCTAssertTrue(completed)
    }
}
