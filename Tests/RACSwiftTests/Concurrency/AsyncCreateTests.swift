import Foundation
import RACSwift
import XCTest


/// The async form of `Signal.create`.
final class AsyncCreateTests: RACTestCase {
    /// A flag set from any thread.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    func testValuesSentByTheBlockThenCompletionWhenItReturns() {
        let signal = Signal<Int>.create { subscriber in
            for value in 1...3 {
                await Task.yield()
                subscriber.sendNext(value)
            }
        }
        let log = ThreadedEvents<Int>()
        let disposable = log.subscribe(to: signal)
        XCTAssertTrue(waitUntil { log.isTerminated })
        XCTAssertEqual(log.values, [1, 2, 3])
        XCTAssertTrue(log.isCompleted)
        XCTAssertEqual(log.events.count, 4)
        disposable.dispose()
    }

    func testAThrownErrorIsTheErrorEvent() {
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            throw TestError.boom
        }
        let log = ThreadedEvents<Int>()
        let disposable = log.subscribe(to: signal)
        XCTAssertTrue(waitUntil { log.isTerminated })
        XCTAssertEqual(log.values, [1])
        XCTAssertEqual(log.error as? TestError, TestError.boom)
        XCTAssertEqual(log.events.count, 2)
        disposable.dispose()
    }

    func testATerminalEventSentByTheBlockIsTheLast() {
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendError(TestError.boom)
            subscriber.sendNext(2)
            throw CancellationError()  // dropped too: the signal has ended
        }
        let log = ThreadedEvents<Int>()
        let disposable = log.subscribe(to: signal)
        XCTAssertTrue(waitUntil { log.isTerminated })
        XCTAssertEqual(log.values, [1])
        XCTAssertEqual(log.error as? TestError, TestError.boom)
        disposable.dispose()
    }

    func testEachSubscriptionRunsTheBlockAgain() async throws {
        let runs = Counter()
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendNext(runs.increment())
        }
        let first = try await signal.toArray()
        let second = try await signal.toArray()
        XCTAssertEqual(first + second, [1, 2])
    }

    func testDisposalCancelsTheTaskAndLaterSendsGoNowhere() {
        let started = Flag(), cancelled = Flag(), finished = Flag()
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            started.set()
            // Waits for cancellation without throwing, then keeps sending.
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 1_000_000) }
            cancelled.set()
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            finished.set()
        }
        let log = ThreadedEvents<Int>()
        let disposable = log.subscribe(to: signal)
        XCTAssertTrue(waitUntil { started.isSet })
        disposable.dispose()
        XCTAssertTrue(waitUntil { finished.isSet }, "disposal cancelled the task")
        XCTAssertTrue(cancelled.isSet)
        XCTAssertEqual(log.values, [1])
        XCTAssertFalse(log.isTerminated, "nothing sent after disposal arrives")
    }

    func testCancellationErrorAfterDisposalIsNotDelivered() {
        let started = Flag()
        let signal = Signal<Int>.create { _ in
            started.set()
            try await Task.sleep(nanoseconds: 60_000_000_000)
        }
        let log = ThreadedEvents<Int>()
        let disposable = log.subscribe(to: signal)
        XCTAssertTrue(waitUntil { started.isSet })
        disposable.dispose()
        // The sleep throws CancellationError at once; give it time to (not) arrive.
        XCTAssertFalse(waitUntil(timeout: 0.2) { log.isTerminated })
        XCTAssertEqual(log.events.count, 0)
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() -> Int { lock.withLock { value += 1; return value } }
    }
}
