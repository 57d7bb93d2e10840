import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

final class StartTests: RACTestCase {
    func testStartLazilyRunsNothingUntilSubscribed() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var runs = 0
        let signal = Signal<Int>.startLazily(on: scheduler) { s in
            runs += 1
            s.sendNext(1)
            s.sendCompleted()
        }
        scheduler.run()
        XCTAssertEqual(runs, 0)
        let recorder = scheduler.record(signal)
        XCTAssertEqual(runs, 0, "the block runs on the scheduler, not at subscription")
        scheduler.run()
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(recorder.events, [.next(0, 1), .completed(0)])
    }

    func testStartLazilyRunsTheBlockOnceAndReplaysItsEventsToLaterSubscribers() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var runs = 0
        let signal = Signal<Int>.startLazily(on: scheduler) { s in
            runs += 1
            s.sendNext(1)
            s.sendNext(2)
            s.sendCompleted()
        }
        let first = scheduler.record(signal)
        scheduler.run()
        scheduler.advance(by: 5)
        let second = scheduler.record(signal)
        scheduler.run()
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(first.events, [.next(0, 1), .next(0, 2), .completed(0)])
        XCTAssertEqual(second.events, [.next(5, 1), .next(5, 2), .completed(5)])
    }

    func testStartLazilySubscriptionDisposedBeforeItRunsNeverRunsTheBlock() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var runs = 0
        let signal = Signal<Int>.startLazily(on: scheduler) { s in
            runs += 1
            s.sendCompleted()
        }
        signal.subscribeNext { _ in }.dispose()
        scheduler.run()
        XCTAssertEqual(runs, 0)
    }

    func testStartLazilyForwardsLiveEventsAfterTheReplayedOnes() {
        let scheduler = TestScheduler()
        let signal = Signal<Int>.startLazily(on: scheduler) { s in
            s.sendNext(1)
            scheduler.afterDelay(3) {
                s.sendNext(2)
                s.sendError(TestError.boom)
            }
        }
        let recorder = scheduler.record(signal)
        scheduler.advance(by: 1)
        let late = scheduler.record(signal)
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(0, 1), .next(3, 2), .error(3, TestError.boom)])
        XCTAssertEqual(late.events, [.next(1, 1), .next(3, 2), .error(3, TestError.boom)])
    }

    // As with RAC's -subscribeOn:, a disposed subscriber stops receiving at once, and leaves
    // the shared replay on the scheduler; the others go on receiving.
    func testStartLazilyDisposedSubscriberGetsNothingMoreWhileOthersDo() {
        let scheduler = TestScheduler()
        let signal = Signal<Int>.startLazily(on: scheduler) { s in
            s.sendNext(1)
            scheduler.afterDelay(3) {
                s.sendNext(2)
                s.sendCompleted()
            }
        }
        let leaving = scheduler.record(signal)
        let staying = scheduler.record(signal)
        scheduler.advance(by: 1)
        leaving.disposable.dispose()
        scheduler.run()
        XCTAssertEqual(leaving.events, [.next(0, 1)])
        XCTAssertEqual(staying.events, [.next(0, 1), .next(3, 2), .completed(3)])
    }

    func testStartEagerlyRunsTheBlockWithoutSubscribers() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var runs = 0
        let signal = Signal<Int>.startEagerly(on: scheduler) { s in
            runs += 1
            s.sendNext(1)
            s.sendCompleted()
        }
        XCTAssertEqual(runs, 0, "the block runs on the scheduler")
        scheduler.run()
        XCTAssertEqual(runs, 1)
        let a = scheduler.record(signal)
        let b = scheduler.record(signal)
        scheduler.run()
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(a.events, [.next(0, 1), .completed(0)])
        XCTAssertEqual(b.events, [.next(0, 1), .completed(0)])
    }

    func testStartEagerlyOnTheImmediateSchedulerRunsAtOnce() {
        nonisolated(unsafe) var runs = 0
        let signal = Signal<String>.startEagerly(on: .immediate) { s in
            runs += 1
            s.sendNext("done")
            s.sendCompleted()
        }
        XCTAssertEqual(runs, 1)
        let log = HotEventLog<String>.subscribed(to: signal)
        XCTAssertEqual(log.events, [.next("done"), .completed])
        XCTAssertEqual(runs, 1)
    }

    func testStartEagerlyOnABackgroundSchedulerCanBeAwaitedFromTheMainThread() throws {
        let signal = Signal<Bool>.startEagerly(on: .background()) { s in
            s.sendNext(Thread.isMainThread)
            s.sendCompleted()
        }
        XCTAssertEqual(try signal.first(), false)
        XCTAssertEqual(try signal.toArray(), [false])
    }

    func testStartLazilyOnABackgroundSchedulerRunsOnceForConcurrentReaders() throws {
        let runs = HotBox(0)
        let signal = Signal<Int>.startLazily(on: .background()) { s in
            runs.value += 1
            s.sendNext(1)
            s.sendNext(2)
            s.sendCompleted()
        }
        XCTAssertEqual(runs.value, 0)
        XCTAssertEqual(try signal.toArray(), [1, 2])
        XCTAssertEqual(try signal.toArray(), [1, 2])
        XCTAssertEqual(runs.value, 1)
    }
}
