import Foundation
import RACSwift
import XCTest


/// A flag set from any thread, read after the fact.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

final class AsyncBridgesTests: RACTestCase {
    private func numbers(_ values: [Int], then end: Event<Int> = .completed, disposed: Flag? = nil) -> Signal<Int> {
        Signal.create { subscriber in
            for value in values { subscriber.sendNext(value) }
            switch end {
            case .completed: subscriber.sendCompleted()
            case .error(let error): subscriber.sendError(error)
            case .next: break  // stays open
            }
            return Disposable { disposed?.set() }
        }
    }

    func testValuesYieldsEveryValueThenFinishes() async throws {
        var received: [Int] = []
        for try await value in numbers([1, 2, 3]).values { received.append(value) }
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testValuesThrowsTheSignalsErrorAfterItsValues() async {
        var received: [Int] = []
        do {
            for try await value in numbers([1, 2], then: .error(TestError.boom)).values { received.append(value) }
            XCTFail("expected the signal's error")
        } catch {
            XCTAssertEqual(error as? TestError, TestError.boom)
        }
        XCTAssertEqual(received, [1, 2])
    }

    func testFirstReturnsFirstValueAndDisposesTheSubscription() async throws {
        let disposed = Flag()
        let first = try await numbers([7, 8], then: .next(0), disposed: disposed).first()
        XCTAssertEqual(first, 7)
        // The create block may still be returning its disposable on the subscription thread;
        // it is disposed as soon as it is added.
        for _ in 0..<500 where !disposed.isSet { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertTrue(disposed.isSet, "an open signal's subscription ends once the first value is taken")
    }

    func testFirstOfEmptySignalIsNil() async throws {
        let first = try await Signal<Int>.empty.first()
        XCTAssertNil(first)
    }

    func testFirstThrowsError() async {
        do {
            _ = try await Signal<Int>.error(TestError.boom).first()
            XCTFail("expected the signal's error")
        } catch {
            XCTAssertEqual(error as? TestError, TestError.boom)
        }
    }

    func testToArrayCollectsUntilCompletion() async throws {
        let values = try await numbers([1, 2, 3]).toArray()
        XCTAssertEqual(values, [1, 2, 3])
        let none = try await Signal<Int>.empty.toArray()
        XCTAssertEqual(none, [])
    }

    func testWaitUntilCompletedReturnsOnCompletionAndThrowsOnError() async throws {
        try await numbers([1]).waitUntilCompleted()
        do {
            try await numbers([1], then: .error(TestError.boom)).waitUntilCompleted()
            XCTFail("expected the signal's error")
        } catch {
            XCTAssertEqual(error as? TestError, TestError.boom)
        }
    }

    func testCancellingTheConsumingTaskDisposesAndThrowsCancellation() async {
        let disposed = Flag()
        let subscribed = expectation(description: "subscribed")
        let open = Signal<Int>.create { _ in
            subscribed.fulfill()
            return Disposable { disposed.set() }
        }
        let consumer = Task { try await open.first() }
        await fulfillment(of: [subscribed], timeout: 5)
        consumer.cancel()
        do {
            _ = try await consumer.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "got \(error)")
        }
        // The create block may still be returning its disposable on the subscription thread
        // when the cancellation lands; that disposable is disposed as soon as it is added.
        for _ in 0..<500 where !disposed.isSet { try? await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertTrue(disposed.isSet)
    }

    func testFromAsyncSequenceSendsElementsThenCompletes() async throws {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }
        let values = try await Signal.from(stream).map { $0 * 10 }.toArray()
        XCTAssertEqual(values, [10, 20, 30])
    }

    func testFromAsyncSequenceForwardsTheThrownError() async {
        let stream = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: TestError.boom)
        }
        do {
            _ = try await Signal.from(stream).toArray()
            XCTFail("expected the sequence's error")
        } catch {
            XCTAssertEqual(error as? TestError, TestError.boom)
        }
    }

    func testDisposingFromCancelsTheIteratingTask() {
        let ended = expectation(description: "the sequence's iteration ended")
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.onTermination = { _ in ended.fulfill() }
        let received = expectation(description: "first element")
        let disposable = Signal.from(stream).subscribeNext { _ in received.fulfill() }
        continuation.yield(1)
        wait(for: [received], timeout: 5)
        disposable.dispose()
        wait(for: [ended], timeout: 5)
    }

    func testTaskSendsResultThenCompletes() async throws {
        let values = try await Signal.task { 6 * 7 }.toArray()
        XCTAssertEqual(values, [42])
    }

    func testTaskSendsThrownError() async {
        do {
            _ = try await Signal<Int>.task { throw TestError.boom }.first()
            XCTFail("expected the task's error")
        } catch {
            XCTAssertEqual(error as? TestError, TestError.boom)
        }
    }

    func testDisposingTaskSignalCancelsTheTask() {
        let cancelled = expectation(description: "operation saw cancellation")
        let started = expectation(description: "operation started")
        let signal = Signal<Int>.task {
            started.fulfill()
            do {
                try await Task.sleep(nanoseconds: 60_000_000_000)
            } catch {
                cancelled.fulfill()
                throw error
            }
            return 0
        }
        nonisolated(unsafe) var events: [String] = []
        let disposable = signal.subscribe(next: { _ in events.append("next") }, error: { _ in events.append("error") })
        wait(for: [started], timeout: 5)
        disposable.dispose()
        wait(for: [cancelled], timeout: 5)
        XCTAssertEqual(events, [], "no event gets through after disposal")
    }
}
