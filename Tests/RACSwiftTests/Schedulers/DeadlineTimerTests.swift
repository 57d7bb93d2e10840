import Dispatch
import Foundation
import XCTest
@testable import RACSwift
import RACSwiftTesting

/// The moving-deadline timer behind throttle, delay and buffer(withTime:) (issue 28): on a
/// queue scheduler one dispatch timer, re-armed lazily; on a `TestScheduler` one `after` block
/// per deadline, the replaced one cancelled.
final class DeadlineTimerTests: RACTestCase {
    func testQueueTimerFiresOnceWithTheLastTokenAfterTheLastDeadline() {
        let scheduler = Scheduler.background()
        let tokens = Fixture.Log<UInt64>()
        let firedAt = Fixture.Log<Date>()
        let fired = expectation(description: "fired")
        let timer = scheduler.makeDeadlineTimer { token in
            tokens.append(token)
            firedAt.append(Date())
            XCTAssertTrue(Scheduler.current === scheduler)
            fired.fulfill()
        }
        var last = Date()
        for token in 1...1_000 as ClosedRange<UInt64> {
            last = Date(timeIntervalSinceNow: 0.05)
            timer.set(last, token: token)
        }
        wait(for: [fired], timeout: 5)
        let settled = expectation(description: "settled")
        scheduler.after(Date(timeIntervalSinceNow: 0.1)) { settled.fulfill() }
        wait(for: [settled], timeout: 5)
        XCTAssertEqual(tokens.all, [1_000])
        XCTAssertGreaterThanOrEqual(firedAt.all[0].timeIntervalSince(last), -0.001)
        timer.dispose()
    }

    func testQueueTimerMovedEarlierFiresAtTheEarlierDeadline() {
        let scheduler = Scheduler.background()
        let tokens = Fixture.Log<UInt64>()
        let fired = expectation(description: "fired")
        let timer = scheduler.makeDeadlineTimer { token in
            tokens.append(token)
            fired.fulfill()
        }
        let start = Date()
        timer.set(Date(timeIntervalSinceNow: 30), token: 1)
        timer.set(Date(timeIntervalSinceNow: 0.02), token: 2)
        wait(for: [fired], timeout: 5)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(tokens.all, [2])
        timer.dispose()
    }

    func testQueueTimerClearedOrDisposedDoesNotFire() {
        let scheduler = Scheduler.background()
        let tokens = Fixture.Log<UInt64>()
        let cleared = scheduler.makeDeadlineTimer { tokens.append($0) }
        cleared.set(Date(timeIntervalSinceNow: 0.02), token: 1)
        cleared.clear()
        let disposed = scheduler.makeDeadlineTimer { tokens.append($0 + 100) }
        disposed.set(Date(timeIntervalSinceNow: 0.02), token: 2)
        disposed.dispose()
        disposed.set(Date(timeIntervalSinceNow: 0.02), token: 3)
        let settled = expectation(description: "settled")
        scheduler.after(Date(timeIntervalSinceNow: 0.1)) { settled.fulfill() }
        wait(for: [settled], timeout: 5)
        XCTAssertEqual(tokens.all, [])
        // Set again after a clear, it fires.
        let fired = expectation(description: "fired")
        let again = scheduler.makeDeadlineTimer { _ in fired.fulfill() }
        again.set(Date(timeIntervalSinceNow: 0.01), token: 4)
        again.clear()
        again.set(Date(timeIntervalSinceNow: 0.02), token: 5)
        wait(for: [fired], timeout: 5)
        again.dispose()
        cleared.dispose()
    }

    func testVirtualTimerQueuesOneBlockPerDeadlineAndCancelsTheReplacedOne() {
        let scheduler = TestScheduler()
        let tokens = Fixture.Log<UInt64>()
        let timer = scheduler.makeDeadlineTimer { tokens.append($0) }
        timer.set(TestScheduler.startDate.addingTimeInterval(2), token: 1)
        timer.set(TestScheduler.startDate.addingTimeInterval(3), token: 2)
        // The replaced block keeps its place until its turn, as any cancelled block does.
        XCTAssertEqual(scheduler.scheduledCount, 2)
        scheduler.advance(by: 2)
        XCTAssertEqual(tokens.all, [])
        scheduler.advance(by: 1)
        XCTAssertEqual(tokens.all, [2])
        timer.set(TestScheduler.startDate.addingTimeInterval(4), token: 3)
        timer.dispose()
        scheduler.run()
        XCTAssertEqual(tokens.all, [2])
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }
}
