import Dispatch
import XCTest
import RACSwift
import RACSwiftTesting

/// Issue 28: on the queue schedulers `deliver(on:)` queues its events among the scheduler's
/// blocks instead of scheduling a block per event, and the time operators keep one timer per
/// subscription. These check, on real schedulers and event by event, that RAC's order holds:
/// a block scheduled between two events runs between them. The scheduler is held by a gate
/// block while the events and blocks are queued, so the order is fixed before anything runs.
final class QueueSchedulerOrderTests: RACTestCase {
    private func closeGate(_ scheduler: Scheduler) -> DispatchSemaphore { Fixture.closeGate(scheduler) }

    func testDeliverOnRunsBlocksScheduledBetweenEventsBetweenThem() {
        let scheduler = Scheduler.background()
        let log = Fixture.Log<String>()
        let completed = expectation(description: "completed")
        let subject = Subject<String>()
        let disposable = subject.deliver(on: scheduler).subscribe(
            next: { log.append($0) },
            completed: {
                log.append("|")
                completed.fulfill()
            })
        let gate = closeGate(scheduler)
        subject.sendNext("a")
        scheduler.schedule { log.append("x") }
        subject.sendNext("b")
        subject.sendNext("c")
        scheduler.schedule { log.append("y") }
        subject.sendCompleted()
        scheduler.schedule { log.append("z") }
        XCTAssertEqual(log.all, [], "nothing runs while the gate holds the scheduler")
        gate.signal()
        wait(for: [completed], timeout: 5)
        let finished = expectation(description: "last block ran")
        scheduler.schedule { finished.fulfill() }
        wait(for: [finished], timeout: 5)
        XCTAssertEqual(log.all, ["a", "x", "b", "c", "y", "|", "z"])
        disposable.dispose()
    }

    func testDeliverOnBlockScheduledDuringDeliveryRunsAfterEventsAlreadyQueued() {
        let scheduler = Scheduler.background()
        let log = Fixture.Log<String>()
        let completed = expectation(description: "completed")
        let subject = Subject<String>()
        let disposable = subject.deliver(on: scheduler).subscribe(
            next: { value in
                log.append(value)
                // Queued behind "b", already waiting, as one async per event would be.
                if value == "a" { scheduler.schedule { log.append("from a") } }
            },
            completed: { completed.fulfill() })
        let gate = closeGate(scheduler)
        subject.sendNext("a")
        subject.sendNext("b")
        gate.signal()
        // Sent once "a" has been delivered: behind the block "a" scheduled.
        let aDelivered = expectation(description: "a delivered")
        scheduler.schedule { aDelivered.fulfill() }
        wait(for: [aDelivered], timeout: 5)
        subject.sendNext("c")
        subject.sendCompleted()
        wait(for: [completed], timeout: 5)
        XCTAssertEqual(log.all, ["a", "b", "from a", "c"])
        disposable.dispose()
    }

    func testDeliverOnDisposalDropsEventsStillQueued() {
        let scheduler = Scheduler.background()
        let log = Fixture.Log<String>()
        let subject = Subject<String>()
        let disposable = subject.deliver(on: scheduler).subscribeNext { log.append($0) }
        let gate = closeGate(scheduler)
        subject.sendNext("a")
        scheduler.schedule { log.append("x") }
        subject.sendNext("b")
        disposable.dispose()
        gate.signal()
        let finished = expectation(description: "queue drained")
        scheduler.schedule { finished.fulfill() }
        wait(for: [finished], timeout: 5)
        XCTAssertEqual(log.all, ["x"], "the events are dropped; the user's block still runs")
    }

