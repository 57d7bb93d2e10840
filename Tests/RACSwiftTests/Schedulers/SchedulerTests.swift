import Foundation
import RACSwift
import XCTest

/// Real-clock schedulers: smoke tests with generous bounds. Everything exact is tested on
/// `TestScheduler`.
final class ImmediateSchedulerTests: RACTestCase {
    func testScheduleRunsAtOnceAndReturnsNil() {
        nonisolated(unsafe) var ran = false
        let disposable = Scheduler.immediate.schedule { ran = true }
        XCTAssertTrue(ran)
        XCTAssertNil(disposable)
    }

    func testItDoesNotBecomeCurrent() {
        nonisolated(unsafe) var insideOnMain: Scheduler?
        Scheduler.immediate.schedule { insideOnMain = Scheduler.current }
        XCTAssertTrue(insideOnMain === Scheduler.main, "on the main thread `current` stays main")
        let done = expectation(description: "immediate off main")
        DispatchQueue.global().async {
            Scheduler.immediate.schedule {
                XCTAssertNil(Scheduler.current)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)
    }

    func testAfterBlocksTheCallerUntilTheDateThenRuns() {
        let start = Date()
        nonisolated(unsafe) var ranAt: Date?
        let disposable = Scheduler.immediate.after(start.addingTimeInterval(0.05)) { ranAt = Date() }
        XCTAssertNil(disposable)
        let ran = try! XCTUnwrap(ranAt)
        XCTAssertGreaterThanOrEqual(ran.timeIntervalSince(start), 0.05)
        nonisolated(unsafe) var delayedRan = false
        Scheduler.immediate.afterDelay(0.01) { delayedRan = true }
        XCTAssertTrue(delayedRan)
    }

    func testAfterAPastDateRunsAtOnce() {
        nonisolated(unsafe) var ran = false
        Scheduler.immediate.after(.distantPast) { ran = true }
        XCTAssertTrue(ran)
    }

    func testNowIsTheWallClock() {
        XCTAssertEqual(Scheduler.immediate.now.timeIntervalSinceNow, 0, accuracy: 5)
    }
}

final class MainSchedulerTests: RACTestCase {
    func testScheduleEnqueuesEvenOnTheMainThreadAndRunsOnIt() {
        let done = expectation(description: "main block")
        nonisolated(unsafe) var ran = false
        nonisolated(unsafe) var onMain = false
        nonisolated(unsafe) var current: Scheduler?
        Scheduler.main.schedule {
            ran = true
            onMain = Thread.isMainThread
            current = Scheduler.current
            done.fulfill()
        }
        XCTAssertFalse(ran, "the main scheduler always enqueues")
        // Waiting runs the main run loop, which drains the main queue (also on Linux).
        wait(for: [done], timeout: 10)
        XCTAssertTrue(onMain)
        XCTAssertTrue(current === Scheduler.main)
    }

