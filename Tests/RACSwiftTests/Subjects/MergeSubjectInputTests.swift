@testable import RACSwift
import XCTest

/// A flattenMap's live inner that is a plain `Subject` is subscribed with an input that is the
/// subject's entry itself (`MergeSubjectInput`): what the result sees, and when the input leaves
/// the subject's list and the merge point's disposable, are what a `MergeInput` in an entry of
/// its own gave.
final class MergeSubjectInputTests: RACTestCase {
    /// The subject's listed entries (its vacant slots not counted).
    private func listed<Value>(_ subject: Subject<Value>) -> Int {
        subject.lock.withLock {
            (0..<subject.entries.count).filter { subject.entries[$0] != nil }.count
        }
    }

    func testValuesOfLiveInnerSubjectsArriveInOrderAndTheirCompletionsCompleteTheResult() {
        let source = Subject<Int>()
        let inners = [Subject<Int>(), Subject<Int>()]
        let recorder = StreamRecordingSubscriber<Int>()
        source.flattenMap { inners[$0] }.subscribe(recorder)
        source.sendNext(0)
        source.sendNext(1)
        XCTAssertEqual(listed(inners[0]), 1)
        XCTAssertEqual(listed(inners[1]), 1)
        XCTAssertTrue(inners[0].lock.withLock { inners[0].entries[0] } is MergeSubjectInput<Int, Int>,
                      "the subject lists the input itself")
        inners[1].sendNext(10)
        inners[0].sendNext(20)
        inners[0].sendCompleted()
        XCTAssertEqual(listed(inners[0]), 0, "a completed inner's entry leaves its subject")
        inners[1].sendNext(30)
        source.sendCompleted()
        XCTAssertEqual(recorder.events, [.next(10), .next(20), .next(30)], "the second inner keeps the result open")
        inners[1].sendCompleted()
        XCTAssertEqual(recorder.events, [.next(10), .next(20), .next(30), .completed])
        XCTAssertEqual(listed(inners[1]), 0)
    }

    func testACompletedInnerLeavesTheMergePointsDisposable() throws {
        let source = Subject<Int>()
        let inners = (0..<40).map { _ in Subject<Int>() }
        let recorder = StreamRecordingSubscriber<Int>()
        source.flattenMap { inners[$0] }.subscribe(recorder)
        let subscription = try XCTUnwrap(recorder.subscription)
        // The merge point's disposable holds the source's subscription and one input per live
        // inner; past 32 children they are indexed (removed by number, not by identity).
        let before = subscription.childrenCount
        for i in inners.indices { source.sendNext(i) }
        XCTAssertEqual(subscription.childrenCount, before + 40)
        for i in stride(from: 39, through: 0, by: -2) { inners[i].sendCompleted() }
        XCTAssertEqual(subscription.childrenCount, before + 20, "each completed input was taken out")
        for i in stride(from: 0, to: 40, by: 2) { inners[i].sendNext(i) }
        XCTAssertEqual(recorder.events, stride(from: 0, to: 40, by: 2).map { .next($0) })
        subscription.dispose()
        for inner in inners { XCTAssertEqual(listed(inner), 0) }
    }

    func testAnInnerErrorEndsTheResultAndTakesEveryInputOutOfItsSubject() {
        let source = Subject<Int>()
        let inners = [Subject<Int>(), Subject<Int>(), Subject<Int>()]
        let recorder = StreamRecordingSubscriber<Int>()
        source.flattenMap { inners[$0] }.subscribe(recorder)
        for i in inners.indices { source.sendNext(i) }
        inners[1].sendError(TestError.boom)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
        for inner in inners { XCTAssertEqual(listed(inner), 0) }
        inners[0].sendNext(1)
        inners[2].sendCompleted()
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
    }

    func testDisposingTheResultTakesEveryInputOutOfItsSubject() {
        let source = Subject<Int>()
        let inner = Subject<Int>()
        let received = Fixture.Log<Int>()
        let disposable = source.flattenMap { _ in inner }.subscribeNext { received.append($0) }
        source.sendNext(0)
        source.sendNext(1)
        XCTAssertEqual(listed(inner), 2, "one input per value, both in the same subject")
        inner.sendNext(5)
        disposable.dispose()
        XCTAssertEqual(listed(inner), 0)
        inner.sendNext(6)
        XCTAssertEqual(received.all, [5, 5])
    }

    func testAnInnerArrivingAfterTheResultWasDisposedIsNeverListed() {
        let source = Subject<Int>()
        let inner = Subject<Int>()
        let received = Fixture.Log<Int>()
        final class Holder: @unchecked Sendable { var value: Disposable? }
        let holder = Holder()
        // The transform disposes the result, then returns the live inner: the input meets a
        // disposed merge point, which disposes it at once.
        holder.value = source.flattenMap { _ -> Signal<Int>? in
            holder.value?.dispose()
            return inner
        }.subscribeNext { received.append($0) }
        source.sendNext(0)
        XCTAssertEqual(listed(inner), 0)
        inner.sendNext(1)
        XCTAssertEqual(received.all, [])
        holder.value = nil
    }

    func testAnInnerSubjectThatGoesAwayWhileListedEndsNothingAndLeaksNothing() {
        let source = Subject<Int>()
        let recorder = StreamRecordingSubscriber<Int>()
        final class WeakSubject: @unchecked Sendable { weak var subject: Subject<Int>? }
        let released = WeakSubject()
        do {
            source.flattenMap { _ -> Signal<Int>? in
                let inner = Subject<Int>()
                released.subject = inner
                return inner
            }.subscribe(recorder)
            source.sendNext(0)
        }
        XCTAssertNil(released.subject, "the input's entry does not keep its subject")
        source.sendCompleted()
        XCTAssertEqual(recorder.events, [], "the inner never completed")
        recorder.subscription?.dispose()
    }

    func testInnerSubjectSendingFromAnotherThreadWhileNewInputsJoinIt() {
        // The inner's sends take its lock on a background thread while the main thread adds
        // inputs to the same subject: a registration that meets a send in progress is handed
        // to the sending thread, and every value sent after an input joined reaches it.
        let source = Subject<Int>()
        let inner = Subject<Int>()
        let count = Fixture.Log<Int>()
        let disposable = source.flattenMap { _ in inner }.subscribeNext { count.append($0) }
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.signal()
            for _ in 0..<2_000 { inner.sendNext(0) }
            done.signal()
        }
        started.wait()
        for i in 0..<50 { source.sendNext(i) }
        done.wait()
        XCTAssertEqual(listed(inner), 50)
        let before = count.all.count
        inner.sendNext(1)
        XCTAssertEqual(count.all.count, before + 50, "the last value reached every input")
        disposable.dispose()
        XCTAssertEqual(listed(inner), 0)
    }
}
