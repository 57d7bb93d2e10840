import XCTest
@testable import RACSwift
import RACSwiftTesting

final class DelayTests: RACTestCase {
    func testDelayShiftsValuesAndCompletionByInterval() {
        let scheduler = TestScheduler()
        scheduler.expectEvents({ $0.delay(2) }, playing: [.next(1, "a"), .next(1.5, "b"), .next(4, "c"), .completed(5)],
                               [.next(3, "a"), .next(3.5, "b"), .next(6, "c"), .completed(7)])
    }

    func testDelayDoesNotDelayErrorAndDropsEventsStillWaiting() {
        let scheduler = TestScheduler()
        // "a" was due at 3, before the error; "b" (due at 4) is dropped.
        scheduler.expectEvents({ $0.delay(2) }, playing: [.next(1, "a"), .next(2, "b"), .error(3.5, TestError.failed)],
                               [.next(3, "a"), .error(3.5, TestError.failed)])
    }

    func testDelayErrorWithNothingWaitingIsForwardedAtOnce() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-#", error: TestError.failed)
        scheduler.expectMarbles(source.delay(5), "-#", error: TestError.failed)
    }

    func testDelayZeroSendsInSameInstantAfterTheSender() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal([.next(1, "a"), .completed(1)])
        let recorder = scheduler.record(source.delay(0))
        scheduler.step()
        // The value is rescheduled, not sent inside the source's block.
        XCTAssertEqual(recorder.events, [])
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(1, "a"), .completed(1)])
    }

    func testDelayKeepsOptionalNilValues() {
        let scheduler = TestScheduler()
        let values: [Character: Int?] = ["n": nil, "7": 7]
        let source = scheduler.hot("-n7|", values: values)
        scheduler.expectMarbles(source.delay(1), "--n7|", values: values)
    }

    func testDelayOnExplicitSchedulerWaitsThereWhateverSchedulerSendsEvents() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<String>()
        nonisolated(unsafe) var received: [String] = []
        nonisolated(unsafe) var completedOn: Scheduler?
        // Subscribed and sent on the main thread, where `Scheduler.current` is `main`.
        let disposable = source.signal.delay(2, on: scheduler).subscribe(
            next: { received.append($0) }, completed: { completedOn = Scheduler.current })
        source.sendNext("a")
        source.sendCompleted()
        scheduler.advance(by: 1.9)
        XCTAssertEqual(received, [])
        scheduler.advance(by: 0.1)
        XCTAssertEqual(received, ["a"])
        XCTAssertTrue(completedOn === scheduler)
        disposable.dispose()
    }

    func testDelayDisposalMidIntervalCancelsEverythingWaiting() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal([.next(1, "a"), .next(2, "b"), .completed(2.5)])
        let recorder = scheduler.record(source.delay(2))
        scheduler.advance(to: virtualDate(3.2))
        XCTAssertEqual(recorder.events, [.next(3, "a")])
        recorder.disposable.dispose()
        scheduler.run()
        XCTAssertEqual(scheduler.scheduledCount, 0)
        XCTAssertEqual(recorder.events, [.next(3, "a")])
    }

    func testDelayDisposalDisposesSource() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<Int>()
        let recorder = scheduler.record(source.signal.delay(1))
        recorder.disposable.dispose()
        XCTAssertEqual(source.disposalCount, 1)
    }

    func testDelayResubscriptionStartsWithFreshState() {
        let scheduler = TestScheduler()
        scheduler.expectMarblesOnEachSubscription(scheduler.cold("-a|").delay(1), "--a|", values: ["a": "a"], resubscribingAt: 10)
    }

    func testDelayDoesNotKeepSignalsAliveWhileEventsWait() {
        // Contract §9: RAC frees [[RACSignal return:@1] delay:1] and its map: while the delay is pending.
        let scheduler = TestScheduler()
        weak var weakSource: Signal<Int>?
        weak var weakDelayed: Signal<Int>?
        var recorder: TestRecorder<Int>?
        do {
            let source = Signal.return(1).map { $0 * 2 }
            let delayed = source.delay(1)
            weakSource = source
            weakDelayed = delayed
            recorder = scheduler.record(delayed)
        }
        XCTAssertNil(weakSource)
        XCTAssertNil(weakDelayed)
        scheduler.run()
        XCTAssertEqual(recorder?.events, [.next(1, 2), .completed(1)])
    }

    // MARK: ScheduledBlocks, which holds the waiting events

    func testScheduledBlocksForgetsBlocksThatHaveRun() {
        let scheduler = TestScheduler()
        let blocks = ScheduledBlocks()
        var ran = 0
        for _ in 0..<3 { blocks.schedule({ ran += 1 }, with: { scheduler.schedule($0) }) }
        XCTAssertEqual(blocks.count, 3)
        scheduler.run()
        XCTAssertEqual(ran, 3)
        XCTAssertEqual(blocks.count, 0)
    }

    func testScheduledBlocksRunsInlineBlockOnceAndForgetsIt() {
        let blocks = ScheduledBlocks()
        var ran = 0
        blocks.schedule({ ran += 1 }, with: { Scheduler.immediate.schedule($0) })
        blocks.schedule({ ran += 1 }, with: { block in block(); return Disposable() })
        XCTAssertEqual(ran, 2)
        XCTAssertEqual(blocks.count, 0)
    }

    func testScheduledBlocksDisposalCancelsWaitingBlocksAndRefusesNewOnes() {
        let scheduler = TestScheduler()
        let blocks = ScheduledBlocks()
        var ran = 0
        blocks.schedule({ ran += 1 }, with: { scheduler.schedule($0) })
        blocks.dispose()
        blocks.schedule({ ran += 1 }, with: { scheduler.schedule($0) })
        scheduler.run()
        XCTAssertEqual(ran, 0)
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }
}
