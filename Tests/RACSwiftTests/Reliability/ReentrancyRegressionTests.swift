import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// One test per operator that the re-entrancy model checks and issue 15 found differing from
/// RAC, named after the rule; the comment gives the cause.
final class ReentrancyRegressionTests: RACTestCase {
    // MARK: State updated before forwarding

    func testTakeCountsBeforeForwarding() {
        // Cause: take decremented its count before the value went out but checked for the end
        // only after, so a value sent from inside the last delivery was taken too.
        let subject = Subject<Int>()
        nonisolated(unsafe) var events: [String] = []
        subject.take(3).subscribe(next: { value in
            events.append("\(value)")
            subject.sendNext(value + 1)
        }, completed: { events.append("completed") })
        subject.sendNext(0)
        XCTAssertEqual(events, ["0", "1", "2", "completed"])
    }

    func testBufferWithTimeSendsNoCompletionAfterADisposalDuringTheLastBuffer() {
        // Cause: completion flushed the buffer, then completed without checking whether the
        // subscriber had disposed while it received that buffer.
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        nonisolated(unsafe) var events: [String] = []
        nonisolated(unsafe) var disposable: Disposable?
        disposable = subject.buffer(withTime: 5, on: scheduler).subscribe(
            next: { values in
                events.append("\(values)")
                disposable?.dispose()
            }, completed: { events.append("completed") })
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertEqual(events, ["[1]"])
        scheduler.run()
    }

    func testThrottleSendsNoCompletionAfterADisposalDuringTheLastValue() {
        // Cause: completion sent the waiting value, then completed without checking whether
        // the subscriber had disposed while it received that value.
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        nonisolated(unsafe) var events: [String] = []
        nonisolated(unsafe) var disposable: Disposable?
        disposable = subject.throttle(5, on: scheduler).subscribe(
            next: { value in
                events.append("\(value)")
                disposable?.dispose()
            }, completed: { events.append("completed") })
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertEqual(events, ["1"])
        scheduler.run()
    }

    func testReplaySubjectReplaysAValueSentDuringTheReplay() {
        // Cause: the replay walked the values kept when it began, and the subscriber was
        // registered only after it, so a value sent meanwhile (kept, and delivered to the
        // registered subscribers) never reached it. RAC throws there.
        let subject = ReplaySubject<Int>()
        subject.sendNext(0)
        subject.sendNext(1)
        nonisolated(unsafe) var early: [Int] = []
        subject.subscribe(next: { early.append($0) })
        nonisolated(unsafe) var late: [Int] = []
        subject.subscribe(next: { value in
            late.append(value)
            if value == 0 { subject.sendNext(10) }
        })
        XCTAssertEqual(late, [0, 1, 10])
        subject.sendNext(2)
        XCTAssertEqual(late, [0, 1, 10, 2])
        XCTAssertEqual(early, [0, 1, 10, 2])
        subject.sendCompleted()
    }

    func testReplaySubjectReplaysATerminalEventSentDuringTheReplayAfterTheValues() {
        let subject = ReplaySubject<Int>()
        subject.sendNext(0)
        subject.sendNext(1)
        nonisolated(unsafe) var events: [String] = []
        subject.subscribe(next: { value in
            events.append("\(value)")
            if value == 0 { subject.sendCompleted() }
        }, completed: { events.append("completed") })
        XCTAssertEqual(events, ["0", "1", "completed"])
    }

    func testReplaySubjectWithACapacitySkipsValuesDroppedDuringTheReplay() {
        let subject = ReplaySubject<Int>(capacity: 2)
        subject.sendNext(0)
        subject.sendNext(1)
        nonisolated(unsafe) var late: [Int] = []
        subject.subscribe(next: { value in
            late.append(value)
            if value == 0 {
                subject.sendNext(10)
                subject.sendNext(11)
            }
        })
        // 1 was dropped (capacity 2) before the replay reached it.
        XCTAssertEqual(late, [0, 10, 11])
        subject.sendCompleted()
    }

    func testBehaviorSubjectRegistersBeforeSendingTheLatestValue() {
        // Cause: the latest value went out before the subscriber was registered, so a value
        // sent from inside that delivery went to the others only. RAC registers first.
        let subject = BehaviorSubject(defaultValue: 0)
        nonisolated(unsafe) var received: [Int] = []
        subject.subscribe(next: { value in
            received.append(value)
            if value == 0 { subject.sendNext(1) }
        })
        XCTAssertEqual(received, [0, 1])
        subject.sendCompleted()
    }

