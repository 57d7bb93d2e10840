import Dispatch
import XCTest
import RACSwift
import RACSwiftTesting

/// Issue 28c: `subscribe(on:)` of a constant signal (`return`, `empty`, `error`) does not
/// subscribe it: the scheduled subscription delivers its events itself. Each test runs the
/// constant and a `create` signal sending the same events synchronously (the general path),
/// and compares them event by event.
final class SubscribeOnConstantTests: VirtualTimeTestCase {
    /// A signal sending `events` synchronously when subscribed, through the general path.
    private func general(_ events: [Event<Int>]) -> Signal<Int> {
        Signal.create { subscriber in
            for event in events {
                switch event {
                case .next(let value): subscriber.sendNext(value)
                case .error(let error): subscriber.sendError(error)
                case .completed: subscriber.sendCompleted()
                }
            }
            return nil
        }
    }

    private func assertSameAsGeneral(
        _ constant: Signal<Int>, _ events: [Event<Int>], expected: [Recorded<Int>],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for (label, signal) in [("constant", constant), ("general", general(events))] {
            scheduler.advance(to: virtualDate(2))
            let recorder = scheduler.record(signal.subscribe(on: scheduler))
            XCTAssertEqual(recorder.events, [], "\(label): nothing before the scheduled subscription", file: file, line: line)
            scheduler.run()
            XCTAssertEqual(recorder.events.map(\.description), expected.map(\.description), label, file: file, line: line)
            XCTAssertTrue(recorder.disposable.isDisposed, "\(label): the terminal event ended the subscription", file: file, line: line)
        }
    }

    func testReturnDeliversOnTheScheduledSubscription() {
        assertSameAsGeneral(.return(7), [.next(7), .completed], expected: [.next(2, 7), .completed(2)])
    }

    func testEmptyCompletesOnTheScheduledSubscription() {
        assertSameAsGeneral(.empty, [.completed], expected: [.completed(2)])
    }

    func testErrorFailsOnTheScheduledSubscription() {
        assertSameAsGeneral(.error(TestError.boom), [.error(TestError.boom)], expected: [.error(2, TestError.boom)])
    }

    func testEventsArriveOnTheSchedulerAfterTheSubscriptionIsDisposed() {
        for signal in [Signal<Int>.return(1), general([.next(1), .completed])] {
            let log = Fixture.Log<String>()
            let scheduler = scheduler!
            let subscription = UncheckedBox<Disposable?>(nil)
            subscription.value = signal.subscribe(on: scheduler).subscribe(
                next: { log.append("next \($0) on test scheduler: \(Scheduler.current === scheduler)") },
                completed: { log.append("completed, disposed: \(subscription.value!.isDisposed)") })
            XCTAssertEqual(log.all, [])
            scheduler.run()
            XCTAssertEqual(log.all, ["next 1 on test scheduler: true", "completed, disposed: true"])
        }
    }

    func testDisposalBeforeTheScheduledSubscriptionDropsEverything() {
        for signal in [Signal<Int>.return(1), .empty, .error(TestError.boom), general([.next(1), .completed])] {
            let recorder = scheduler.record(signal.subscribe(on: scheduler))
            recorder.disposable.dispose()
            scheduler.run()
            XCTAssertEqual(recorder.events, [])
            XCTAssertEqual(scheduler.scheduledCount, 0)
        }
    }

    func testDisposalDuringTheValueDropsTheCompletion() {
        for signal in [Signal<Int>.return(1), general([.next(1), .completed])] {
            let log = Fixture.Log<String>()
            let subscription = UncheckedBox<Disposable?>(nil)
            subscription.value = signal.subscribe(on: scheduler).subscribe(
                next: {
                    log.append("next \($0)")
                    subscription.value!.dispose()
                },
                completed: { log.append("completed") })
            scheduler.run()
            XCTAssertEqual(log.all, ["next 1"])
            XCTAssertEqual(scheduler.scheduledCount, 0, "nothing left to dispose on the scheduler")
        }
    }

