import Foundation
import RACSwift
import XCTest

/// RAC's order of side effects when an operator with several inputs is ended while it is still
/// subscribing them (issue 38, behaviours 1 and 2), and `sample`'s disposal order (behaviour
/// 5); each trace derived from ReactiveObjC:
///
/// - a `createSignal` block's disposable joins the subscription only once the block has
///   returned (RACDynamicSignal.m:44-45), and `-sendError:`/`-sendCompleted` dispose what has
///   joined, then deliver (RACSubscriber.m:78, :88): a terminal event sent while the block is
///   still subscribing goes out first, and the inputs subscribed so far are disposed after it;
/// - `-combineLatestWith:` and `-zipWith:` subscribe every input with a subscriber of its own
///   and join each subscription when its `subscribe` returns (RACSignal.m:228-259,
///   RACSignal+Operations.m:395), so a later input is subscribed — sources and all — also when
///   an earlier one has ended the result, and disposed when its subscription returns;
///   `+combineLatest:`/`+zip:` nest one such block per input (RACStream's `+join:block:`);
/// - `-takeUntil:` disposes its block's compound, then completes (the trigger's subscription
///   joins that compound once it returns); its source's error goes out without it;
/// - `-sample:` disposes the sampler, then the source (RACSignal+Operations.m:1234-1237); a
///   sampler's terminal event disposes the source first.
final class InputSubscriptionOrderTests: RACTestCase {
    // MARK: combineLatest