    // MARK: Subscriptions over before they start

    func testACreateBlockRunsForAnEndedReplaySubjectSubscriber() {
        // Cause: the create block was skipped when `didSubscribe(with:)` had already disposed
        // the subscription; RAC runs it and disposes what it returns at once.
        let subject = ReplaySubject<Int>()
        subject.sendCompleted()
        nonisolated(unsafe) var runs = 0, disposals = 0
        let subscription = Signal<Int>.create { subscriber in
            runs += 1
            subscriber.sendNext(1)
            return Disposable { disposals += 1 }
        }.subscribe(subject)
        XCTAssertTrue(subscription.isDisposed)
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(disposals, 1)
        nonisolated(unsafe) var replayed: [String] = []
        subject.subscribe(next: { replayed.append("\($0)") }, completed: { replayed.append("completed") })
        XCTAssertEqual(replayed, ["completed"], "nothing the block sent got through")
    }

    func testCombineLatestWithSubscribesTheSecondInputAfterTheFirstFailedSynchronously() {
        // Cause: the second input was skipped once the first had ended the result; RAC's
        // -combineLatestWith: subscribes both.
        nonisolated(unsafe) var subscriptions = 0, disposals = 0
        let second = Signal<Int>.create { _ in
            subscriptions += 1
            return Disposable { disposals += 1 }
        }
        nonisolated(unsafe) var events: [String] = []
        Signal<Int>.error(TestError(code: 1)).combineLatest(with: second)
            .subscribe(next: { events.append("\($0)") }, error: { events.append("error \($0)") })
        XCTAssertEqual(events, ["error E1"])
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(disposals, 1)
    }

    func testZipWithSubscribesTheSecondInputAfterTheFirstCompletedEmpty() {
        nonisolated(unsafe) var subscriptions = 0, disposals = 0
        let second = Signal<Int>.create { _ in
            subscriptions += 1
            return Disposable { disposals += 1 }
        }
        nonisolated(unsafe) var events: [String] = []
        Signal<Int>.empty.zip(with: second)
            .subscribe(next: { events.append("\($0)") }, completed: { events.append("completed") })
        XCTAssertEqual(events, ["completed"])
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(disposals, 1)
    }

    func testSampleSubscribesTheSamplerAfterTheSourceFailedSynchronously() {
        nonisolated(unsafe) var subscriptions = 0, disposals = 0
        let sampler = Signal<Int>.create { _ in
            subscriptions += 1
            return Disposable { disposals += 1 }
        }
        nonisolated(unsafe) var events: [String] = []
        Signal<Int>.error(TestError(code: 1)).sample(sampler)
            .subscribe(next: { events.append("\($0)") }, error: { events.append("error \($0)") })
        XCTAssertEqual(events, ["error E1"])
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(disposals, 1)
    }

    func testWindowSubscribesItsSourceAfterADisposalDuringTheFirstWindow() {
        // Cause: the source was skipped once the result had been disposed while `openings`
        // was being subscribed (here by the subscriber, as it received the first window);
        // RAC's -windowWithStart:close: subscribes it, and the subscription is disposed at once.
        nonisolated(unsafe) var subscriptions = 0, disposals = 0
        let source = Signal<Int>.create { _ in
            subscriptions += 1
            return Disposable { disposals += 1 }
        }
        nonisolated(unsafe) var windows = 0
        // The subscriber's own disposable holds the subscription from `didSubscribe(with:)`,
        // so it can end it while `subscribe` is still running.
        nonisolated(unsafe) var subscriber: AnySubscriber<Signal<Int>>?
        subscriber = AnySubscriber(next: { _ in
            windows += 1
            subscriber?.disposable.dispose()
        })
        source.window(withStart: Signal<Int>.return(0), close: { _ in Signal<Int>.never }).subscribe(subscriber!)
        subscriber = nil
        XCTAssertEqual(windows, 1)
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(disposals, 1)
    }

    func testDeferRunsItsClosureForASubscriptionAlreadyOver() {
        let subscriber = AnySubscriber<Int>()
        subscriber.sendCompleted()
        nonisolated(unsafe) var made = 0, disposals = 0
        let subscription = Signal<Int>.defer {
            made += 1
            return Signal.create { _ in Disposable { disposals += 1 } }
        }.subscribe(subscriber)
        XCTAssertTrue(subscription.isDisposed)
        XCTAssertEqual(made, 1)
        XCTAssertEqual(disposals, 1)
    }
}
