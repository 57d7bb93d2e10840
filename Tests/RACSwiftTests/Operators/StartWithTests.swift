import XCTest
@testable import RACSwift

final class StartWithTests: RACTestCase {
    func testStartWithSendsTheValueBeforeTheSource() {
        let probe = SyncSource(values: [1, 2])
        XCTAssertEqual(EventLog(probe.signal.startWith(0)).events, .valuesThenCompleted([0, 1, 2]))
        XCTAssertEqual(probe.disposals, 1)
    }

    func testStartWithOnEmptySendsTheValueThenCompletes() {
        XCTAssertEqual(EventLog(Signal<Int>.empty.startWith(9)).events, .valuesThenCompleted([9]))
    }

    func testStartWithSendsTheValueBeforeTheSourceFails() {
        XCTAssertEqual(EventLog(Signal<Int>.error(TestError(code: 1)).startWith(9)).events,
                       [.next(9), .error(TestError(code: 1))])
    }

    func testStartWithSubscribesTheSourceAfterSendingTheValue() {
        nonisolated(unsafe) var log: [String] = []
        let source = Signal<Int>.create { subscriber in
            log.append("subscribed")
            subscriber.sendCompleted()
            return nil
        }
        source.startWith(1).subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        XCTAssertEqual(log, ["next 1", "subscribed", "completed"])
    }

    func testDisposingDuringTheStartValueSubscribesTheSourceAndDisposesItAtOnce() {
        // As RAC's `[[return: value] concat: self]`: the source is subscribed when the first
        // value's signal completes, whatever the subscriber did meanwhile.
        let probe = SyncSource(values: [1])
        nonisolated(unsafe) var received: [Int] = []
        // The subscriber's own disposable holds the subscription from `didSubscribe(with:)`,
        // so it can end it while `subscribe` is still running.
        nonisolated(unsafe) var subscriber: AnySubscriber<Int>?
        subscriber = AnySubscriber<Int>(next: { received.append($0); subscriber?.disposable.dispose() })
        probe.signal.startWith(0).subscribe(subscriber!)
        XCTAssertEqual(received, [0])
        XCTAssertEqual(probe.subscriptions, 1)
        XCTAssertEqual(probe.disposals, 1)
        subscriber = nil
    }

    func testDisposingStartWithDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.startWith(0) }, sending: [1], thenAfterDisposal: [2], receives: [0, 1])
    }

    func testStartWithSendsTheValueAgainOnEachSubscription() {
        let probe = SyncSource(values: [1])
        let started = probe.signal.startWith(0)
        XCTAssertEqual(EventLog(started).events, .valuesThenCompleted([0, 1]))
        XCTAssertEqual(EventLog(started).events, .valuesThenCompleted([0, 1]))
        XCTAssertEqual(probe.subscriptions, 2)
    }

    func testStartWithSendsAtSubscriptionTimeInVirtualTime() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal([.next(2, "b"), .completed(3)])
        let recorder = scheduler.record(source.startWith("a"))
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(0, "a"), .next(2, "b"), .completed(3)])
    }

    func testStartWithFromABackgroundThreadDeliversOnTheSubscriptionScheduler() {
        let done = expectation(description: "completed")
        let received = Fixture.Log<Int>()
        let isMain = Fixture.Log<Bool>()
        DispatchQueue.global().async {
            Signal.from([1, 2]).startWith(0).subscribe(
                next: { value in received.append(value); isMain.append(Thread.isMainThread) },
                completed: { done.fulfill() })
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(received.all, [0, 1, 2])
        XCTAssertEqual(isMain.all, [false, false, false])
    }
}
