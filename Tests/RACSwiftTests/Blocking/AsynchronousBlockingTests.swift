import Foundation
import RACSwift
import XCTest

final class AsynchronousBlockingTests: RACTestCase {
    /// Sends its events through the main queue, later: a plain blocking call on the main
    /// thread could never see them.
    private func onMainQueue(_ values: [Int], then terminal: Event<Int>? = .completed) -> Signal<Int> {
        Signal.create { s in
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) {
                for value in values { s.sendNext(value) }
                switch terminal {
                case .error(let error)?: s.sendError(error)
                case .completed?: s.sendCompleted()
                case .next?, nil: break
                }
            }
            return nil
        }
    }

    func testAsynchronousFirstReturnsTheFirstValue() throws {
        XCTAssertEqual(try onMainQueue([1, 2]).asynchronousFirst(orDefault: 0), 1)
        XCTAssertEqual(try onMainQueue([3]).asynchronousFirst(), 3)
    }

    func testAsynchronousFirstOfAnEmptySignalReturnsTheDefault() throws {
        XCTAssertEqual(try onMainQueue([]).asynchronousFirst(orDefault: 9), 9)
        XCTAssertNil(try onMainQueue([]).asynchronousFirst())
        XCTAssertEqual(try Signal<Int>.empty.asynchronousFirst(orDefault: 4), 4)
    }

    func testAsynchronousFirstThrowsTheError() {
        XCTAssertThrowsError(try onMainQueue([], then: .error(TestError.boom)).asynchronousFirst(orDefault: 0)) {
            XCTAssertEqual($0 as? TestError, .boom)
        }
    }

    func testAsynchronousFirstTimesOutOnASignalThatNeverSends() {
        let start = Date()
        XCTAssertThrowsError(try Signal<Int>.never.asynchronousFirst(orDefault: 0, timeout: 0.2)) {
            XCTAssertEqual($0 as? SignalError, .timedOut)
        }
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(elapsed, 0.2)
        XCTAssertLessThan(elapsed, 3)
    }

    func testAsynchronousFirstDisposesTheSubscriptionOnTimeout() {
        nonisolated(unsafe) var disposed = false
        let signal = Signal<Int>.create { _ in Disposable { disposed = true } }
        XCTAssertThrowsError(try signal.asynchronousFirst(timeout: 0.05))
        XCTAssertTrue(disposed)
    }

    func testAsynchronouslyWaitUntilCompletedReturnsOnCompletion() throws {
        try onMainQueue([1, 2]).asynchronouslyWaitUntilCompleted()
        try Signal<Int>.empty.asynchronouslyWaitUntilCompleted()
    }

    func testAsynchronouslyWaitUntilCompletedThrowsTheError() {
        XCTAssertThrowsError(try onMainQueue([1], then: .error(TestError.other)).asynchronouslyWaitUntilCompleted()) {
            XCTAssertEqual($0 as? TestError, .other)
        }
    }

    func testAsynchronouslyWaitUntilCompletedTimesOutOnANeverEndingSignal() {
        let start = Date()
        XCTAssertThrowsError(try onMainQueue([1], then: nil).asynchronouslyWaitUntilCompleted(timeout: 0.2)) {
            XCTAssertEqual($0 as? SignalError, .timedOut)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
    }

    // The outcome comes through the main queue (RAC's deliverOn:mainThreadScheduler), so work
    // queued there before it has run when the call returns.
    func testMainQueueWorkQueuedBeforeTheOutcomeHasRunOnReturn() throws {
        let ranQueuedWork = HotBox(false)
        let signal = Signal<Int>.create { s in
            DispatchQueue.main.async { ranQueuedWork.value = true }
            s.sendNext(1)
            s.sendCompleted()
            return nil
        }
        XCTAssertEqual(try signal.asynchronousFirst(orDefault: 0), 1)
        XCTAssertTrue(ranQueuedWork.value)
    }

    func testBackgroundSignalsWorkToo() throws {
        let signal = Signal<Int>.create { s in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) {
                s.sendNext(5)
                s.sendCompleted()
            }
            return nil
        }
        XCTAssertEqual(try signal.asynchronousFirst(orDefault: 0), 5)
        try signal.asynchronouslyWaitUntilCompleted()
    }
}
