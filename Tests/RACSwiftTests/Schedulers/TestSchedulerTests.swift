import Foundation
import RACSwift
import XCTest

final class TestSchedulerTests: RACTestCase {
    private let start = TestScheduler.startDate

    private func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    func testNothingRunsUntilDrivenAndTheClockStartsAtTheStartDate() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var ran = false
        scheduler.schedule { ran = true }
        XCTAssertFalse(ran)
        XCTAssertEqual(scheduler.now, Date(timeIntervalSinceReferenceDate: 0))
        XCTAssertEqual(scheduler.scheduledCount, 1)
        scheduler.step()
        XCTAssertTrue(ran)
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    func testStepRunsOneBlockAtATimeInDateOrderTiesInSchedulingOrder() {
        let scheduler = TestScheduler()
        let log = Fixture.Log<String>()
        scheduler.after(at(2)) { log.append("b@2") }
        scheduler.after(at(1)) { log.append("a@1") }
        scheduler.after(at(2)) { log.append("c@2") }
        scheduler.schedule { log.append("now") }
        scheduler.step()
        XCTAssertEqual(log.all, ["now"])
        XCTAssertEqual(scheduler.now, at(0))
        scheduler.step()
        XCTAssertEqual(log.all, ["now", "a@1"])
        XCTAssertEqual(scheduler.now, at(1), "running a block moves the clock to its date")
        scheduler.step(2)
        XCTAssertEqual(log.all, ["now", "a@1", "b@2", "c@2"])
        XCTAssertEqual(scheduler.now, at(2))
        scheduler.step()
        XCTAssertEqual(scheduler.now, at(2), "stepping an empty queue does nothing")
    }

    func testStepWithMoreTicksThanBlocksRunsWhatThereIsAndZeroRunsNothing() {
        let scheduler = TestScheduler()
        let ran = Fixture.Counter()
        for _ in 0..<3 { scheduler.schedule { ran.increment() } }
        scheduler.step(0)
        XCTAssertEqual(ran.value, 0)
        scheduler.step(10)
        XCTAssertEqual(ran.value, 3)
    }

    func testStepAllRunsBlocksThatScheduleMoreBlocks() {
        let scheduler = TestScheduler()
        let log = Fixture.Log<String>()
        scheduler.schedule {
            log.append("a")
            scheduler.afterDelay(5) {
                log.append("c@5")
                scheduler.schedule { log.append("d@5") }
            }
            scheduler.schedule { log.append("b") }
        }
        scheduler.stepAll()
        XCTAssertEqual(log.all, ["a", "b", "c@5", "d@5"])
        XCTAssertEqual(scheduler.now, at(5))
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    func testBlocksScheduledForTheCurrentInstantRunInTheSameTurnAfterThoseWaiting() {
        let scheduler = TestScheduler()
        let log = Fixture.Log<String>()
        scheduler.after(at(1)) {
            log.append("first@1")
            scheduler.schedule { log.append("scheduled during first@1") }
        }
        scheduler.after(at(1)) { log.append("second@1") }
        scheduler.after(at(2)) { log.append("third@2") }
        scheduler.advance(by: 1)
        XCTAssertEqual(log.all, ["first@1", "second@1", "scheduled during first@1"])
        XCTAssertEqual(scheduler.now, at(1))
    }

    func testAdvanceByRunsEverythingDueInclusiveThenSetsTheClock() {
        let scheduler = TestScheduler()
        let log = Fixture.Log<String>()
        scheduler.afterDelay(1) { log.append("1") }
        scheduler.afterDelay(3) { log.append("3") }
        scheduler.afterDelay(3.5) { log.append("3.5") }
        scheduler.advance(by: 0.5)
        XCTAssertEqual(log.all, [])
        XCTAssertEqual(scheduler.now, at(0.5))
        scheduler.advance(by: 2.5)
        XCTAssertEqual(log.all, ["1", "3"], "a block due exactly at the target runs")
        XCTAssertEqual(scheduler.now, at(3))
        scheduler.advance(by: 0)
        XCTAssertEqual(log.all, ["1", "3"])
        scheduler.advance(by: 10)
        XCTAssertEqual(scheduler.now, at(13))
        XCTAssertEqual(log.all, ["1", "3", "3.5"])
    }

    func testAdvanceToAPastDateDoesNotTurnTheClockBack() {
        let scheduler = TestScheduler()
        scheduler.advance(to: at(10))
        nonisolated(unsafe) var ran = false
        scheduler.after(at(4)) { ran = true }
        scheduler.advance(to: at(5))
        XCTAssertTrue(ran, "a block due by the target runs")
        XCTAssertEqual(scheduler.now, at(10))
    }

    func testAfterWithAPastDateRunsFirstWithoutTurningTheClockBack() {
        let scheduler = TestScheduler()
        scheduler.advance(by: 10)
        let log = Fixture.Log<String>()
        nonisolated(unsafe) var seenNow: Date?
        scheduler.schedule { log.append("now") }
        scheduler.after(at(3)) {
            log.append("past")
            seenNow = scheduler.now
        }
        scheduler.step()
        XCTAssertEqual(log.all, ["past"], "earlier date first")
        XCTAssertEqual(seenNow, at(10))
        scheduler.run()
        XCTAssertEqual(log.all, ["past", "now"])
        XCTAssertEqual(scheduler.now, at(10))
    }

    func testNowNeverGoesBack() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var seen: [Date] = []
        for delay in [5.0, 1, 3, 0, 2] {
            scheduler.afterDelay(delay) { seen.append(scheduler.now) }
        }
        scheduler.after(.distantPast) { seen.append(scheduler.now) }
        scheduler.run()
        XCTAssertEqual(seen, [at(0), at(0), at(1), at(2), at(3), at(5)])
    }