    func testBlocksFromABackgroundThreadRunInOrderOnTheMainThread() {
        let done = expectation(description: "all main blocks")
        let order = Fixture.Log<Int>()
        let threads = Fixture.Log<Bool>()
        DispatchQueue.global().async {
            for index in 0..<50 {
                Scheduler.main.schedule {
                    order.append(index)
                    threads.append(Thread.isMainThread)
                    if index == 49 { done.fulfill() }
                }
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(order.all, Array(0..<50))
        XCTAssertTrue(threads.all.allSatisfy { $0 })
    }

    func testAfterDelayRunsOnTheMainThreadNoEarlierThanAsked() {
        let done = expectation(description: "main after")
        let start = Date()
        nonisolated(unsafe) var elapsed: TimeInterval = 0
        Scheduler.main.afterDelay(0.05) {
            XCTAssertTrue(Thread.isMainThread)
            elapsed = Date().timeIntervalSince(start)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertGreaterThanOrEqual(elapsed, 0.04)
    }

    func testDisposingBeforeTheMainQueueGetsToABlockCancelsIt() {
        // Scheduled from the main thread, a block cannot start before this test yields.
        nonisolated(unsafe) var log: [String] = []
        Scheduler.main.schedule { log.append("cancelled") }?.dispose()
        Scheduler.main.afterDelay(0) { log.append("after, cancelled") }?.dispose()
        let timer = Scheduler.main.after(Date(), repeatingEvery: 0.001, withLeeway: 0) { log.append("timer") }
        timer?.dispose()
        let done = expectation(description: "later block")
        Scheduler.main.afterDelay(0.02) {
            log.append("kept")
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log, ["kept"])
    }

    func testCurrentIsMainOnTheMainThreadAndNilOnAPlainThread() {
        XCTAssertTrue(Scheduler.current === Scheduler.main)
        let done = expectation(description: "plain thread")
        DispatchQueue.global().async {
            XCTAssertNil(Scheduler.current)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }

    func testEachThreadHasItsOwnCurrentScheduler() {
        // Two threads, each inside its own scheduler's block at the same time: neither sees
        // the other's, and each sees nil again once its block is over.
        let first = Scheduler.background(name: "first"), second = Scheduler.background(name: "second")
        let bothInside = DispatchGroup()
        bothInside.enter()
        bothInside.enter()
        let seen = Fixture.Log<String>()
        let done = expectation(description: "both threads")
        done.expectedFulfillmentCount = 2
        for scheduler in [first, second] {
            Thread.detachNewThread {
                scheduler.performAsCurrentScheduler {
                    bothInside.leave()
                    bothInside.wait()
                    seen.append(Scheduler.current === scheduler ? "own" : "other")
                }
                seen.append(Scheduler.current == nil ? "nil after" : "left set")
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(seen.all.sorted(), ["nil after", "nil after", "own", "own"])
    }
}

final class BackgroundSchedulerTests: RACTestCase {
    func testBlocksRunInOrderOneAtATimeOffTheMainThread() {
        let scheduler = Scheduler.background()
        let detector = Fixture.OverlapDetector()
        let order = Fixture.Log<Int>()
        let offMain = Fixture.Log<Bool>()
        let done = expectation(description: "all blocks")
        for index in 0..<200 {
            scheduler.schedule {
                detector.enter()
                order.append(index)
                offMain.append(!Thread.isMainThread)
                detector.leave()
                if index == 199 { done.fulfill() }
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(order.all, Array(0..<200))
        XCTAssertTrue(offMain.all.allSatisfy { $0 })
        XCTAssertFalse(detector.didOverlap)
    }

    func testBlocksScheduledFromManyThreadsNeverOverlap() {
        let scheduler = Scheduler.background(priority: .high)
        let detector = Fixture.OverlapDetector()
        let ran = Fixture.Counter()
        let done = expectation(description: "all blocks")
        done.expectedFulfillmentCount = 8 * 100
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<100 {
                scheduler.schedule {
                    detector.enter()
                    ran.increment()
                    detector.leave()
                    done.fulfill()
                }
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(ran.value, 800)
        XCTAssertFalse(detector.didOverlap)
    }

    func testCurrentIsTheSchedulerInsideItsBlocks() {
        let scheduler = Scheduler.background(priority: .low, name: "test.background")
        XCTAssertEqual(scheduler.name, "test.background")
        let done = expectation(description: "block")
        scheduler.schedule {
            XCTAssertTrue(Scheduler.current === scheduler)
            Scheduler.immediate.schedule { XCTAssertTrue(Scheduler.current === scheduler) }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }

    func testEachCallMakesANewSchedulerAndEveryPriorityRuns() {
        let priorities: [Scheduler.Priority] = [.high, .default, .low, .background]
        let schedulers = priorities.map { Scheduler.background(priority: $0) }
        XCTAssertFalse(schedulers[1] === Scheduler.background(priority: .default))
        let done = expectation(description: "every priority")
        done.expectedFulfillmentCount = schedulers.count
        for scheduler in schedulers {
            scheduler.schedule {
                XCTAssertTrue(Scheduler.current === scheduler)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)
    }

    func testDisposingAScheduledBlockBeforeItStartsCancelsIt() {
        let scheduler = Scheduler.background()
        let gate = DispatchSemaphore(value: 0)
        let log = Fixture.Log<String>()
        let done = expectation(description: "after the cancelled block")
        scheduler.schedule {
            gate.wait()
            log.append("first")
        }
        let cancelled = scheduler.schedule { log.append("cancelled") }
        cancelled?.dispose()
        scheduler.schedule {
            log.append("last")
            done.fulfill()
        }
        gate.signal()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["first", "last"])
    }

    func testDisposingAnAfterBlockBeforeItsDateCancelsIt() {
        let scheduler = Scheduler.background()
        let log = Fixture.Log<String>()
        let done = expectation(description: "later block")
        scheduler.afterDelay(0.02) { log.append("cancelled") }?.dispose()
        scheduler.after(Date().addingTimeInterval(0.08)) {
            log.append("later")
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["later"])
    }

    func testARepeatingTimerFiresUntilDisposed() {
        let scheduler = Scheduler.background()
        let firings = Fixture.Counter()
        let done = expectation(description: "three firings")
        nonisolated(unsafe) var timer: Disposable?
        let timerLock = NSLock()
        timerLock.withLock {
            timer = scheduler.after(Date(), repeatingEvery: 0.01, withLeeway: 0) {
                XCTAssertTrue(Scheduler.current === scheduler)
                if firings.increment() == 3 {
                    timerLock.withLock { timer?.dispose() }
                    done.fulfill()
                }
            }
        }
        wait(for: [done], timeout: 10)
        // Anything the timer had left would run before this block on the serial queue.
        waitForABlockScheduled(on: scheduler, after: 0.05)
        XCTAssertEqual(firings.value, 3)
    }

    /// Waits until a block scheduled on `scheduler` `delay` seconds from now has run.
    private func waitForABlockScheduled(on scheduler: Scheduler, after delay: TimeInterval) {
        let settled = expectation(description: "settled")
        scheduler.afterDelay(delay) { settled.fulfill() }
        wait(for: [settled], timeout: 10)
    }

    func testARepeatingTimerDisposedBeforeItsFirstFiringNeverFires() {
        let scheduler = Scheduler.background()
        let firings = Fixture.Counter()
        scheduler.after(Date().addingTimeInterval(0.02), repeatingEvery: 0.01, withLeeway: 0.005) {
            firings.increment()
        }?.dispose()
        waitForABlockScheduled(on: scheduler, after: 0.08)
        XCTAssertEqual(firings.value, 0)
    }

    func testAHugeDelayIsClampedInsteadOfTrapping() {
        let scheduler = Scheduler.background()
        let never = scheduler.afterDelay(.greatestFiniteMagnitude) { XCTFail("ran") }
        let timer = scheduler.after(.distantFuture, repeatingEvery: 1e300, withLeeway: 1e300) { XCTFail("fired") }
        never?.dispose()
        timer?.dispose()
    }
}

final class TargetQueueSchedulerTests: RACTestCase {
    func testIsSerialEvenOnAConcurrentTargetQueue() {
        let scheduler = TargetQueueScheduler(name: "test.target", targetQueue: .global())
        XCTAssertEqual(scheduler.name, "test.target")
        XCTAssertEqual(scheduler.queue.label, "test.target")
        let detector = Fixture.OverlapDetector()
        let order = Fixture.Log<Int>()
        let done = expectation(description: "all blocks")
        for index in 0..<100 {
            scheduler.schedule {
                detector.enter()
                XCTAssertTrue(Scheduler.current === scheduler)
                order.append(index)
                detector.leave()
                if index == 99 { done.fulfill() }
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(order.all, Array(0..<100))
        XCTAssertFalse(detector.didOverlap)
    }

    func testAfterRunsNoEarlierThanItsDate() {
        let scheduler = TargetQueueScheduler(name: "test.target.after", targetQueue: .global())
        let start = Date()
        let done = expectation(description: "after")
        // Written on the global queue, read here: locked.
        let elapsed = Fixture.Locked<TimeInterval>(0)
        scheduler.after(start.addingTimeInterval(0.03)) {
            elapsed.value = Date().timeIntervalSince(start)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertGreaterThanOrEqual(elapsed.value, 0.025)
    }

    /// The `after` blocks of a queue scheduler wait behind one timer (issue 28d): they run in
    /// date order whatever order they were scheduled in, blocks of one date in the order they
    /// were scheduled, each as the current scheduler.
    func testAfterBlocksRunInDateOrderThenInSchedulingOrder() {
        let scheduler = Scheduler.background()
        let start = Date()
        let log = Fixture.Log<String>()
        let done = expectation(description: "last block")
        for (name, offset) in [("c", 0.04), ("a", 0.01), ("b1", 0.02), ("b2", 0.02), ("b3", 0.02)] {
            scheduler.after(start.addingTimeInterval(offset)) {
                log.append(Scheduler.current === scheduler ? name : "\(name) off its scheduler")
                if name == "c" { done.fulfill() }
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["a", "b1", "b2", "b3", "c"])
    }

    /// Disposing the earliest block lets the later ones run at their dates, and releases the
    /// disposed block at once.
    func testDisposingTheEarliestAfterBlockReleasesItAndKeepsTheRest() {
        let scheduler = Scheduler.background()
        let log = Fixture.Log<String>()
        let done = expectation(description: "later block")
        final class Token: @unchecked Sendable {}
        var token: Token? = Token()
        weak let weakToken = token
        let earliest = scheduler.afterDelay(0.01) { [token] in
            _ = token
            log.append("cancelled")
        }
        token = nil
        scheduler.afterDelay(0.03) {
            log.append("later")
            done.fulfill()
        }
        earliest?.dispose()
        XCTAssertNil(weakToken, "a disposed after block is released at once")
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["later"])
    }

    /// A scheduler nobody keeps still runs the after blocks it was given.
    func testAnUnreferencedSchedulerStillRunsItsAfterBlocks() {
        let done = expectation(description: "after block")
        do {
            let scheduler = Scheduler.background()
            scheduler.afterDelay(0.01) { done.fulfill() }
        }
        wait(for: [done], timeout: 10)
    }

    /// A block that schedules, on its own scheduler, one block with `schedule` and then one
    /// `after` a date already past sees them run in that order (each has its own turn on the
    /// queue, as with a `dispatch_after` of its own).
    func testAnAfterBlockForAPastDateScheduledFromAFiringRunsAfterWhatWasScheduledBeforeIt() {
        let scheduler = Scheduler.background()
        let log = Fixture.Log<String>()
        let done = expectation(description: "both blocks")
        done.expectedFulfillmentCount = 2
        scheduler.afterDelay(0.001) {
            scheduler.schedule {
                log.append("scheduled")
                done.fulfill()
            }
            scheduler.after(.distantPast) {
                log.append("after")
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["scheduled", "after"])
    }
}

/// A user-made scheduler, as RAC code subclasses RACScheduler: it runs blocks synchronously
/// through `performAsCurrentScheduler`.
private final class SynchronousScheduler: Scheduler, @unchecked Sendable {
    let runs = Fixture.Counter()

    @discardableResult
    override func schedule(_ block: @escaping () -> Void) -> Disposable? {
        runs.increment()
        performAsCurrentScheduler(block)
        return nil
    }

    @discardableResult
    override func after(_ date: Date, schedule block: @escaping () -> Void) -> Disposable? {
        schedule(block)
    }
}

final class SchedulerSubclassTests: RACTestCase {
    func testASubclassBecomesCurrentThroughPerformAsCurrentScheduler() {
        let scheduler = SynchronousScheduler(name: "sync")
        XCTAssertEqual(scheduler.name, "sync")
        XCTAssertEqual(Scheduler().name, "RACSwift.Scheduler.anonymous")
        var inside: Scheduler?
        scheduler.schedule { inside = Scheduler.current }
        XCTAssertTrue(inside === scheduler)
        XCTAssertTrue(Scheduler.current === Scheduler.main, "restored afterwards")
    }

    func testPerformAsCurrentSchedulerNestsAndRestores() {
        let outer = SynchronousScheduler()
        let inner = TestScheduler()
        var seen: [Scheduler?] = []
        outer.performAsCurrentScheduler {
            seen.append(Scheduler.current)
            inner.performAsCurrentScheduler { seen.append(Scheduler.current) }
            seen.append(Scheduler.current)
        }
        XCTAssertTrue(seen[0] === outer)
        XCTAssertTrue(seen[1] === inner)
        XCTAssertTrue(seen[2] === outer)
    }

    func testRecursionOnASynchronousSubclassRunsInConstantStack() {
        let scheduler = SynchronousScheduler()
        nonisolated(unsafe) var count = 0
        scheduler.scheduleRecursive { reschedule in
            count += 1
            if count < 100_000 { reschedule() }
        }
        XCTAssertEqual(count, 100_000)
        XCTAssertEqual(scheduler.runs.value, 100_000)
    }

    func testAfterDelayGoesThroughTheSubclassesAfter() {
        let scheduler = SynchronousScheduler()
        nonisolated(unsafe) var ran = false
        scheduler.afterDelay(0) { ran = true }
        XCTAssertTrue(ran)
    }
}
