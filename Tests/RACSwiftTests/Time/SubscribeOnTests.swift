import XCTest
import RACSwift
import RACSwiftTesting

final class SubscribeOnTests: RACTestCase {
    func testSubscribeOnSubscribesOnTheScheduler() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<Int>()
        let disposable = source.signal.subscribe(on: scheduler).subscribeNext { _ in }
        XCTAssertEqual(source.subscriptionCount, 0, "nothing happens on the subscribing thread")
        scheduler.run()
        XCTAssertEqual(source.subscriptionCount, 1)
        XCTAssertTrue(source.subscribedOn.first! === scheduler)
        disposable.dispose()
        scheduler.run()
    }

    func testSubscribeOnForwardsEventsSentDuringSubscription() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal([.next(0, "a"), .next(1, "b"), .completed(2)])
        scheduler.advance(to: virtualDate(3))
        let recorder = scheduler.record(source.subscribe(on: scheduler))
        scheduler.run()
        XCTAssertEqual(recorder.events, [.next(3, "a"), .next(4, "b"), .completed(5)])
    }

    func testSubscribeOnForwardsEventsFromWhereTheSourceSendsThem() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<Int>()
        nonisolated(unsafe) var deliveredOn: Scheduler??
        let disposable = source.signal.subscribe(on: scheduler).subscribeNext { _ in deliveredOn = Scheduler.current }
        scheduler.run()
        source.sendNext(1)  // on the main thread
        XCTAssertTrue(deliveredOn! === Scheduler.main)
        disposable.dispose()
        scheduler.run()
    }

    func testSubscribeOnDisposesSourceOnTheScheduler() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<String>()
        let recorder = scheduler.record(source.signal.subscribe(on: scheduler))
        scheduler.advance(to: virtualDate(1))
        source.sendNext("a")
        recorder.disposable.dispose()
        XCTAssertEqual(source.disposalCount, 0, "disposal is scheduled, not run on the disposing thread")
        source.sendNext("after disposal")
        XCTAssertEqual(recorder.events, [.next(1, "a")], "nothing gets through once disposed")
        scheduler.run()
        XCTAssertEqual(source.disposalCount, 1)
        XCTAssertTrue(source.disposedOn.first! === scheduler)
    }

    func testSubscribeOnDisposalOnTheSchedulerDisposesSourceAtOnce() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<String>()
        let recorder = scheduler.record(source.signal.subscribe(on: scheduler))
        scheduler.run()
        scheduler.performAsCurrentScheduler { recorder.disposable.dispose() }
        XCTAssertEqual(source.disposalCount, 1)
        XCTAssertTrue(source.disposedOn.first! === scheduler)
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    func testSubscribeOnDisposalBeforeScheduledSubscriptionCancelsIt() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<Int>()
        let disposable = source.signal.subscribe(on: scheduler).subscribeNext { _ in }
        disposable.dispose()
        scheduler.run()
        XCTAssertEqual(source.subscriptionCount, 0)
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    func testSubscribeOnTerminationSchedulesNoFurtherDisposal() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<Int>()
        let recorder = scheduler.record(source.signal.subscribe(on: scheduler))
        scheduler.run()
        scheduler.performAsCurrentScheduler { source.sendError(TestError.failed) }
        XCTAssertEqual(recorder.events, [.error(0, TestError.failed)])
        XCTAssertEqual(source.disposalCount, 1)
        XCTAssertEqual(scheduler.scheduledCount, 0)
    }

    func testSubscribeOnResubscriptionSubscribesAgainOnTheScheduler() {
        let scheduler = TestScheduler()
        let source = TimeManualSource<Int>()
        let signal = source.signal.subscribe(on: scheduler)
        let first = signal.subscribeNext { _ in }
        let second = signal.subscribeNext { _ in }
        scheduler.run()
        XCTAssertEqual(source.subscriptionCount, 2)
        first.dispose()
        second.dispose()
        scheduler.run()
        XCTAssertEqual(source.disposalCount, 2)
    }

    /// The subscription is the sink (issue 28c): kept after its disposal, it must not keep the
    /// subscriber, nor what its closures capture.
    func testSubscribeOnDisposedSubscriptionKeepsNoSubscriber() {
        final class Token: Sendable {}
        let scheduler = TestScheduler()
        let source = TimeManualSource<Int>()
        for (label, signal) in [("pending return", Signal<Int>.return(1)), ("subscribed source", source.signal)] {
            weak var weakToken: Token?
            var kept: Disposable?
            do {
                let token = Token()
                weakToken = token
                kept = signal.subscribe(on: scheduler).subscribeNext { _ in _ = token }
            }
            if label == "subscribed source" { scheduler.run() }
            kept!.dispose()
            scheduler.run()
            XCTAssertNil(weakToken, label)
            XCTAssertTrue(kept!.isDisposed, label)
        }
        XCTAssertEqual(source.disposalCount, 1)
    }
}
