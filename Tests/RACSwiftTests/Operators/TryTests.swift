import XCTest
@_spi(Testing) import RACSwift

final class TryTests: RACTestCase {
    func testTryForwardsValuesThatDoNotThrow() {
        let log = EventLog(SyncSource<Int>([.next(1), .next(2), .completed]).signal.try { _ in })
        XCTAssertEqual(log.events, [.next(1), .next(2), .completed])
    }

    func testThrowBecomesAnErrorAndStopsTheSource() {
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.try { if $0 == 2 { throw TestError(code: $0) } })
        source.send(1)
        source.send(2)
        XCTAssertEqual(source.disposals, 1)
        source.send(3)
        XCTAssertEqual(log.events, [.next(1), .error(TestError(code: 2))])
    }

    func testThrowStopsASynchronousSource() {
        nonisolated(unsafe) var checked: [Int] = []
        let log = EventLog(SyncSource<Int>([.next(1), .next(2), .next(3), .completed]).signal.try {
            checked.append($0)
            if $0 == 2 { throw TestError() }
        })
        XCTAssertEqual(checked, [1, 2])
        XCTAssertEqual(log.events, [.next(1), .error(TestError())])
    }

    func testTryForwardsTheSourcesError() {
        XCTAssertEqual(EventLog(Signal<Int>.error(TestError(code: 4)).try { _ in }).events, [.error(TestError(code: 4))])
    }

    func testTryMapSendsTransformedValuesOrTheThrownError() {
        let log = EventLog(SyncSource<Int>([.next(1), .next(0), .next(2)]).signal.tryMap { value -> String in
            if value == 0 { throw TestError(code: 9) }
            return "v\(value)"
        })
        XCTAssertEqual(log.events, [.next("v1"), .error(TestError(code: 9))])
    }

    func testTryMapDisposalStopsTheSource() {
        assertDisposalDisposesTheSource({ (signal: Signal<Int>) in signal.tryMap { $0 * 2 } }, sending: [1],
                                        thenAfterDisposal: { $0.send(2) }, receives: [.next(2)])
    }

    func testStaticTryRunsBodyPerSubscriptionAndSendsItsResult() {
        nonisolated(unsafe) var runs = 0
        let signal = Signal<Int>.try {
            runs += 1
            return runs * 10
        }
        XCTAssertEqual(runs, 0)
        XCTAssertEqual(EventLog(signal).events, [.next(10), .completed])
        XCTAssertEqual(EventLog(signal).events, [.next(20), .completed])
    }

    func testStaticTrySendsTheThrownError() {
        let signal = Signal<Int>.try { throw TestError(code: 5) }
        XCTAssertEqual(EventLog(signal).events, [.error(TestError(code: 5))])
    }

    func testStaticTryRunsOnTheSubscriptionSchedulerOffTheMainThread() {
        let done = expectation(description: "completed")
        let hadScheduler = UncheckedBox<Bool?>(nil)
        let signal = Signal<Int>.try {
            hadScheduler.value = Scheduler.current != nil
            return 1
        }
        DispatchQueue.global().async { signal.subscribe(completed: { done.fulfill() }) }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(hadScheduler.value, true)
    }
}