    func testCombineLatestSecondInputFailingAtOnceSendsTheErrorBeforeDisposingTheFirst() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", terminates: false)
            .combineLatest(with: trace.signal("B", error: TestError.boom)))
        XCTAssertEqual(trace.entries, ["subscribe A", "subscribe B", "error boom", "dispose B", "dispose A"])
    }

    func testCombineLatestSubscribesALaterInputAfterTheFirstFailedAtOnce() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", error: TestError.boom)
            .combineLatest(with: trace.signal("B", terminates: false)))
        XCTAssertEqual(trace.entries, ["subscribe A", "error boom", "dispose A", "subscribe B", "dispose B"])
    }

    func testCombineLatestLaterMergeInputSubscribesItsSourcesBeforeTheyAreDisposed() {
        let trace = Trace()
        let later = Signal.merge(trace.signal("B", terminates: false), trace.signal("C", terminates: false))
        trace.subscribe(to: trace.signal("A", error: TestError.boom).combineLatest(with: later))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "error boom", "dispose A", "subscribe B", "subscribe C", "dispose B", "dispose C",
        ])
    }

    func testCombineLatestOfThreeLastInputFailingAtOnceDisposesTheOthersAfterTheError() {
        let trace = Trace()
        trace.subscribe(to: Signal.combineLatest(
            trace.signal("A", terminates: false), trace.signal("B", terminates: false),
            trace.signal("C", error: TestError.boom)))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "subscribe B", "subscribe C", "error boom", "dispose C", "dispose A", "dispose B",
        ])
    }

    func testCombineLatestArrayMiddleInputFailingAtOnceDisposesTheEarlierBeforeSubscribingTheLater() {
        // +combineLatest: nests a -combineLatestWith: per input: the block of the first two
        // returns, and disposes A, before the third input is subscribed.
        let trace = Trace()
        trace.subscribe(to: Signal.combineLatest([
            trace.signal("A", terminates: false), trace.signal("B", error: TestError.boom),
            trace.signal("C", terminates: false),
        ]))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "subscribe B", "error boom", "dispose B", "dispose A", "subscribe C", "dispose C",
        ])
    }

    func testCombineLatestEndedByTakeWhileSubscribingDisposesTheInputsAfterTheCompletion() {
        // The documented difference: B, still inside its `subscribe`, is stopped by take's
        // disposal at once (its block's disposable runs when the block returns), A once B's
        // `subscribe` has returned; RAC disposes A, then B, when combineLatest's block returns.
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", values: [1], terminates: false)
            .combineLatest(with: trace.signal("B", values: [2], terminates: false)).take(1))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "subscribe B", "next (1, 2)", "completed", "dispose B", "dispose A",
        ])
    }

    func testCombineLatestDisposedFromOutsideDisposesTheInputsInOrder() {
        let trace = Trace()
        let subscription = trace.subscribe(to: trace.signal("A", terminates: false)
            .combineLatest(with: trace.signal("B", terminates: false)))
        subscription.dispose()
        XCTAssertEqual(trace.entries, ["subscribe A", "subscribe B", "dispose A", "dispose B"])
    }

    // MARK: zip

    func testZipSecondInputCompletingEmptyAtOnceCompletesBeforeDisposingTheFirst() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", terminates: false).zip(with: trace.signal("B")))
        XCTAssertEqual(trace.entries, ["subscribe A", "subscribe B", "completed", "dispose B", "dispose A"])
    }

    func testZipLaterZipInputSubscribesBothOfItsInputsBeforeEitherIsDisposed() {
        let trace = Trace()
        let later = trace.signal("B", terminates: false).zip(with: trace.signal("C", terminates: false))
        trace.subscribe(to: trace.signal("A", error: TestError.boom).zip(with: later))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "error boom", "dispose A", "subscribe B", "subscribe C", "dispose B", "dispose C",
        ])
    }

    func testZipOfThreeMiddleInputFailingAtOnceDisposesTheFirstBeforeSubscribingTheThird() {
        let trace = Trace()
        trace.subscribe(to: Signal.zip(
            trace.signal("A", terminates: false), trace.signal("B", error: TestError.boom),
            trace.signal("C", terminates: false)))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "subscribe B", "error boom", "dispose B", "dispose A", "subscribe C", "dispose C",
        ])
    }

    // MARK: take(until:)

    func testTakeUntilTriggerSendingAtOnceCompletesBeforeTheTriggerIsDisposed() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", terminates: false)
            .take(until: trace.signal("T", values: [0], terminates: false)))
        XCTAssertEqual(trace.entries, ["subscribe T", "completed", "dispose T"])
    }

    func testTakeUntilSourceFailingAtOnceSendsTheErrorBeforeDisposingTheTrigger() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", values: [1], error: TestError.boom)
            .take(until: trace.signal("T", terminates: false)))
        XCTAssertEqual(trace.entries, [
            "subscribe T", "subscribe A", "next 1", "error boom", "dispose A", "dispose T",
        ])
    }

    func testTakeUntilSourceCompletingAtOnceDisposesTheTriggerBeforeCompleting() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", values: [1]).take(until: trace.signal("T", terminates: false)))
        XCTAssertEqual(trace.entries, [
            "subscribe T", "subscribe A", "next 1", "dispose T", "completed", "dispose A",
        ])
    }

    func testTakeUntilTriggerSendingLaterDisposesBothBeforeCompleting() {
        let trace = Trace()
        let trigger = Subject<Void>()
        trace.subscribe(to: trace.signal("A", terminates: false).take(until: trigger))
        trigger.sendNext(())
        XCTAssertEqual(trace.entries, ["subscribe A", "dispose A", "completed"])
    }

    // MARK: sample

    func testSampleDisposedFromOutsideDisposesTheSamplerFirst() {
        let trace = Trace()
        let subscription = trace.subscribe(to: trace.signal("A", terminates: false)
            .sample(trace.signal("S", terminates: false)))
        subscription.dispose()
        XCTAssertEqual(trace.entries, ["subscribe A", "subscribe S", "dispose S", "dispose A"])
    }

    func testSampleSamplerCompletingAtOnceDisposesTheSourceBeforeCompleting() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", values: [1], terminates: false).sample(trace.signal("S", values: [0])))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "subscribe S", "next 1", "dispose A", "completed", "dispose S",
        ])
    }

    func testSampleSourceFailingAtOnceSubscribesTheSamplerAfterTheError() {
        let trace = Trace()
        trace.subscribe(to: trace.signal("A", error: TestError.boom).sample(trace.signal("S", terminates: false)))
        XCTAssertEqual(trace.entries, ["subscribe A", "error boom", "dispose A", "subscribe S", "dispose S"])
    }

    func testSampleEndedByTheSourceLaterDisposesTheSamplerBeforeTheSource() {
        let trace = Trace()
        let source = Subject<Int>()
        trace.subscribe(to: trace.signal("A", forwarding: source).sample(trace.signal("S", terminates: false)))
        source.sendCompleted()
        // The source's own subscription ends first (its block's disposable, as RAC's subscriber
        // disposes before it runs the completion block), then the sampler, then the completion.
        XCTAssertEqual(trace.entries, ["subscribe A", "subscribe S", "dispose A", "dispose S", "completed"])
    }
}
