import Foundation
@_spi(Testing) import RACSwift
import XCTest

/// `create` → `map`: the create block's subscriber calls the map sink's step itself instead of
/// its `sendNext` (Benchmarks/HISTORY.md, "Issue 37: the create block's subscriber and map's
/// step, eighth pass"); everything the passthrough does around a delivery must stay as it is
/// for any other subscriber.
final class CreateMapTests: RACTestCase {
    func testValuesAreMappedInOrderThenCompletionDisposesFirst() {
        let log = Fixture.Log<String>()
        let signal = Signal<Int>.create { subscriber in
            for value in 1...3 { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return Disposable { log.append("disposed") }
        }
        let disposable = signal.map { $0 * 10 }.subscribe(next: { log.append("next \($0)") },
                                                           completed: { log.append("completed") })
        XCTAssertEqual(log.all, ["next 10", "next 20", "next 30", "completed", "disposed"])
        XCTAssertTrue(disposable.isDisposed)
    }

    func testErrorPassesThroughTheMap() {
        let recorder = EventLog(Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendError(TestError.boom)
            subscriber.sendNext(2)
            return nil
        }.map { $0 + 1 })
        XCTAssertEqual(recorder.events, [.next(2), .error(TestError.boom)])
    }

    func testReentrantSendThroughTheMapNests() {
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        let log = Fixture.Log<String>()
        let disposable = Signal<Int>.create { kept = $0; return nil }.map { $0 * 2 }.subscribe(next: { value in
            log.append("begin \(value)")
            if value < 6 { kept?.sendNext(value / 2 + 1) }
            log.append("end \(value)")
        })
        kept?.sendNext(1)
        XCTAssertEqual(log.all, ["begin 2", "begin 4", "begin 6", "end 6", "end 4", "end 2"])
        disposable.dispose()
        kept = nil
    }

    func testDisposalInsideADeliveryStopsTheRest() {
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        nonisolated(unsafe) var disposable: Disposable?
        let log = Fixture.Log<String>()
        let signal = Signal<Int>.create { subscriber in
            kept = subscriber
            return Disposable { log.append("disposed") }
        }
        disposable = signal.map { $0 * 10 }.subscribe(next: { value in
            log.append("next \(value)")
            if value == 20 { disposable?.dispose() }
        }, completed: { log.append("completed") })
        for value in 1...4 { kept?.sendNext(value) }
        kept?.sendCompleted()
        XCTAssertEqual(log.all, ["next 10", "next 20", "disposed"])
        disposable = nil
        kept = nil
    }

    func testACompletionFromInsideAMappedDeliveryReleasesTheSinkOnce() {
        // The terminal event sent from inside a delivery defers the subscriber's release to the
        // outermost `sendNext`, which the step's path must keep.
        nonisolated(unsafe) var kept: (any Subscriber<Int>)?
        let live = LiveSubscriptions.count
        let log = Fixture.Log<String>()
        let disposable = Signal<Int>.create { kept = $0; return nil }.map { $0 + 100 }.subscribe(next: { value in
            log.append("next \(value)")
            kept?.sendCompleted()
            log.append("after completion \(value)")
        }, completed: { log.append("completed") })
        kept?.sendNext(1)
        kept?.sendNext(2)
        XCTAssertEqual(log.all, ["next 101", "completed", "after completion 101"])
        XCTAssertTrue(disposable.isDisposed)
        kept = nil
        XCTAssertEqual(LiveSubscriptions.count, live)
    }

    func testConcurrentSendsThroughTheMapAreSerialized() {
        let (threads, perThread) = (4, 1_000)
        let result = Fixture.sendConcurrentlyIntoCreate(threads: threads, perThread: perThread) {
            $0.map { ($0.0, $0.1 * 2) }
        }
        XCTAssertFalse(result.overlapped)
        XCTAssertEqual(result.received, Array(repeating: (0..<perThread).map { $0 * 2 }, count: threads))
    }

    func testFusedStagesOfACreateBlockAreUnchanged() {
        // Map and filter fused into one sink: subscribed as before, through its `sendNext`.
        let recorder = EventLog(Signal<Int>.create { subscriber in
            for value in 1...6 { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }.map { $0 * 3 }.filter { $0 % 2 == 0 }.map { $0 + 1 })
        XCTAssertEqual(recorder.events, [.next(7), .next(13), .next(19), .completed])
    }

    func testAMapOfAnotherSignalIsUnchanged() {
        let subject = Subject<Int>()
        let recorder = EventLog(subject.map { $0 - 1 })
        subject.sendNext(5)
        subject.sendCompleted()
        XCTAssertEqual(recorder.events, [.next(4), .completed])
    }
}
