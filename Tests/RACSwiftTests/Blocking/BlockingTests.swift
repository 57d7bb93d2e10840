import Foundation
import RACSwift
import XCTest

/// Sends `values` then `terminal` synchronously, while being subscribed.
private func values(_ values: [Int], then terminal: Event<Int> = .completed) -> Signal<Int> {
    Signal.create { s in
        for value in values { s.sendNext(value) }
        if case .error(let error) = terminal { s.sendError(error) } else { s.sendCompleted() }
        return nil
    }
}

/// Sends `values` then `terminal` from a background queue, after the subscription returned.
private func asynchronous(_ values: [Int], then terminal: Event<Int> = .completed) -> Signal<Int> {
    let terminal = UncheckedTerminal(terminal)
    return Signal.create { s in
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) {
            for value in values { s.sendNext(value) }
            if case .error(let error) = terminal.event { s.sendError(error) } else { s.sendCompleted() }
        }
        return nil
    }
}

private struct UncheckedTerminal: @unchecked Sendable {
    let event: Event<Int>
    init(_ event: Event<Int>) { self.event = event }
}

final class BlockingTests: RACTestCase {
    // MARK: first

    func testFirstReturnsTheFirstValue() throws {
        XCTAssertEqual(try values([1, 2, 3]).first(), 1)
        XCTAssertEqual(try asynchronous([4, 5]).first(), 4)
    }

    func testFirstOfAnEmptySignalIsNil() throws {
        XCTAssertNil(try Signal<Int>.empty.first())
        XCTAssertNil(try asynchronous([]).first())
    }

    func testFirstThrowsTheErrorSentBeforeAnyValue() {
        XCTAssertThrowsError(try values([], then: .error(TestError.boom)).first()) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }
        XCTAssertThrowsError(try asynchronous([], then: .error(TestError.other)).first()) { error in
            XCTAssertEqual(error as? TestError, .other)
        }
    }

    func testFirstIgnoresAnErrorAfterTheFirstValue() throws {
        XCTAssertEqual(try values([7], then: .error(TestError.boom)).first(), 7)
    }

    // RAC's -first is take:1 then wait: the subscription ends as soon as the value arrives.
    func testFirstDisposesTheSubscriptionAfterTheFirstValue() throws {
        nonisolated(unsafe) var disposed = false
        nonisolated(unsafe) var sentAfterDisposal = 0
        let signal = Signal<Int>.create { s in
            s.sendNext(1)
            s.sendNext(2)
            sentAfterDisposal += 1
            return Disposable { disposed = true }
        }
        XCTAssertEqual(try signal.first(), 1)
        XCTAssertTrue(disposed)
        XCTAssertEqual(sentAfterDisposal, 1)
    }

    func testFirstOrDefault() throws {
        XCTAssertEqual(try values([3]).first(orDefault: 9), 3)
        XCTAssertEqual(try Signal<Int>.empty.first(orDefault: 9), 9)
        XCTAssertEqual(try asynchronous([]).first(orDefault: 8), 8)
        XCTAssertThrowsError(try values([], then: .error(TestError.boom)).first(orDefault: 9))
    }

    func testFirstKeepsNilValuesOfOptionalSignals() throws {
        let signal = Signal<Int?>.create { s in
            s.sendNext(nil)
            s.sendCompleted()
            return nil
        }
        XCTAssertNil(try signal.first(orDefault: 5))
        let first: Int?? = try signal.first()
        XCTAssertEqual(first, .some(nil))
    }

    func testFirstFromABackgroundThread() {
        let done = expectation(description: "first")
        Thread {
            XCTAssertEqual(try? asynchronous([1]).first(), 1)
            XCTAssertEqual(try? values([2]).first(), 2)
            done.fulfill()
        }.start()
        wait(for: [done], timeout: 10)
    }

    // MARK: waitUntilCompleted

    func testWaitUntilCompletedReturnsOnCompletion() throws {
        let sent = HotBox(0)
        let signal = Signal<Int>.create { s in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) {
                sent.value = 3
                s.sendNext(1)
                s.sendCompleted()
            }
            return nil
        }
        try signal.waitUntilCompleted()
        XCTAssertEqual(sent.value, 3)
        try values([1, 2]).waitUntilCompleted()
        try Signal<Int>.empty.waitUntilCompleted()
    }

    func testWaitUntilCompletedThrowsTheError() {
        XCTAssertThrowsError(try values([1], then: .error(TestError.boom)).waitUntilCompleted()) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }
        XCTAssertThrowsError(try asynchronous([1], then: .error(TestError.other)).waitUntilCompleted()) { error in
            XCTAssertEqual(error as? TestError, .other)
        }
    }

    // MARK: toArray

    func testToArrayReturnsEveryValueInOrder() throws {
        XCTAssertEqual(try values([1, 2, 3]).toArray(), [1, 2, 3])
        XCTAssertEqual(try asynchronous([4, 5, 6]).toArray(), [4, 5, 6])
    }

    func testToArrayOfAnEmptySignalIsEmpty() throws {
        XCTAssertEqual(try Signal<Int>.empty.toArray(), [])
        XCTAssertEqual(try asynchronous([]).toArray(), [])
    }

    func testToArrayThrowsTheErrorDiscardingTheValues() {
        XCTAssertThrowsError(try values([1, 2], then: .error(TestError.boom)).toArray()) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }
        XCTAssertThrowsError(try asynchronous([1], then: .error(TestError.other)).toArray())
    }

    func testBlockingOnAReplayedSubjectOnTheMainThread() throws {
        // A subject subscribes at once, so a replay subject that already holds its events
        // answers without any other thread.
        let subject = ReplaySubject<Int>()
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(try subject.first(), 1)
        XCTAssertEqual(try subject.toArray(), [1, 2])
        try subject.waitUntilCompleted()
    }
}
