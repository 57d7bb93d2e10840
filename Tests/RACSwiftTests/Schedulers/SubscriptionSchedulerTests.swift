import Foundation
import RACSwift
import XCTest

/// Contract §2.3: subscription runs on `Scheduler.subscription` — inline when a scheduler is
/// current (the main thread counts), otherwise asynchronously on a background scheduler.
final class SubscriptionSchedulerTests: RACTestCase {
    func testOnTheMainThreadScheduleRunsInlineWithoutBecomingCurrent() {
        nonisolated(unsafe) var ran = false
        nonisolated(unsafe) var inside: Scheduler?
        let disposable = Scheduler.subscription.schedule {
            ran = true
            inside = Scheduler.current
        }
        XCTAssertTrue(ran)
        XCTAssertNil(disposable)
        XCTAssertTrue(inside === Scheduler.main)
    }

    func testInsideAnotherSchedulersBlockItRunsInlineOnThatScheduler() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var inside: Scheduler?
        nonisolated(unsafe) var ranInline = false
        scheduler.schedule {
            nonisolated(unsafe) var ran = false
            Scheduler.subscription.schedule {
                ran = true
                inside = Scheduler.current
            }
            ranInline = ran
        }
        scheduler.run()
        XCTAssertTrue(ranInline)
        XCTAssertTrue(inside === scheduler)
    }

    func testOffTheMainThreadScheduleRunsAsynchronouslyOnABackgroundScheduler() {
        let done = expectation(description: "scheduled block")
        let log = Fixture.Log<String>()
        DispatchQueue.global().async {
            // Hold a lock the block must take: if it ran inline on this thread it would get the
            // recursive lock at once and log before "returned".
            let gate = NSRecursiveLock()
            gate.lock()
            Scheduler.subscription.schedule {
                gate.lock()
                log.append(Scheduler.current == nil ? "no current" : "current")
                log.append(Thread.isMainThread ? "main" : "background")
                gate.unlock()
                done.fulfill()
            }
            log.append("returned")
            gate.unlock()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["returned", "current", "background"])
    }

    func testSubscribingOnTheMainThreadRunsTheCreateBlockSynchronously() {
        let log = Fixture.Log<String>()
        let signal = Signal<Int>.create { subscriber in
            log.append("block on \(Thread.isMainThread ? "main" : "background")")
            log.append(Scheduler.current === Scheduler.main ? "current is main" : "current is other")
            subscriber.sendCompleted()
            return nil
        }
        signal.subscribeCompleted { log.append("completed") }
        log.append("returned")
        XCTAssertEqual(log.all, ["block on main", "current is main", "completed", "returned"])
    }

    func testSubscribingOffTheMainThreadRunsTheCreateBlockAsynchronouslyOnAnotherThread() {
        let done = expectation(description: "completed")
        let log = Fixture.Log<String>()
        let blockThread = Fixture.Log<pthread_t>()
        // The caller holds `gate` while it subscribes: a block running inline would take the
        // recursive lock at once and log before "returned".
        let gate = NSRecursiveLock()
        let ran = DispatchSemaphore(value: 0)
        let signal = Signal<Int>.create { subscriber in
            gate.lock()
            log.append("block")
            log.append(Scheduler.current == nil ? "no current" : "current")
            blockThread.append(pthread_self())
            gate.unlock()
            ran.signal()
            subscriber.sendCompleted()
            return nil
        }
        DispatchQueue.global().async {
            let caller = pthread_self()
            gate.lock()
            signal.subscribeCompleted { done.fulfill() }
            log.append("returned")
            gate.unlock()
            // Blocked here until the block has run, so it cannot have run on this thread.
            _ = ran.wait(timeout: .now() + 10)
            log.append(pthread_equal(caller, blockThread.all.first ?? caller) == 0 ? "other thread" : "same thread")
        }
        wait(for: [done], timeout: 10)
        let deadline = Date().addingTimeInterval(10)
        while log.all.count < 4, Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.001)) }
        XCTAssertEqual(log.all, ["returned", "block", "current", "other thread"])
    }

    func testDisposingAPendingBackgroundSubscriptionCancelsIt() {
        let ran = Fixture.Counter()
        let signal = Signal<Int>.create { _ in
            ran.increment()
            return nil
        }
        let done = expectation(description: "disposed before the block ran")
        DispatchQueue.global().async {
            let gate = DispatchSemaphore(value: 0)
            let background = Scheduler.subscription
            // Occupy the subscription's background scheduler so the subscription stays queued.
            background.schedule { gate.wait() }
            signal.subscribe(next: { _ in }).dispose()
            gate.signal()
            // Anything still queued on that scheduler runs before this block.
            background.schedule { done.fulfill() }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(ran.value, 0)
    }

    func testBindRunsItsBlockOnTheSubscriptionScheduler() {
        // RAC builds bind on createSignal, so its block runs where subscription work runs.
        let done = expectation(description: "completed")
        let log = Fixture.Log<String>()
        let bound = Signal.return(1).bind { () -> (Int, inout Bool) -> Signal<Int>? in
            log.append(Scheduler.current == nil ? "block without scheduler" : "block on a scheduler")
            return { value, _ in .return(value) }
        }
        DispatchQueue.global().async {
            bound.subscribeCompleted { done.fulfill() }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["block on a scheduler"])
    }

    func testAfterDelegatesToTheCurrentSchedulerOrTheBackgroundOne() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var ranOn: Scheduler?
        scheduler.schedule {
            Scheduler.subscription.afterDelay(5) { ranOn = Scheduler.current }
        }
        scheduler.step()
        XCTAssertNil(ranOn)
        scheduler.advance(by: 5)
        XCTAssertTrue(ranOn === scheduler, "inside a TestScheduler block, `after` and `now` use it")

        let done = expectation(description: "background after")
        DispatchQueue.global().async {
            Scheduler.subscription.afterDelay(0.01) {
                XCTAssertNotNil(Scheduler.current)
                XCTAssertFalse(Thread.isMainThread)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)
    }

    func testNowIsTheCurrentSchedulersClock() {
        let scheduler = TestScheduler()
        scheduler.advance(by: 42)
        nonisolated(unsafe) var now: Date?
        scheduler.schedule { now = Scheduler.subscription.now }
        scheduler.run()
        XCTAssertEqual(now, scheduler.now)
        XCTAssertEqual(Scheduler.subscription.now.timeIntervalSinceNow, 0, accuracy: 5)
    }

    func testRepeatingTimerDelegatesToTheCurrentScheduler() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var firings: [TimeInterval] = []
        nonisolated(unsafe) var timer: Disposable?
        scheduler.schedule {
            timer = Scheduler.subscription.after(scheduler.now.addingTimeInterval(1), repeatingEvery: 1, withLeeway: 0) {
                firings.append(scheduler.now.timeIntervalSince(TestScheduler.startDate))
            }
        }
        scheduler.advance(by: 3)
        timer?.dispose()
        XCTAssertEqual(firings, [1, 2, 3])
    }
}
