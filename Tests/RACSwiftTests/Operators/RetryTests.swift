import XCTest
@_spi(Testing) import RACSwift

final class RetryTests: VirtualTimeTestCase {
    private func record<T>(_ signal: Signal<T>) -> EventLog<T> {
        var log: EventLog<T>!
        scheduler.performAsCurrentScheduler { log = EventLog(signal) }
        return log
    }

    /// Fails with its subscription number until `succeedOn`, where it sends the number and
    /// completes.
    private func failing(until succeedOn: Int = .max, runs: UnsafeMutablePointer<Int>) -> Signal<Int> {
        nonisolated(unsafe) let runs = runs
        return Signal.create { s in
            runs.pointee += 1
            s.sendNext(runs.pointee * 10)
            if runs.pointee >= succeedOn {
                s.sendCompleted()
            } else {
                s.sendError(TestError(code: runs.pointee))
            }
            return nil
        }
    }

    func testRetryTwoSubscribesThreeTimesAtMostThenForwardsTheError() {
        var runs = 0
        let log = record(failing(runs: &runs).retry(2))
        XCTAssertEqual(runs, 1)
        scheduler.step()
        XCTAssertEqual(runs, 2)
        scheduler.run()
        XCTAssertEqual(runs, 3)
        XCTAssertEqual(log.events, [.next(10), .next(20), .next(30), .error(TestError(code: 3))])
    }

    func testRetryForwardsCompletionAndStops() {
        var runs = 0
        let log = record(failing(until: 2, runs: &runs).retry(5))
        scheduler.run()
        XCTAssertEqual(runs, 2)
        XCTAssertEqual(log.events, [.next(10), .next(20), .completed])
    }

    func testRetryZeroAndRetryRetryForever() {
        var runs = 0
        let log = record(failing(until: 50, runs: &runs).retry(0))
        scheduler.run()
        XCTAssertEqual(runs, 50)
        XCTAssertEqual(log.events.last, .completed)
        var runs2 = 0
        let log2 = record(failing(until: 30, runs: &runs2).retry())
        scheduler.run()
        XCTAssertEqual(runs2, 30)
        XCTAssertEqual(log2.events.count, 31)
    }

    func testRetryCountIsFreshForEachSubscription() {
        var runs = 0
        let signal = failing(runs: &runs).retry(1)
        let first = record(signal)
        scheduler.run()
        let second = record(signal)
        scheduler.run()
        XCTAssertEqual(runs, 4)
        XCTAssertEqual(first.events, [.next(10), .next(20), .error(TestError(code: 2))])
        XCTAssertEqual(second.events, [.next(30), .next(40), .error(TestError(code: 4))])
    }

    func testDisposalStopsTheRunningSubscriptionAndTheRetries() {
        let source = ManualSource<Int>()
        let log = record(source.signal.retry())
        // Sent with the test scheduler current, so that the retry is scheduled there.
        scheduler.performAsCurrentScheduler { source.fail() }
        scheduler.step()
        XCTAssertEqual(source.subscriptions, 2)
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 2)
        source.fail()
        scheduler.run()
        XCTAssertEqual(source.subscriptions, 2)
        XCTAssertEqual(log.events, [])
    }

    func testDisposalBetweenRetriesCancelsTheScheduledResubscription() {
        var runs = 0
        let log = record(failing(runs: &runs).retry())
        log.disposable.dispose()
        scheduler.run()
        XCTAssertEqual(runs, 1)
    }

    /// `[[RACSignal error:e] retry:1000000]`: a million synchronous failures, each retry one
    /// turn of the test scheduler, in constant stack; then the error.
    func testMillionSynchronousRetriesRunInConstantStackThenForwardTheError() {
        nonisolated(unsafe) var runs = 0
        let signal = Signal<Int>.create { s in
            runs += 1
            s.sendError(TestError(code: 1))
            return nil
        }
        let log = record(signal.retry(1_000_000))
        scheduler.run()
        XCTAssertEqual(runs, 1_000_001)
        XCTAssertEqual(log.events, [.error(TestError(code: 1))])
    }
}
