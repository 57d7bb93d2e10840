import XCTest
@_spi(Testing) import RACSwift

final class DeferTests: RACTestCase {
    func testMakeRunsOncePerSubscriptionAndNotBefore() {
        nonisolated(unsafe) var made = 0
        let signal = Signal<Int>.defer {
            made += 1
            return Signal.return(made)
        }
        XCTAssertEqual(made, 0)
        XCTAssertEqual(EventLog(signal).events, [.next(1), .completed])
        XCTAssertEqual(EventLog(signal).events, [.next(2), .completed])
        XCTAssertEqual(made, 2)
    }

    func testErrorOfTheMadeSignalIsForwarded() {
        XCTAssertEqual(EventLog(Signal<Int>.defer { .error(TestError(code: 2)) }).events, [.error(TestError(code: 2))])
    }

    func testDisposalReachesTheMadeSignal() {
        assertDisposalDisposesTheSource({ (signal: Signal<Int>) in Signal.defer { signal } }, sending: [1],
                                        thenAfterDisposal: { $0.send(2) }, receives: [.next(1)])
    }

    func testMakeRunsWithASchedulerCurrentWhenSubscribedOffTheMainThread() {
        let done = expectation(description: "completed")
        let hadScheduler = UncheckedBox<Bool?>(nil)
        let signal = Signal<Int>.defer {
            hadScheduler.value = Scheduler.current != nil
            return .return(1)
        }
        DispatchQueue.global().async { signal.subscribe(completed: { done.fulfill() }) }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(hadScheduler.value, true)
    }
}
