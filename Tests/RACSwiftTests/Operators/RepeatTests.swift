import XCTest
@_spi(Testing) import RACSwift

final class RepeatTests: VirtualTimeTestCase {
    /// Subscribes with `scheduler` current; the subscriber disposes itself after `limit`
    /// values (what `take(limit)` would do).
    private func subscribe<T>(_ signal: Signal<T>, limit: Int = .max, _ log: @escaping @Sendable (Event<T>) -> Void) -> Disposable {
        nonisolated(unsafe) var count = 0
        // The subscriber's own disposable ends every subscription it is part of; captured
        // weakly so the closures do not keep it alive.
        let stop = UncheckedBox<CompoundDisposable?>(nil)
        let subscriber = AnySubscriber<T>(
            next: { value in
                log(.next(value))
                count += 1
                if count == limit { stop.value?.dispose() }
            },
            error: { log(.error($0)) },
            completed: { log(.completed) })
        stop.value = subscriber.disposable
        scheduler.performAsCurrentScheduler { signal.subscribe(subscriber) }
        return subscriber.disposable
    }

    func testRepeatSubscribesAgainAfterEachCompletionOneSchedulerTurnApart() {
        let source = SyncSource<Int>([.next(1), .next(2), .completed])
        nonisolated(unsafe) var events: [Event<Int>] = []
        let d = subscribe(source.signal.repeat()) { events.append($0) }
        XCTAssertEqual(events, [.next(1), .next(2)])
        XCTAssertEqual(source.subscriptions, 1)
        scheduler.step()
        XCTAssertEqual(source.subscriptions, 2)
        XCTAssertEqual(events, [.next(1), .next(2), .next(1), .next(2)])
        scheduler.step(2)
        XCTAssertEqual(source.subscriptions, 4)
        d.dispose()
        scheduler.run()
        XCTAssertEqual(source.subscriptions, 4)
        XCTAssertFalse(events.contains { $0.isFinished })
    }

    func testRepeatForwardsAnErrorAndStops() {
        nonisolated(unsafe) var runs = 0
        let signal = Signal<Int>.create { s in
            runs += 1
            s.sendNext(runs)
            if runs == 3 { s.sendError(TestError(code: runs)) } else { s.sendCompleted() }
            return nil
        }
        nonisolated(unsafe) var events: [Event<Int>] = []
        _ = subscribe(signal.repeat()) { events.append($0) }
        scheduler.run()
        XCTAssertEqual(events, [.next(1), .next(2), .next(3), .error(TestError(code: 3))])
        XCTAssertEqual(runs, 3)
    }

    func testDisposalStopsTheRunningSubscriptionAndTheLoop() {
        let source = ManualSource<Int>()
        nonisolated(unsafe) var events: [Event<Int>] = []
        let d = subscribe(source.signal.repeat()) { events.append($0) }
        // Terminal events sent with the test scheduler current, so that the repetition is
        // scheduled there (on the main thread it would be a main-queue turn).
        scheduler.performAsCurrentScheduler {
            source.send(1)
            source.complete()
        }
        scheduler.step()
        XCTAssertEqual(source.subscriptions, 2)
        source.send(2)
        d.dispose()
        XCTAssertEqual(source.disposals, 2)
        source.send(3)
        source.complete()
        scheduler.run()
        XCTAssertEqual(source.subscriptions, 2)
        XCTAssertEqual(events, [.next(1), .next(2)])
    }

    func testDisposalBetweenRepetitionsCancelsTheScheduledResubscription() {
        let source = SyncSource<Int>([.next(1), .completed])
        let d = subscribe(source.signal.repeat()) { _ in }
        XCTAssertEqual(scheduler.scheduledCount, 1)
        d.dispose()
        scheduler.run()
        XCTAssertEqual(source.subscriptions, 1)
    }

    func testEachSubscriptionHasItsOwnLoop() {
        let source = SyncSource<Int>([.next(1), .completed])
        let signal = source.signal.repeat()
        nonisolated(unsafe) var a = 0, b = 0
        let da = subscribe(signal, limit: 2) { if $0.value != nil { a += 1 } }
        let db = subscribe(signal, limit: 3) { if $0.value != nil { b += 1 } }
        scheduler.run()
        XCTAssertEqual([a, b], [2, 3])
        XCTAssertEqual(source.subscriptions, 5)
        da.dispose()
        db.dispose()
    }

    /// RAC's `[[RACSignal return:@1] repeat] take:1000000]`: a million synchronous
    /// repetitions, each a turn of the test scheduler, in constant stack.
    func testMillionSynchronousRepetitionsRunInConstantStack() {
        let total = 1_000_000
        nonisolated(unsafe) var count = 0
        let stop = UncheckedBox<CompoundDisposable?>(nil)
        let subscriber = AnySubscriber<Int>(next: { _ in
            count += 1
            if count == total { stop.value?.dispose() }
        })
        stop.value = subscriber.disposable
        let finished = subscriber.disposable
        scheduler.performAsCurrentScheduler { Signal.return(1).repeat().subscribe(subscriber) }
        scheduler.run()
        XCTAssertEqual(count, total)
        XCTAssertTrue(finished.isDisposed)
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    /// The loop drops each finished subscription: its disposable holds at most the
    /// scheduling and the running subscription, however many repetitions have run.
    func testFinishedSubscriptionsDoNotAccumulate() {
        let before = LiveSubscriptions.count
        let d = subscribe(SyncSource<Int>([.next(1), .completed]).signal.repeat()) { _ in }
        scheduler.step(1000)
        let during = LiveSubscriptions.count - before
        XCTAssertLessThan(during, 10)
        d.dispose()
    }
}

final class RepeatOnMainThreadTests: VirtualTimeTestCase {
    /// RAC's rule: with no scheduler block running, the main thread's current scheduler is
    /// `main`, so each repetition is a main-queue turn.
    func testRepetitionOnTheMainThreadIsAMainQueueTurn() {
        let source = ManualSource<Int>()
        nonisolated(unsafe) var events: [Event<Int>] = []
        let d = source.signal.repeat().subscribe(next: { events.append(.next($0)) })
        source.send(1)
        source.complete()
        XCTAssertEqual(source.subscriptions, 1)
        let resubscribed = expectation(description: "resubscribed")
        let box = UncheckedBox(source)
        DispatchQueue.main.async {
            XCTAssertEqual(box.value.subscriptions, 2)
            resubscribed.fulfill()
        }
        wait(for: [resubscribed], timeout: 5)
        d.dispose()
        XCTAssertEqual(source.disposals, 2)
        XCTAssertEqual(events, [.next(1)])
    }
}

final class RepeatOnBackgroundTests: VirtualTimeTestCase {
    /// Off the main thread with no scheduler current, the loop makes a background scheduler of
    /// its own (RAC's `[RACScheduler scheduler]`) and repeats there.
    func testRepeatSubscribedFromABackgroundThreadRepeatsOnABackgroundScheduler() {
        let total = 1_000
        let finished = expectation(description: "took \(total) values")
        let count = UncheckedBox(0)
        let onMain = UncheckedBox(false)
        let stop = UncheckedBox<CompoundDisposable?>(nil)
        let subscriber = AnySubscriber<Int>(next: { _ in
            count.value += 1
            if Thread.isMainThread { onMain.value = true }
            if count.value == total {
                stop.value?.dispose()
                finished.fulfill()
            }
        })
        stop.value = subscriber.disposable
        DispatchQueue.global().async { Signal.return(1).repeat().subscribe(subscriber) }
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(count.value, total)
        XCTAssertFalse(onMain.value)
    }
}
