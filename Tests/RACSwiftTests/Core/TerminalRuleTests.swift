import Foundation
import XCTest
@testable import RACSwift

/// The terminal rule — a terminal event disposes the subscription first, then goes out (RAC's
/// order), and nothing goes out once a terminal event went out or disposal began — checked on
/// the places that now end their output through the output point or its last step
/// (`RecursiveLock.endOutput`): create's subscriber, `AnySubscriber`, catch, defer,
/// `Signal.try`, startWith and subscribe(on:).
final class TerminalRuleTests: RACTestCase {
    /// Thread-safe lines for `AnySubscriber`'s `@Sendable` closures.
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        var all: [String] { lock.withLock { stored } }
    }

    // MARK: create's subscriber

    func testCreateDisposesBeforeTheTerminalEventAndDropsWhatFollows() {
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        let disposable = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            subscriber.sendNext(2)
            subscriber.sendError(TestError(code: 1))
            return nil
        }.subscribe(log)
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(log.entries, ["next 1", "disposed", "completed"])
    }

    func testCreateTerminationNestedInADeliveryGoesOutThereAndStopsTheOuterSends() {
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        nonisolated(unsafe) var passthrough: (any Subscriber<Int>)?
        log.onNext = { value in if value == 1 { passthrough?.sendError(TestError(code: 1)) } }
        _ = Signal<Int>.create { subscriber in
            passthrough = subscriber
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }.subscribe(log)
        passthrough = nil
        log.onNext = nil
        XCTAssertEqual(log.entries, ["next 1", "disposed", "error"])
    }

    // MARK: AnySubscriber

    func testAnySubscriberDisposesBeforeCallingTheTerminalClosureAndIgnoresWhatFollows() {
        let lines = Lines()
        let subscriber = AnySubscriber<Int>(
            next: { lines.append("next \($0)") }, error: { _ in lines.append("error") },
            completed: { lines.append("completed") })
        subscriber.disposable.add(Disposable { lines.append("disposed") })
        subscriber.sendNext(1)
        subscriber.sendCompleted()
        subscriber.sendNext(2)
        subscriber.sendError(TestError(code: 1))
        XCTAssertEqual(lines.all, ["next 1", "disposed", "completed"])
    }

    func testAnySubscriberTerminationNestedInNextRunsThere() {
        let lines = Lines()
        nonisolated(unsafe) var me: AnySubscriber<Int>?
        let subscriber = AnySubscriber<Int>(
            next: { value in
                lines.append("next \(value)")
                if value == 1 { me?.sendError(TestError(code: 1)) }
                lines.append("after next \(value)")
            },
            error: { _ in lines.append("error") })
        me = subscriber
        subscriber.disposable.add(Disposable { lines.append("disposed") })
        subscriber.sendNext(1)
        subscriber.sendNext(2)
        me = nil
        XCTAssertEqual(lines.all, ["next 1", "disposed", "error", "after next 1"])
    }

    // MARK: The shared last step

    func testEndOutputDisposesThenDeliversWithTheLockHeld() {
        // The lock rule (issue 30): a disposal waits for no lock held across a delivery, so
        // the last step keeps the lock (every level) — no other thread's event can come in
        // between the disposal and the terminal event.
        let lock = RecursiveLock()
        let entries = Lines()
        let disposal = Disposable {
            // Another thread tries the lock while the disposal runs.
            let tried = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                entries.append(lock.withLockIfAvailable({}) != nil ? "disposed, lock free" : "disposed, lock held")
                tried.signal()
            }
            _ = tried.wait(timeout: .now() + 10)
        }
        lock.withLock {
            lock.withLock {
                lock.endOutput(disposing: disposal) { entries.append("delivered") }
                entries.append("still nested")
            }
        }
        XCTAssertEqual(entries.all, ["disposed, lock held", "delivered", "still nested"])
        XCTAssertTrue(disposal.isDisposed)
    }

    // MARK: catch

    func testCatchDisposesBeforeForwardingCompletion() {
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        _ = Signal<Int>.return(1).catch { _ in .never }.subscribe(log)
        XCTAssertEqual(log.entries, ["next 1", "disposed", "completed"])
    }

    func testCatchReplacementEndsThroughTheSameRule() {
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        _ = Signal<Int>.error(TestError(code: 1)).catch { _ in Signal.from([5, 6]) }.subscribe(log)
        XCTAssertEqual(log.entries, ["next 5", "next 6", "disposed", "completed"])
    }

    func testCatchForwardsNothingOnceDisposedEvenFromACarelessSource() {
        let source = CarelessSource<Int>()
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        let disposable = source.catch { _ in Signal.return(9) }.subscribe(log)
        source.subscriber?.sendNext(1)
        disposable.dispose()
        // Values go out unchecked, as through every single-source sink (a source stops sending
        // once disposed); terminal events are the output point's to drop.
        source.subscriber?.sendError(TestError(code: 1))
        source.subscriber?.sendCompleted()
        source.subscriber = nil
        XCTAssertEqual(log.entries, ["next 1", "disposed"], "neither a replacement nor a completion after disposal")
    }

    // MARK: defer, try, startWith

    func testDeferDisposesBeforeForwardingTheMadeSignalsTerminalEvent() {
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        _ = Signal<Int>.defer { Signal.return(3) }.subscribe(log)
        XCTAssertEqual(log.entries, ["next 3", "disposed", "completed"])
    }

    func testTrySendsTheValueThenDisposesThenCompletes() {
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        _ = Signal<Int>.try { 4 }.subscribe(log)
        XCTAssertEqual(log.entries, ["next 4", "disposed", "completed"])
    }

    func testTryThatThrowsDisposesThenFails() {
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        _ = Signal<Int>.try { throw TestError(code: 1) }.subscribe(log)
        XCTAssertEqual(log.entries, ["disposed", "error"])
    }

    func testTrySubscriberDisposingWhileReceivingTheValueGetsNoCompletion() {
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        nonisolated(unsafe) var subscription: Disposable?
        log.onNext = { _ in subscription?.dispose() }
        // Subscribed from a scheduler that is not current, so that the subscription is in hand
        // before the body runs.
        let scheduler = TestScheduler()
        scheduler.schedule {
            subscription = Signal<Int>.try { 4 }.subscribe(on: scheduler).subscribe(log)
        }
        scheduler.run()
        log.onNext = nil
        subscription = nil
        XCTAssertEqual(log.entries, ["next 4", "disposed"])
    }

    func testStartWithDisposesBeforeForwardingTheSourcesTerminalEvent() {
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        _ = Signal<Int>.error(TestError(code: 1)).startWith(0).subscribe(log)
        XCTAssertEqual(log.entries, ["next 0", "disposed", "error"])
    }

    // MARK: subscribe(on:)

    func testSubscribeOnDisposesBeforeTheTerminalEventAndDropsEventsOnceDisposed() {
        let scheduler = TestScheduler()
        let log = Fixture.OrderLog(watchingHandedSubscription: true)
        _ = Signal<Int>.from([1, 2]).subscribe(on: scheduler).subscribe(log)
        scheduler.run()
        XCTAssertEqual(log.entries, ["next 1", "next 2", "disposed", "completed"])

        let source = CarelessSource<Int>()
        let second = Fixture.OrderLog(watchingHandedSubscription: true)
        let disposable = source.subscribe(on: scheduler).subscribe(second)
        scheduler.run()
        source.subscriber?.sendNext(1)
        disposable.dispose()
        scheduler.run()
        source.subscriber?.sendNext(2)
        source.subscriber?.sendCompleted()
        source.subscriber = nil
        XCTAssertEqual(second.entries, ["next 1", "disposed"])
    }
}
