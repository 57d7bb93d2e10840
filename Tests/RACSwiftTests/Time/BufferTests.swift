import XCTest
import RACSwift
import RACSwiftTesting

final class BufferTests: RACTestCase {
    func testBufferSendsEachWindowIntervalAfterItsFirstValue() {
        let scheduler = TestScheduler()
        scheduler.expectEvents({ $0.buffer(withTime: 2, on: scheduler) }, playing: [.next(1, "a"), .next(2, "b"), .next(4, "c"), .next(5.5, "d"), .next(6.5, "e"), .completed(20)],
                               [.next(3, ["a", "b"]), .next(6, ["c", "d"]), .next(8.5, ["e"]), .completed(20)])
    }

    func testBufferSendsNothingForQuietPeriods() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("----------1-------------------|", values: ["1": 1])
        scheduler.expectMarbles(source.buffer(withTime: 1, on: scheduler), "-----------x------------------|", values: ["x": [1]])
    }

    func testBufferValueArrivingExactlyWhenWindowClosesJoinsIt() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a-b------|")
        scheduler.expectMarbles(source.buffer(withTime: 2, on: scheduler), "---x------|", values: ["x": ["a", "b"]])
    }

    func testBufferCompletionFlushesOpenWindowThenCompletes() {
        let scheduler = TestScheduler()
        scheduler.expectEvents({ $0.buffer(withTime: 5, on: scheduler) }, playing: [.next(1, "a"), .next(1.5, "b"), .completed(2)],
                               [.next(2, ["a", "b"]), .completed(2)])
    }

    func testBufferCompletionWithNoOpenWindowSendsNoEmptyArray() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a---|")
        scheduler.expectMarbles(source.buffer(withTime: 1, on: scheduler), "--x--|", values: ["x": ["a"]])
    }

    func testBufferErrorDropsOpenWindowAndIsForwardedAtOnce() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a#", error: TestError.failed)
        scheduler.expectMarbles(source.buffer(withTime: 5, on: scheduler), "--#", values: [:], error: TestError.failed)
    }

    func testBufferKeepsOptionalNilValues() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-(n2)--|", values: ["n": nil, "2": 2] as [Character: Int?])
        scheduler.expectMarbles(source.buffer(withTime: 1, on: scheduler), "--x-|", values: ["x": [nil, 2]])
    }

    func testBufferDeliversWindowsOnItsScheduler() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<Int>()
        nonisolated(unsafe) var received: [[Int]] = []
        nonisolated(unsafe) var deliveredOn: Scheduler?
        // Sent on the main thread; the window is sent by the scheduler's timer.
        let disposable = source.signal.buffer(withTime: 1, on: scheduler).subscribeNext {
            received.append($0)
            deliveredOn = Scheduler.current
        }
        source.sendNext(1)
        source.sendNext(2)
        XCTAssertEqual(received, [])
        scheduler.advance(by: 1)
        XCTAssertEqual(received, [[1, 2]])
        XCTAssertTrue(deliveredOn === scheduler)
        disposable.dispose()
    }

    func testBufferDisposalMidWindowCancelsTimerAndSource() {
        let scheduler = TestScheduler()
        assertDisposalCancelsTimersAndSource({ $0.buffer(withTime: 2, on: scheduler) }, on: scheduler) { source in
            source.sendNext("a")
            scheduler.advance(by: 1)
        }
    }

    func testBufferResubscriptionStartsWithFreshState() {
        let scheduler = TestScheduler()
        scheduler.expectMarblesOnEachSubscription(scheduler.cold("-ab--|").buffer(withTime: 3, on: scheduler), "----x|", values: ["x": ["a", "b"]], resubscribingAt: 10)
    }
}