    func testACancelledBlockRunsNothingButCountsAsAStepAsInRAC() {
        let scheduler = TestScheduler()
        let log = Fixture.Log<String>()
        scheduler.schedule { log.append("cancelled") }?.dispose()
        scheduler.afterDelay(1) { log.append("cancelled later") }?.dispose()
        scheduler.schedule { log.append("kept") }
        XCTAssertEqual(scheduler.scheduledCount, 3, "cancelled blocks keep their place until reached")
        scheduler.step()
        XCTAssertEqual(log.all, [], "RAC's -step: takes the cancelled block off and runs nothing")
        XCTAssertEqual(scheduler.scheduledCount, 2)
        scheduler.step()
        XCTAssertEqual(log.all, ["kept"])
        scheduler.step()
        XCTAssertEqual(scheduler.scheduledCount, 0, "the later cancelled block was the third step")
        XCTAssertEqual(log.all, ["kept"])
        XCTAssertEqual(scheduler.now, at(0), "cancelled blocks do not move the clock")
    }

    func testStepCountsCancelledBlocksAmongItsTicks() {
        let scheduler = TestScheduler()
        let log = Fixture.Log<Int>()
        var disposables: [Disposable?] = []
        for value in 1...5 { disposables.append(scheduler.schedule { log.append(value) }) }
        disposables[1]?.dispose()
        disposables[2]?.dispose()
        scheduler.step(3)
        XCTAssertEqual(log.all, [1], "blocks 2 and 3 were two of the three ticks")
        scheduler.step(3)
        XCTAssertEqual(log.all, [1, 4, 5], "fewer blocks than ticks: as many as there are")
    }

    func testRunAndAdvanceSkipCancelledBlocksWithoutMovingTheClock() {
        let scheduler = TestScheduler()
        let log = Fixture.Log<String>()
        scheduler.afterDelay(5) { log.append("cancelled") }?.dispose()
        scheduler.afterDelay(2) { log.append("two") }
        scheduler.advance(by: 3)
        XCTAssertEqual(log.all, ["two"])
        XCTAssertEqual(scheduler.now, at(3))
        scheduler.run()
        XCTAssertEqual(log.all, ["two"])
        XCTAssertEqual(scheduler.now, at(3), "the cancelled block at 5 did not move the clock")
    }

    func testCancellingReleasesTheBlockAtOnce() {
        let scheduler = TestScheduler()
        assertDisposalReleasesTheBlock({ token in scheduler.afterDelay(100) { _ = token } }, before: {})
    }

