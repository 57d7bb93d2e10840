@testable import RACSwift
import XCTest

/// `flattenMap` subscribes its live inner signals in its caller's code (to a plain `Subject`,
/// with an input that is the subject's entry: `MergeSubjectInputTests`), and its source with the
/// subject's entry built there (`subscribeBuildingEntryHere`); what the inner's subscriber sees is what
/// `subscribe(_:)` gives it, for a plain subject and for a subclass that overrides
/// `subscribe` (which must not take the direct path).
final class SubscribeBuildingEntryHereTests: RACTestCase {
    func testFlattenMapOfPlainSubjectsMatchesSubscribingThem() {
        let source = Subject<Int>()
        let inners = [Subject<Int>(), Subject<Int>()]
        let received = Fixture.Log<Int>()
        let disposable = source.flattenMap { inners[$0] }.subscribeNext { received.append($0) }
        source.sendNext(0)
        source.sendNext(1)
        inners[0].sendNext(1)
        inners[1].sendNext(2)
        inners[0].sendNext(3)
        disposable.dispose()
        inners[1].sendNext(4)
        XCTAssertEqual(received.all, [1, 2, 3])
    }

    func testFlattenMapOfASubjectSubclassUsesItsOwnSubscribe() {
        let source = Subject<Int>()
        let replay = ReplaySubject<Int>()
        replay.sendNext(7)
        replay.sendNext(8)
        let received = Fixture.Log<Int>()
        let disposable = source.flattenMap { _ in replay }.subscribeNext { received.append($0) }
        source.sendNext(0)
        replay.sendNext(9)
        disposable.dispose()
        XCTAssertEqual(received.all, [7, 8, 9], "the replayed values come from ReplaySubject's subscribe")
    }

    func testDirectSubscriptionEndsLikeAnyOther() {
        let subject = Subject<Int>()
        let subscriber = StreamRecordingSubscriber<Int>()
        let signal: Signal<Int> = subject
        let disposable = signal.subscribeBuildingEntryHere(subscriber)
        XCTAssertNotNil(subscriber.subscription)
        subject.sendNext(1)
        disposable.dispose()
        subject.sendNext(2)
        XCTAssertEqual(subscriber.events, [.next(1)])
    }

    /// flattenMap's release path (subscriptions not wrapped): its source, a plain subject, is
    /// subscribed with the merge sink and the entry built in the caller
    /// (`subscribeFlattenMapSource`); debug builds always wrap, so this builds that path by hand.
    func testFlattenMapSourceSubscribedDirectlyBehavesLikeFlattenMap() {
        let source = Subject<Int>()
        let inner = Subject<Int>()
        let subscriber = StreamRecordingSubscriber<Int>()
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        let sink: MergeSink<Int, Int> = makeFlattenSink(
            downstream: subscriber, maxConcurrent: 0, transform: { $0 == 0 ? inner : Signal<Int>.return($0) },
            disposable: disposable, returnSignalType: ObjectIdentifier(ReturnSignal<Int>.self),
            subscribeInput: { signal, sink in subscribeMergeInput(signal, sink) })
        let signal: Signal<Int> = source
        signal.subscribeBuildingEntryHere(sink)
        source.sendNext(1)
        source.sendNext(0)
        inner.sendNext(2)
        source.sendNext(3)
        disposable.dispose()
        source.sendNext(4)
        inner.sendNext(5)
        XCTAssertEqual(subscriber.events, [.next(1), .next(2), .next(3)])
    }

    func testFlattenMapSourceSubscribedDirectlyCompletesWithSourceAndInners() {
        let source = Subject<Int>()
        let inner = Subject<Int>()
        let subscriber = StreamRecordingSubscriber<Int>()
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        let sink: MergeSink<Int, Int> = makeFlattenSink(
            downstream: subscriber, maxConcurrent: 0, transform: { _ in inner },
            disposable: disposable, returnSignalType: ObjectIdentifier(ReturnSignal<Int>.self),
            subscribeInput: { signal, sink in subscribeMergeInput(signal, sink) })
        let signal: Signal<Int> = source
        signal.subscribeBuildingEntryHere(sink)
        source.sendNext(0)
        source.sendCompleted()
        inner.sendNext(1)
        XCTAssertEqual(subscriber.events, [.next(1)], "the inner keeps the result open")
        inner.sendCompleted()
        XCTAssertEqual(subscriber.events, [.next(1), .completed])
        XCTAssertTrue(disposable.isDisposed)
    }
}
