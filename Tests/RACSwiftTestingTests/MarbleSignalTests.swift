import XCTest
import RACSwift
import RACSwiftTesting

/// Cold and hot marble signals on the virtual clock, and `expectMarbles` passing.
final class MarbleSignalTests: TestingTestCase {
    /// Records `signal` from now and from two virtual seconds later, then runs the scheduler.
    private func recordNowAndTwoSecondsLater(
        _ signal: Signal<String>, on scheduler: TestScheduler
    ) -> (TestRecorder<String>, TestRecorder<String>) {
        let now = scheduler.record(signal)
        scheduler.advance(by: 2)
        let later = scheduler.record(signal)
        scheduler.run()
        return (now, later)
    }

    // MARK: Cold

    func testColdSignalStartsAtEachSubscription() {
        let scheduler = TestScheduler()
        let cold = scheduler.cold("-a-b|")
        let (first, second) = recordNowAndTwoSecondsLater(cold, on: scheduler)
        XCTAssertEqual(first.events, [.next(1, "a"), .next(3, "b"), .completed(4)])
        XCTAssertEqual(second.events, [.next(3, "a"), .next(5, "b"), .completed(6)])
    }

    func testColdSignalSendsNothingBeforeTheSchedulerRuns() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.cold("(a|)"))
        XCTAssertEqual(recorder.events, [])
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(0, "a"), .completed(0)])
    }

    func testColdSignalHashSendsTheGivenError() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.cold("-1#", values: ["1": 1], error: TestError.boom))
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(1, 1), .error(2, TestError.boom)])
    }

    func testDisposingAColdSubscriptionStopsItsEvents() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.cold("-a-b|"))
        scheduler.advance(by: 2)
        recorder.disposable.dispose()
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(1, "a")])
    }

    // MARK: Hot

    func testHotSignalEventsBeforeTheCaretAreMissed() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.hot("-a-^-b-|"))
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(2, "b"), .completed(4)])
    }

    func testLateSubscriberToAHotSignalMissesWhatWasSentBeforeIt() {
        let scheduler = TestScheduler()
        let hot = scheduler.hot("^-a-b-|")
        let (early, late) = recordNowAndTwoSecondsLater(hot, on: scheduler)
        XCTAssertEqual(early.events, [.next(2, "a"), .next(4, "b"), .completed(6)])
        XCTAssertEqual(late.events, [.next(4, "b"), .completed(6)])
    }

    func testHotSignalPlaysOnceForAllSubscribers() {
        let scheduler = TestScheduler()
        let hot = scheduler.hot("-a|")
        let first = scheduler.record(hot)
        let second = scheduler.record(hot.map { $0.uppercased() })
        scheduler.run()
        XCTAssertEqual(first.events, [.next(1, "a"), .completed(2)])
        XCTAssertEqual(second.events, [.next(1, "A"), .completed(2)])
        // A subscriber after the end sees nothing: a hot signal does not replay.
        let after = scheduler.record(hot)
        scheduler.run()
        XCTAssertEqual(after.events, [])
        after.disposable.dispose()
    }

    func testHotCaretIsTheMomentTheSignalIsMade() {
        let scheduler = TestScheduler()
        scheduler.advance(by: 10)
        let recorder = scheduler.record(scheduler.hot("a^-b|"))
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(12, "b"), .completed(13)])
    }

    func testHotEventAtTheCaretReachesSubscribersMadeBeforeTheClockRuns() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.hot("a(^b)-c", values: ["a": 1, "b": 2, "c": 3]))
        scheduler.advance(by: 5)
        XCTAssertEqual(recorder.events, [.next(0, 2), .next(2, 3)])
        recorder.disposable.dispose()
    }

    // MARK: expectMarbles passing

    func testExpectMarblesMapsValues() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
        scheduler.expectMarbles(source.map { $0 * 10 }, "-x-y-|", values: ["x": 10, "y": 20])
    }

    func testExpectMarblesWithStringValues() {
        let scheduler = TestScheduler()
        scheduler.expectMarbles(scheduler.cold("-a-(bc)|").map { $0.uppercased() }, "-A-(BC)|")
    }

    func testExpectMarblesFilter() {
        let scheduler = TestScheduler()
        let numbers = scheduler.cold("1-2-3-4|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
        scheduler.expectMarbles(numbers.filter { $0 % 2 == 0 }, "--2---4|", values: ["2": 2, "4": 4])
    }

    func testExpectMarblesConcatStartsTheSecondAtTheFirstsCompletion() {
        let scheduler = TestScheduler()
        scheduler.expectMarbles(scheduler.cold("-a|").concat(scheduler.cold("-b|")), "-a-b|")
    }

    func testExpectMarblesZipPairsInOrder() {
        let scheduler = TestScheduler()
        let letters = scheduler.cold("-a---b|")
        let digits = scheduler.cold("--1-2--|")
        scheduler.expectMarbles(letters.zip(with: digits).map { $0 + $1 }, "--x--y|", values: ["x": "a1", "y": "b2"])
    }

    func testExpectMarblesErrorMatchesTheGivenError() {
        let scheduler = TestScheduler()
        scheduler.expectMarbles(scheduler.cold("-a#", error: TestError.boom), "-a#", error: TestError.boom)
    }

    func testExpectMarblesAlignsHotInputAndOutputWithSpaces() {
        let scheduler = TestScheduler()
        // The expected diagram's frame 0 sits under the input's `^`.
        let input = scheduler.hot("-a-^-b-c-|")
        scheduler.expectMarbles(input.map { $0.uppercased() }, "   --B-C-|")
    }

    func testExpectMarblesCountsTimeFromItsSubscription() {
        let scheduler = TestScheduler()
        scheduler.advance(by: 5)
        scheduler.expectMarbles(scheduler.cold("-a|"), "-a|")
        XCTAssertEqual(scheduler.elapsed, 7)
    }

    func testExpectMarblesUntilStopsAnEndlessSignalAndDisposesIt() {
        let scheduler = TestScheduler()
        // Never completes: the subscription must be disposed by expectMarbles (the tearDown
        // leak check fails otherwise).
        scheduler.expectMarbles(scheduler.hot("^-a-b--"), "--a-b", until: 10)
        XCTAssertEqual(scheduler.elapsed, 10)
    }

    func testExpectMarblesWithoutUntilCannotHangOnAnEndlessTimer() {
        let scheduler = TestScheduler()
        let ticks = Signal<String>.create { subscriber in
            scheduler.after(scheduler.now.addingTimeInterval(1), repeatingEvery: 1, withLeeway: 0) {
                subscriber.sendNext("t")
            }
        }
        let comparison = scheduler.compareMarbles(ticks, "-ttt")
        XCTAssertFalse(comparison.matches)
        XCTAssertEqual(comparison.actual.count, 1005)
        XCTAssertEqual(Array(comparison.actual.prefix(3)), [.next(1, "t"), .next(2, "t"), .next(3, "t")])
        XCTAssertTrue(scheduler.compareMarbles(ticks, "-ttt", until: 3).matches)
    }

    func testRecorderEventsReadAsTheReadmeShows() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.cold("-a-|"))
        scheduler.advance(by: 3)
        XCTAssertEqual(recorder.events, [.next(1, "a"), .completed(3)])
        recorder.disposable.dispose()
        expectMarbles(recorder.events, "-a-|")
        XCTAssertEqual(recorder.events.marbleDiagram(), "-a-|")
    }

    func testRecordedEventsMatchADiagram() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(scheduler.cold("-a-(bc)|", values: ["a": 1, "b": 2, "c": 3]))
        scheduler.run()
        expectMarbles(recorder.events, "-a-(bc)|", values: ["a": 1, "b": 2, "c": 3])
        expectMarbles(recorder.events.map { Recorded(time: $0.time, event: $0.event.mapString()) }, "-1-(23)|")
    }
}

private extension Event where Value == Int {
    func mapString() -> Event<String> {
        switch self {
        case .next(let value): return .next(String(value))
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}
