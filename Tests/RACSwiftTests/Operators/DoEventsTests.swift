import XCTest
@_spi(Testing) import RACSwift

final class DoEventsTests: RACTestCase {
    func testDoNextRunsBeforeEachValueIsForwarded() {
        nonisolated(unsafe) var trace: [String] = []
        let source = ManualSource<Int>()
        let d = source.signal.doNext { trace.append("do \($0)") }
            .subscribe(next: { trace.append("next \($0)") }, completed: { trace.append("completed") })
        source.send(1)
        source.send(2)
        source.complete()
        XCTAssertEqual(trace, ["do 1", "next 1", "do 2", "next 2", "completed"])
        d.dispose()
    }

    func testAValueWhoseBlockEndsTheSourceIsNotSentAfterTheEnd() {
        // The block completes the create block's subscriber: the completion goes out from
        // inside it, and the value is dropped (RAC's passthrough drops it); it was sent after
        // the completion, which the debug builds' serial-delivery check stopped.
        final class Recorder: Subscriber, @unchecked Sendable {
            var events: [String] = []
            func sendNext(_ value: Int) { events.append("next \(value)") }
            func sendError(_ error: any Error) { events.append("error") }
            func sendCompleted() { events.append("completed") }
            func didSubscribe(with disposable: CompoundDisposable) {}
        }
        let kept = Fixture.Locked<(any Subscriber<Int>)?>(nil)
        let recorder = Recorder()
        let subscription = Signal<Int>.create { subscriber in
            kept.value = subscriber
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            return nil
        }.doNext { value in if value == 2 { kept.value?.sendCompleted() } }.subscribe(recorder)
        XCTAssertEqual(recorder.events, ["next 1", "completed"])
        subscription.dispose()
        kept.value = nil
    }

    func testDoNextPassesErrorsThroughWithoutRunning() {
        nonisolated(unsafe) var ran = 0
        let log = EventLog(Signal<Int>.error(TestError(code: 3)).doNext { _ in ran += 1 })
        XCTAssertEqual(log.events, [.error(TestError(code: 3))])
        XCTAssertEqual(ran, 0)
    }

    func testDoErrorRunsBeforeErrorIsForwardedAndNotOnCompletion() {
        nonisolated(unsafe) var trace: [String] = []
        Signal<Int>.error(TestError(code: 1)).doError { trace.append("do \(($0 as! TestError).code)") }
            .subscribe(error: { _ in trace.append("error") })
        XCTAssertEqual(trace, ["do 1", "error"])
        trace = []
        SyncSource<Int>([.next(1), .completed]).signal.doError { _ in trace.append("do") }
            .subscribe(next: { trace.append("next \($0)") }, completed: { trace.append("completed") })
        XCTAssertEqual(trace, ["next 1", "completed"])
    }

    func testDoCompletedRunsBeforeCompletionIsForwardedAndNotOnError() {
        nonisolated(unsafe) var trace: [String] = []
        Signal.return(1).doCompleted { trace.append("do") }
            .subscribe(next: { trace.append("next \($0)") }, completed: { trace.append("completed") })
        XCTAssertEqual(trace, ["next 1", "do", "completed"])
        trace = []
        Signal<Int>.error(TestError()).doCompleted { trace.append("do") }
            .subscribe(error: { _ in trace.append("error") })
        XCTAssertEqual(trace, ["error"])
    }

    func testDisposalStopsTheSourceAndNoBlockRunsAfterwards() {
        nonisolated(unsafe) var ran = 0
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.doNext { _ in ran += 1 }.doError { _ in ran += 1 }.doCompleted { ran += 1 })
        source.send(1)
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
        source.send(2)
        source.complete()
        XCTAssertEqual(ran, 1)
        XCTAssertEqual(log.events, [.next(1)])
    }

    func testEachSubscriptionRunsTheBlocksAgain() {
        nonisolated(unsafe) var seen: [Int] = []
        let signal = SyncSource<Int>([.next(1), .next(2), .completed]).signal.doNext { seen.append($0) }
        _ = EventLog(signal)
        _ = EventLog(signal)
        XCTAssertEqual(seen, [1, 2, 1, 2])
    }
}
