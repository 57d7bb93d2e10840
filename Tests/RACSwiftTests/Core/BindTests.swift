import Foundation
import RACSwift
import XCTest

final class BindTests: RACTestCase {
    private func numbers(_ values: [Int]) -> Signal<Int> {
        Signal.create { subscriber in
            for value in values { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }
    }

    func testForwardsEachBoundSignalsValuesThenCompletes() {
        let bound = numbers([1, 2, 3]).bind { { value, _ in Signal.return(value * 10) } }
        XCTAssertEqual(EventLog(bound).events, [.next(10), .next(20), .next(30), .completed])
    }

    func testASourceCompletingInsideItsBlockIsDisposedRightAfterTheResultCompletes() {
        // The create block returns its disposable only after sending completed, so that
        // disposable runs after the completion went through (as in RAC).
        let log = Fixture.Log<String>()
        let source = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return Disposable { log.append("disposed") }
        }
        source.bind { { value, _ in Signal.return(value * 10) } }
            .subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        XCTAssertEqual(log.all, ["next 10", "next 20", "completed", "disposed"])
    }

    func testStopFlagCompletesAfterThatSignalAndDisposesTheSource() {
        let seen = Fixture.Log<Int>()
        let disposed = Fixture.Counter()
        let source = Signal<Int>.create { subscriber in
            for value in 1...5 { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return Disposable { disposed.increment() }
        }
        let bound = source.bind {
            { value, stop in
                seen.append(value)
                if value == 2 { stop = true }
                return Signal.return(value * 10)
            }
        }
        XCTAssertEqual(EventLog(bound).events, [.next(10), .next(20), .completed])
        XCTAssertEqual(seen.all, [1, 2], "no value reaches the binding block after stop")
        XCTAssertEqual(disposed.value, 1)
    }

    func testStopFlagWaitsForTheLastBoundSignal() {
        let inner = HigherProbe<Int>()
        let bound = numbers([1, 2]).bind { { _, stop in stop = true; return inner.signal } }
        let recorder = EventLog(bound)
        XCTAssertEqual(recorder.events, [])
        inner.send(5)
        inner.sendCompleted()
        XCTAssertEqual(recorder.events, [.next(5), .completed])
        XCTAssertEqual(inner.subscriptions, 1)
    }

    func testNilFromTheBindingBlockCompletesWithoutFurtherValues() {
        let source = HigherProbe<Int>()
        let bound = source.signal.bind { { value, _ in value == 2 ? nil : Signal.return(value) } }
        let recorder = EventLog(bound)
        source.send(1)
        source.send(2)
        source.send(3)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertEqual(source.disposals, 1)
        XCTAssertFalse(source.isSubscribed)
    }

    func testSourceErrorIsForwardedAtOnceAndDisposesInnerSignals() {
        let source = HigherProbe<Int>()
        let inner = HigherProbe<String>()
        let recorder = EventLog(source.signal.bind { { _, _ in inner.signal } })
        source.send(1)
        inner.send("a")
        source.sendError(TestError.boom)
        inner.send("b")
        XCTAssertEqual(recorder.events, [.next("a"), .error(TestError.boom)])
        XCTAssertEqual(inner.disposals, 1)
    }

    func testInnerErrorIsForwardedAtOnceAndDisposesTheSource() {
        let source = HigherProbe<Int>()
        let recorder = EventLog(source.signal.bind { { value, _ in
            value == 2 ? Signal<Int>.error(TestError.other) : Signal.return(value)
        } })
        source.send(1)
        source.send(2)
        source.send(3)
        XCTAssertEqual(recorder.events, [.next(1), .error(TestError.other)])
        XCTAssertEqual(source.disposals, 1)
    }

    /// A source whose value n binds to `inners[n]` (two of them), and the result's log.
    private func bindingEachValueToItsInner() -> (source: HigherProbe<Int>, inners: [HigherProbe<Int>], recorder: EventLog<Int>) {
        let source = HigherProbe<Int>()
        let inners = [HigherProbe<Int>(), HigherProbe<Int>()]
        return (source, inners, EventLog(source.signal.bind { { index, _ in inners[index].signal } }))
    }

    func testInnerSignalsOutlivingTheSourceKeepTheResultGoing() {
        let (source, inners, recorder) = bindingEachValueToItsInner()
        source.send(0)
        source.send(1)
        source.sendCompleted()
        XCTAssertEqual(recorder.events, [], "the source's completion does not end the result")
        inners[1].send(11)
        inners[0].send(10)
        inners[0].sendCompleted()
        XCTAssertEqual(recorder.events, [.next(11), .next(10)])
        inners[1].sendCompleted()
        XCTAssertEqual(recorder.events, [.next(11), .next(10), .completed])
    }

    func testDisposalDisposesTheSourceAndEveryInnerSubscription() {
        let (source, inners, recorder) = bindingEachValueToItsInner()
        source.send(0)
        source.send(1)
        recorder.disposable?.dispose()
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(inners.map(\.disposals), [1, 1])
        inners[0].send(1)
        XCTAssertEqual(recorder.events, [])
    }

    func testFinishedInnerSubscriptionsAreDisposedWhenTheyComplete() {
        let source = HigherProbe<Int>()
        let inner = HigherProbe<Int>()
        let recorder = EventLog(source.signal.bind { { _, _ in inner.signal } })
        source.send(1)
        inner.sendCompleted()
        XCTAssertEqual(inner.disposals, 1)
        XCTAssertEqual(recorder.events, [], "the source is still running")
        source.sendCompleted()
        XCTAssertEqual(recorder.events, [.completed])
    }

    func testTheBlockRunsOncePerSubscriptionWithFreshState() {
        let bound = numbers([5, 6]).bind { () -> (Int, inout Bool) -> Signal<Int>? in
            var index = 0
            return { value, _ in
                index += 1
                return Signal.return(index * 100 + value)
            }
        }
        XCTAssertEqual(EventLog(bound).values, [105, 206])
        XCTAssertEqual(EventLog(bound).values, [105, 206])
    }

    func testValuesFromInnerSignalsOnManyThreadsAreSerialized() {
        let threads = 8
        let inners = (0..<threads).map { _ in HigherProbe<Int>() }
        let detector = Fixture.OverlapDetector()
        // Unlocked on purpose: the library serializes these deliveries, and TSan checks it.
        nonisolated(unsafe) var count = 0
        let source = Signal<Int>.create { subscriber in
            for index in 0..<threads { subscriber.sendNext(index) }
            subscriber.sendCompleted()
            return nil
        }
        let disposable = source.bind { { index, _ in inners[index].signal } }.subscribe(next: { _ in
            detector.enter()
            count += 1
            detector.leave()
        })
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            for value in 0..<500 { inners[index].send(value) }
            inners[index].sendCompleted()
        }
        XCTAssertFalse(detector.didOverlap)
        XCTAssertEqual(count, threads * 500)
        XCTAssertTrue(disposable.isDisposed, "completed once every inner signal completed")
    }
}