    func testSubscribingAgainFromTheValueQueuesAnotherSubscription() {
        let log = Fixture.Log<String>()
        let signal = Signal<Int>.return(1).subscribe(on: scheduler)
        nonisolated(unsafe) var inner: Disposable?
        let outer = signal.subscribe(
            next: { value in
                log.append("outer \(value)")
                inner = signal.subscribe(next: { log.append("inner \($0)") }, completed: { log.append("inner |") })
                log.append("outer after subscribing")
            },
            completed: { log.append("outer |") })
        scheduler.step()
        XCTAssertEqual(log.all, ["outer 1", "outer after subscribing", "outer |"], "the inner subscription waits its turn")
        scheduler.run()
        XCTAssertEqual(log.all, ["outer 1", "outer after subscribing", "outer |", "inner 1", "inner |"])
        XCTAssertTrue(outer.isDisposed)
        XCTAssertTrue(inner!.isDisposed)
    }

    func testEachSubscriptionGetsTheConstant() {
        let signal = Signal<Int>.return(5).subscribe(on: scheduler)
        let first = scheduler.record(signal)
        let second = scheduler.record(signal)
        scheduler.run()
        XCTAssertEqual(first.events, [.next(0, 5), .completed(0)])
        XCTAssertEqual(second.events, [.next(0, 5), .completed(0)])
    }
}

/// The same on a real background scheduler (a queue scheduler, where the subscription is the
/// queued unit itself).
final class SubscribeOnConstantQueueTests: RACTestCase {
    func testReturnOnABackgroundSchedulerDeliversEachValueThere() {
        let scheduler = Scheduler.background()
        let count = 1_000
        let values = Fixture.Log<Int>()
        let offScheduler = Fixture.Log<Int>()
        let completions = Locked(0)
        let done = expectation(description: "every subscription completed")
        var disposables: [Disposable] = []
        for i in 0..<count {
            disposables.append(Signal<Int>.return(i).subscribe(on: scheduler).subscribe(
                next: { value in
                    values.append(value)
                    if Scheduler.current !== scheduler { offScheduler.append(value) }
                },
                completed: {
                    if completions.withValue({ completed in
                        completed += 1
                        return completed == count
                    }) {
                        done.fulfill()
                    }
                }))
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(values.all, Array(0..<count), "in subscription order, each once")
        XCTAssertEqual(offScheduler.all, [])
        XCTAssertTrue(disposables.allSatisfy(\.isDisposed))
    }

    func testSubscribingFromADeliveryOnTheSchedulerQueuesBehindIt() {
        let scheduler = Scheduler.background()
        let log = Fixture.Log<String>()
        let innerDone = expectation(description: "inner completed")
        let inner = UncheckedBox<Disposable?>(nil)
        let outer = Signal<Int>.return(1).subscribe(on: scheduler).subscribe(
            next: { value in
                log.append("outer \(value)")
                inner.value = Signal<Int>.return(2).subscribe(on: scheduler).subscribe(
                    next: { log.append("inner \($0), on scheduler: \(Scheduler.current === scheduler)") },
                    completed: {
                        log.append("inner |")
                        innerDone.fulfill()
                    })
            },
            completed: { log.append("outer |") })
        wait(for: [innerDone], timeout: 5)
        XCTAssertEqual(log.all, ["outer 1", "outer |", "inner 2, on scheduler: true", "inner |"])
        XCTAssertTrue(outer.isDisposed)
        XCTAssertTrue(inner.value!.isDisposed)
    }

    func testDisposalBeforeTheQueuedSubscriptionRunsDropsIt() {
        let scheduler = Scheduler.background()
        let gate = Fixture.closeGate(scheduler)
        let log = Fixture.Log<String>()
        let dropped = Signal<Int>.return(1).subscribe(on: scheduler).subscribe(
            next: { log.append("dropped \($0)") }, completed: { log.append("dropped |") })
        let kept = Signal<Int>.return(2).subscribe(on: scheduler).subscribe(
            next: { log.append("kept \($0)") }, completed: { log.append("kept |") })
        dropped.dispose()
        gate.signal()
        let finished = expectation(description: "the queue ran")
        scheduler.schedule { finished.fulfill() }
        wait(for: [finished], timeout: 5)
        XCTAssertEqual(log.all, ["kept 2", "kept |"])
        XCTAssertTrue(kept.isDisposed)
    }
}
