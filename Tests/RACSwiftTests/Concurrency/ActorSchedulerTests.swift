import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// A real actor that records what reaches it and checks, at each call, that the call runs on
/// it (`assertIsolated` stops the process otherwise).
private actor Tally {
    private(set) var events: [String] = []
    private var isInside = false
    private(set) var overlaps = 0
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func record(_ event: String) {
        assertIsolated()
        // Deliveries are synchronous on the actor; an overlap would mean two ran at once.
        if isInside { overlaps += 1 }
        isInside = true
        events.append(event)
        isInside = false
        let ready = waiters.filter { $0.count <= events.count }
        waiters.removeAll { $0.count <= events.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `count` events were recorded.
    func waitForEvents(_ count: Int) async {
        if events.count >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}

final class ActorSchedulerTests: RACTestCase {
    /// Waits, bounded, for the tally to hold `count` events (a real scheduler: no virtual time).
    private func events(of tally: Tally, count: Int) async -> [String] {
        let arrived = expectation(description: "\(count) events")
        Task {
            await tally.waitForEvents(count)
            arrived.fulfill()
        }
        await fulfillment(of: [arrived], timeout: 10)
        return await tally.events
    }

    func testSubscribeNextRunsIsolatedToTheActorEventByEvent() async {
        let tally = Tally()
        let values = Subject<Int>()
        let subscription = values.on(tally).subscribe(
            next: { tally, value in tally.record("next \(value)") },
            completed: { tally in tally.record("completed") })

        values.sendNext(1)
        let afterFirst = await events(of: tally, count: 1)
        XCTAssertEqual(afterFirst, ["next 1"])
        values.sendNext(2)
        let afterSecond = await events(of: tally, count: 2)
        XCTAssertEqual(afterSecond, ["next 1", "next 2"])
        values.sendCompleted()
        let all = await events(of: tally, count: 3)
        XCTAssertEqual(all, ["next 1", "next 2", "completed"])
        subscription.dispose()
    }

    func testValuesFromSeveralThreadsArriveInRACOrderOneAtATime() async {
        let tally = Tally()
        let values = Subject<Int>()
        values.on(tally).subscribe(
            next: { tally, value in tally.record("\(value)") },
            error: { tally, error in tally.record("error \(error)") })
        // One sender at a time (a subject's sends are serialized); the actor must see them in
        // the order they were sent, whatever threads sent them.
        let queues = (0..<4).map { DispatchQueue(label: "sender \($0)") }
        for value in 0..<200 {
            queues[value % 4].sync { values.sendNext(value) }
        }
        values.sendError(TestError.boom)
        let all = await events(of: tally, count: 201)
        XCTAssertEqual(all, (0..<200).map(String.init) + ["error \(TestError.boom)"])
        let overlaps = await tally.overlaps
        XCTAssertEqual(overlaps, 0)
    }

    func testDisposalDropsEventsNotDeliveredYet() async {
        let tally = Tally()
        let values = Subject<Int>()
        let entered = expectation(description: "the first value is on the actor")
        let gate = DispatchSemaphore(value: 0)
        let subscription = values.on(tally).subscribeNext { tally, value in
            tally.record("\(value)")
            if value == 1 {
                entered.fulfill()
                gate.wait()
            }
        }
        values.sendNext(1)
        values.sendNext(2)
        await fulfillment(of: [entered], timeout: 10)
        // Disposed while the actor is held inside the first value's closure, with the second
        // value waiting in the scheduler's queue.
        subscription.dispose()
        gate.signal()
        values.sendNext(3)
        // This read runs on the actor after the queue's task has run out (that task never
        // suspends), so the second value has had its turn by then.
        let final = await tally.events
        XCTAssertEqual(final, ["1"])
    }

    func testSchedulerRunsBlocksOnTheActorAsTheCurrentScheduler() async {
        let tally = Tally()
        let scheduler = ActorScheduler(tally)
        let sawCurrent = Locked<[Bool]>([])
        let done = expectation(description: "blocks ran")
        done.expectedFulfillmentCount = 3
        for _ in 0..<3 {
            scheduler.schedule {
                tally.assertIsolated()
                sawCurrent.append(Scheduler.current === scheduler)
                done.fulfill()
            }
        }
        await fulfillment(of: [done], timeout: 10)
        XCTAssertEqual(sawCurrent.value, [true, true, true])
    }

    func testSchedulerRunsATimedBlockOnTheActorAndACancelledOneNever() async {
        let tally = Tally()
        let scheduler = ActorScheduler(tally)
        let ran = expectation(description: "timed block")
        let cancelledRan = Locked(false)
        let cancelled = scheduler.afterDelay(0.01) { cancelledRan.value = true }
        cancelled?.dispose()
        scheduler.afterDelay(0.02) {
            tally.assertIsolated()
            ran.fulfill()
        }
        await fulfillment(of: [ran], timeout: 10)
        XCTAssertFalse(cancelledRan.value)
    }

    func testRepeatingTimerFiresOnTheActorUntilDisposed() async {
        let tally = Tally()
        let scheduler = ActorScheduler(tally)
        let fired = expectation(description: "three firings")
        fired.expectedFulfillmentCount = 3
        fired.assertForOverFulfill = false
        let count = Locked(0)
        let timer = scheduler.after(Date(), repeatingEvery: 0.005, withLeeway: 0) {
            tally.assertIsolated()
            count += 1
            fired.fulfill()
        }
        await fulfillment(of: [fired], timeout: 10)
        timer?.dispose()
        XCTAssertGreaterThanOrEqual(count.value, 3)
    }

    func testErrorAndCompletedFormsRunIsolatedToTheActor() async {
        let tally = Tally()
        let failing = Subject<Int>()
        let completing = Subject<Int>()
        failing.on(tally).subscribeError { tally, error in tally.record("error \(error)") }
        failing.sendNext(1)
        failing.sendError(TestError.boom)
        let afterError = await events(of: tally, count: 1)
        XCTAssertEqual(afterError, ["error \(TestError.boom)"])
        completing.on(tally).subscribeCompleted { tally in tally.record("completed") }
        completing.sendNext(2)
        completing.sendCompleted()
        let all = await events(of: tally, count: 2)
        XCTAssertEqual(all, ["error \(TestError.boom)", "completed"])
    }

    func testBlocksScheduledFromManyThreadsRunOnceEachInEachThreadsOrder() async {
        let tally = Tally()
        let scheduler = ActorScheduler(tally)
        let threads = 4, perThread = 500
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                scheduler.schedule { tally.assumeIsolated { $0.record("\(thread):\(index)") } }
            }
        }
        let all = await events(of: tally, count: threads * perThread)
        XCTAssertEqual(all.count, threads * perThread)
        for thread in 0..<threads {
            let mine = all.filter { $0.hasPrefix("\(thread):") }
            XCTAssertEqual(mine, (0..<perThread).map { "\(thread):\($0)" })
        }
        let overlaps = await tally.overlaps
        XCTAssertEqual(overlaps, 0)
    }
}