    func testDeliverOnMainSchedulerKeepsOrderWithMainSchedulerBlocks() {
        let log = Fixture.Log<String>()
        let completed = expectation(description: "completed")
        let subject = Subject<String>()
        let disposable = subject.deliver(on: .main).subscribe(
            next: {
                XCTAssertTrue(Thread.isMainThread)
                log.append($0)
            },
            completed: { completed.fulfill() })
        // Sent on the main thread, which runs nothing until the wait below.
        subject.sendNext("a")
        Scheduler.main.schedule { log.append("x") }
        subject.sendNext("b")
        subject.sendCompleted()
        wait(for: [completed], timeout: 5)
        XCTAssertEqual(log.all, ["a", "x", "b"])
        disposable.dispose()
    }

    func testDeliverOnMainThreadFromAnotherThreadKeepsOrderWithMainSchedulerBlocks() {
        let log = Fixture.Log<String>()
        let completed = expectation(description: "completed")
        let subject = Subject<String>()
        let disposable = subject.deliverOnMainThread().subscribe(
            next: {
                XCTAssertTrue(Thread.isMainThread)
                log.append($0)
            },
            completed: { completed.fulfill() })
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            subject.sendNext("a")
            Scheduler.main.schedule { log.append("x") }
            subject.sendNext("b")
            subject.sendCompleted()
            sent.signal()
        }
        sent.wait()
        XCTAssertEqual(log.all, [], "the main thread has not run the main queue yet")
        wait(for: [completed], timeout: 5)
        XCTAssertEqual(log.all, ["a", "x", "b"])
        disposable.dispose()
    }

    func testScheduledBlockCancelledBeforeItsTurnDoesNotRun() {
        let scheduler = Scheduler.background()
        let log = Fixture.Log<String>()
        let gate = closeGate(scheduler)
        scheduler.schedule { log.append("a") }
        scheduler.schedule { log.append("b") }?.dispose()
        scheduler.schedule { log.append("c") }
        gate.signal()
        let finished = expectation(description: "queue drained")
        scheduler.schedule { finished.fulfill() }
        wait(for: [finished], timeout: 5)
        XCTAssertEqual(log.all, ["a", "c"])
    }

    func testBlocksScheduledFromManyThreadsAllRunOnceEachThreadInOrder() {
        let scheduler = Scheduler.background()
        let log = Fixture.Log<Int>()
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for i in 0..<perThread { scheduler.schedule { log.append(thread * perThread + i) } }
        }
        let finished = expectation(description: "queue drained")
        scheduler.schedule { finished.fulfill() }
        wait(for: [finished], timeout: 10)
        let all = log.all
        XCTAssertEqual(all.count, 4 * perThread)
        for thread in 0..<4 {
            let mine = all.filter { $0 / perThread == thread }
            XCTAssertEqual(mine, Array(thread * perThread..<(thread + 1) * perThread))
        }
    }

    // MARK: scheduleRecursive: a batch going on in place (issue 28e)

    /// RAC queues a turn's reschedule after its block returns, so a block the turn scheduled
    /// runs before the next turn. 200 turns cross several in-place batches (64 rounds each).
    private func checkTurnsInterleaveWithTheBlocksTheyScheduled(on scheduler: Scheduler) {
        let log = Fixture.Log<String>()
        let offScheduler = Fixture.Counter()
        let finished = expectation(description: "last block ran")
        let turns = Fixture.Counter()
        let disposable = scheduler.scheduleRecursive { reschedule in
            if Scheduler.current !== scheduler { offScheduler.increment() }
            let turn = turns.increment()
            log.append("t\(turn)")
            scheduler.schedule {
                if Scheduler.current !== scheduler { offScheduler.increment() }
                log.append("x\(turn)")
                if turn == 200 { finished.fulfill() }
            }
            if turn < 200 { reschedule() }
        }
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(log.all, (1...200).flatMap { ["t\($0)", "x\($0)"] })
        XCTAssertEqual(offScheduler.value, 0, "every turn and block runs as the current scheduler")
        disposable?.dispose()
    }

    func testRecursionTurnsInterleaveWithTheBlocksEachTurnSchedules() {
        checkTurnsInterleaveWithTheBlocksTheyScheduled(on: Scheduler.background())
    }

    /// While the scheduler has a timer armed, every batch hands on through Dispatch; the order
    /// is the same.
    func testRecursionTurnsInterleaveWithTheirBlocksOnASchedulerWithATimerArmed() {
        let scheduler = Scheduler.background()
        let armed = scheduler.after(Date(timeIntervalSinceNow: 3_600)) { XCTFail("disposed before its date") }
        checkTurnsInterleaveWithTheBlocksTheyScheduled(on: scheduler)
        armed?.dispose()
    }

    /// A block scheduled from another thread while a turn runs is queued before the turn's
    /// reschedule (queued when the turn returns): it runs between the two turns.
    func testBlockScheduledFromAnotherThreadDuringATurnRunsBeforeTheNextTurn() {
        let scheduler = Scheduler.background()
        let log = Fixture.Log<String>()
        let finished = expectation(description: "recursion finished")
        let turns = Fixture.Counter()
        let scheduledX = DispatchSemaphore(value: 0)
        let disposable = scheduler.scheduleRecursive { reschedule in
            let turn = turns.increment()
            log.append("t\(turn)")
            if turn == 2 {
                DispatchQueue.global().async {
                    scheduler.schedule { log.append("x") }
                    scheduledX.signal()
                }
                XCTAssertEqual(scheduledX.wait(timeout: .now() + 5), .success)
            }
            if turn < 4 { reschedule() } else { finished.fulfill() }
        }
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(log.all, ["t1", "t2", "x", "t3", "t4"])
        disposable?.dispose()
    }

    // MARK: Time operators: one timer per subscription

    func testThrottleBurstOnQueueSchedulerSendsOnlyTheLastValueOnce() {
        let scheduler = Scheduler.background()
        let subject = Subject<Int>()
        let values = Fixture.Log<Int>()
        let received = expectation(description: "throttled value")
        let disposable = subject.throttle(0.05, on: scheduler).subscribeNext {
            values.append($0)
            received.fulfill()
        }
        let gate = closeGate(scheduler)
        // The scheduler is held, so the timer cannot run during the burst.
        for i in 1...10_000 { subject.sendNext(i) }
        gate.signal()
        wait(for: [received], timeout: 5)
        // Give a second firing (there must be none) time to show.
        let settled = expectation(description: "settled")
        scheduler.after(Date(timeIntervalSinceNow: 0.1)) { settled.fulfill() }
        wait(for: [settled], timeout: 5)
        XCTAssertEqual(values.all, [10_000])
        disposable.dispose()
    }

    func testThrottleDeadlineMovesWithEachValue() {
        let scheduler = Scheduler.background()
        let subject = Subject<Int>()
        let sentAt = Fixture.Log<Date>()
        let deliveredAt = Fixture.Log<Date>()
        let received = expectation(description: "throttled value")
        // The interval is long beside the 30 ms between sends: a 100 ms throttle failed once on
        // a loaded machine (load average 20), where a 30 ms sleep can overrun the interval and
        // let an earlier value through — a wall-clock race in the test, not in the operator.
        let interval: TimeInterval = 0.5
        let disposable = subject.throttle(interval, on: scheduler).subscribeNext { _ in
            deliveredAt.append(Date())
            received.fulfill()
        }
        // Five values 30 ms apart, each moving the deadline an interval past itself. Each send's
        // time is taken before the send, so no delay of this thread after it can shorten the
        // measured wait.
        for i in 1...5 {
            sentAt.append(Date())
            subject.sendNext(i)
            if i < 5 { Thread.sleep(forTimeInterval: 0.03) }
        }
        wait(for: [received], timeout: 10)
        let last = sentAt.all.last!
        XCTAssertGreaterThanOrEqual(deliveredAt.all.first!.timeIntervalSince(last), interval * 0.95)
        XCTAssertEqual(deliveredAt.all.count, 1)
        disposable.dispose()
    }

    func testThrottleTimerRunsOnItsSchedulerAgainAfterQuietPeriods() {
        let scheduler = Scheduler.background()
        let subject = Subject<Int>()
        let values = Fixture.Log<Int>()
        let onScheduler = Fixture.Log<Bool>()
        let received = DispatchSemaphore(value: 0)
        let disposable = subject.throttle(0.02, on: scheduler).subscribeNext {
            values.append($0)
            onScheduler.append(Scheduler.current === scheduler)
            received.signal()
        }
        for round in 0..<3 {
            subject.sendNext(round * 10)
            subject.sendNext(round * 10 + 1)
            XCTAssertEqual(received.wait(timeout: .now() + 5), .success)
        }
        XCTAssertEqual(values.all, [1, 11, 21])
        XCTAssertEqual(Set(onScheduler.all), [true])
        disposable.dispose()
    }

    func testDelayOnQueueSchedulerDeliversEveryEventInOrderAfterTheInterval() {
        let scheduler = Scheduler.background()
        let subject = Subject<Int>()
        let values = Fixture.Log<Int>()
        let start = Date()
        let firstAt = Fixture.Log<TimeInterval>()
        let completed = expectation(description: "completed")
        let disposable = subject.delay(0.05, on: scheduler).subscribe(
            next: {
                if $0 == 0 { firstAt.append(Date().timeIntervalSince(start)) }
                XCTAssertTrue(Scheduler.current === scheduler)
                values.append($0)
            },
            completed: { completed.fulfill() })
        for i in 0..<5_000 { subject.sendNext(i) }
        subject.sendCompleted()
        wait(for: [completed], timeout: 10)
        XCTAssertEqual(values.all, Array(0..<5_000))
        XCTAssertGreaterThanOrEqual(firstAt.all.first ?? 0, 0.045)
        disposable.dispose()
    }

    func testDelayOnQueueSchedulerErrorDropsWaitingValues() {
        let scheduler = Scheduler.background()
        let subject = Subject<Int>()
        let values = Fixture.Log<Int>()
        let failed = expectation(description: "failed")
        let disposable = subject.delay(0.05, on: scheduler).subscribe(
            next: { values.append($0) }, error: { _ in failed.fulfill() })
        subject.sendNext(1)
        subject.sendError(TestError.failed)
        wait(for: [failed], timeout: 5)
        let settled = expectation(description: "settled")
        scheduler.after(Date(timeIntervalSinceNow: 0.1)) { settled.fulfill() }
        wait(for: [settled], timeout: 5)
        XCTAssertEqual(values.all, [])
        disposable.dispose()
    }

    func testDelayOnQueueSchedulerDisposalCancelsWaitingValues() {
        let scheduler = Scheduler.background()
        let subject = Subject<Int>()
        let values = Fixture.Log<Int>()
        let disposable = subject.delay(0.02, on: scheduler).subscribeNext { values.append($0) }
        subject.sendNext(1)
        disposable.dispose()
        let settled = expectation(description: "settled")
        scheduler.after(Date(timeIntervalSinceNow: 0.1)) { settled.fulfill() }
        wait(for: [settled], timeout: 5)
        XCTAssertEqual(values.all, [])
    }

    func testBufferWithTimeOnQueueSchedulerSendsOneArrayPerWindow() {
        let scheduler = Scheduler.background()
        let subject = Subject<Int>()
        let arrays = Fixture.Log<[Int]>()
        let received = DispatchSemaphore(value: 0)
        let disposable = subject.buffer(withTime: 0.03, on: scheduler).subscribeNext {
            arrays.append($0)
            received.signal()
        }
        for round in 0..<2 {
            let gate = closeGate(scheduler)
            for i in 0..<100 { subject.sendNext(round * 100 + i) }
            gate.signal()
            XCTAssertEqual(received.wait(timeout: .now() + 5), .success)
        }
        XCTAssertEqual(arrays.all, [Array(0..<100), Array(100..<200)])
        disposable.dispose()
    }
}