    func testCancellingFromAnEarlierBlockStopsALaterOne() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var ran = false
        let later = scheduler.afterDelay(2) { ran = true }
        scheduler.afterDelay(1) { later?.dispose() }
        scheduler.run()
        XCTAssertFalse(ran)
    }

    func testCurrentIsTheTestSchedulerInsideItsBlocksOnly() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var inside: Scheduler?
        nonisolated(unsafe) var insideImmediate: Scheduler?
        scheduler.schedule {
            inside = Scheduler.current
            Scheduler.immediate.schedule { insideImmediate = Scheduler.current }
        }
        scheduler.run()
        XCTAssertTrue(inside === scheduler)
        XCTAssertTrue(insideImmediate === scheduler)
        XCTAssertTrue(Scheduler.current === Scheduler.main)
    }

    func testARepeatingTimerFiresAtExactVirtualInstants() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var firings: [Date] = []
        let timer = scheduler.after(at(1), repeatingEvery: 2, withLeeway: 0.5) { firings.append(scheduler.now) }
        scheduler.advance(to: at(0.999))
        XCTAssertEqual(firings, [])
        scheduler.advance(to: at(7))
        XCTAssertEqual(firings, [at(1), at(3), at(5), at(7)])
        timer?.dispose()
        scheduler.advance(by: 100)
        XCTAssertEqual(firings.count, 4)
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    func testARepeatingTimerDoesNotDriftWithFractionalIntervals() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var firings = 0
        let timer = scheduler.after(at(0), repeatingEvery: 0.1, withLeeway: 0) { firings += 1 }
        scheduler.advance(to: at(100))
        XCTAssertEqual(firings, 1_001, "fires at 0, 0.1, ..., 100.0 — each instant start + k × interval")
        timer?.dispose()
    }

    func testARepeatingTimerCancelledBeforeItsFirstFiringNeverFires() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var firings = 0
        scheduler.after(at(1), repeatingEvery: 1, withLeeway: 0) { firings += 1 }?.dispose()
        scheduler.advance(by: 10)
        XCTAssertEqual(firings, 0)
    }

    func testARepeatingTimerCanBeDisposedFromItsOwnBlock() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var firings = 0
        nonisolated(unsafe) var timer: Disposable?
        timer = scheduler.after(at(0), repeatingEvery: 1, withLeeway: 0) {
            firings += 1
            if firings == 3 { timer?.dispose() }
        }
        scheduler.advance(by: 10)
        XCTAssertEqual(firings, 3)
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    func testAfterDelayOnTheTestSchedulerCountsFromVirtualNow() {
        let scheduler = TestScheduler()
        scheduler.advance(by: 3)
        nonisolated(unsafe) var ranAt: Date?
        scheduler.afterDelay(2) { ranAt = scheduler.now }
        scheduler.run()
        XCTAssertEqual(ranAt, at(5))
    }

    func testSubscribingInsideABlockIsSynchronous() {
        let scheduler = TestScheduler()
        let log = Fixture.Log<String>()
        scheduler.schedule {
            Signal<Int>.create { subscriber in
                log.append("subscribed on \(Scheduler.current === scheduler ? "test" : "other")")
                subscriber.sendCompleted()
                return nil
            }.subscribeCompleted { log.append("completed") }
            log.append("after subscribe")
        }
        scheduler.run()
        XCTAssertEqual(log.all, ["subscribed on test", "completed", "after subscribe"])
    }

    func testAPendingTimerDoesNotOutliveItsScheduler() {
        final class Token {}
        weak var weakToken: Token?
        weak var weakScheduler: TestScheduler?
        do {
            let scheduler = TestScheduler()
            weakScheduler = scheduler
            nonisolated(unsafe) let token = Token()
            weakToken = token
            scheduler.after(at(1), repeatingEvery: 1, withLeeway: 0) { _ = token }
            scheduler.advance(by: 3)
        }
        XCTAssertNil(weakScheduler)
        XCTAssertNil(weakToken, "the timer's block is released with the scheduler")
    }

    func testSchedulingFromAnotherThreadIsSafe() {
        let scheduler = TestScheduler()
        let ran = Fixture.Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for offset in 0..<100 { scheduler.afterDelay(Double(offset % 7)) { ran.increment() } }
            _ = index
        }
        XCTAssertEqual(scheduler.scheduledCount, 800)
        scheduler.run()
        XCTAssertEqual(ran.value, 800)
        XCTAssertEqual(scheduler.now, at(6))
    }
}

/// What a scheduled block captures, to see when the block is released.
final class BlockToken: Sendable {}

/// A scheduled block is released when its disposable is disposed: `schedule` schedules a block
/// that captures the token it is given, `before` runs the clock first; once the disposable is
/// disposed nothing may keep the token alive.
func assertDisposalReleasesTheBlock(
    _ schedule: (BlockToken) -> Disposable?, before: () -> Void, file: StaticString = #filePath, line: UInt = #line
) {
    weak var weakToken: BlockToken?
    let disposable: Disposable?
    do {
        let token = BlockToken()
        weakToken = token
        disposable = schedule(token)
    }
    XCTAssertNotNil(weakToken, "the scheduled block keeps its token until disposal", file: file, line: line)
    before()
    disposable?.dispose()
    XCTAssertNil(weakToken, "token kept after disposal", file: file, line: line)
}
