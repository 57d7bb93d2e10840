import XCTest
@_spi(Testing) import RACSwift

final class InitiallyTests: RACTestCase {
    func testInitiallyRunsOnEachSubscriptionBeforeTheSourceIsSubscribed() {
        nonisolated(unsafe) var trace: [String] = []
        let signal = Signal<Int>.create { s in
            trace.append("subscribed")
            s.sendNext(1)
            s.sendCompleted()
            return nil
        }.initially { trace.append("initially") }
        XCTAssertEqual(trace, [])
        let log = EventLog(signal)
        XCTAssertEqual(trace, ["initially", "subscribed"])
        XCTAssertEqual(log.events, [.next(1), .completed])
        _ = EventLog(signal)
        XCTAssertEqual(trace, ["initially", "subscribed", "initially", "subscribed"])
    }

    func testInitiallyRunsThroughTheSubscriptionSchedulerOffTheMainThread() {
        let ran = expectation(description: "initially ran")
        let thread = UncheckedBox<Bool?>(nil)
        let done = expectation(description: "completed")
        let signal = Signal.return(1).initially {
            thread.value = Scheduler.current != nil
            ran.fulfill()
        }
        DispatchQueue.global().async {
            signal.subscribe(completed: { done.fulfill() })
        }
        wait(for: [ran, done], timeout: 5)
        // Run off-main with no current scheduler, RAC's subscription scheduler moves the block
        // onto a scheduler of its own.
        XCTAssertEqual(thread.value, true)
    }
}

final class UncheckedBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
