import XCTest
@testable import RACSwift

/// Contract §9: a live subscription does not keep alive the `Signal` objects it was built
/// from (only the source's own work does). Each case builds an operator's result, subscribes,
/// drops the result, and checks it is gone while the subscription is still running.
final class StreamRetentionTests: RACTestCase {
    private func assertReleasedWhileSubscribed<T>(
        _ make: (Signal<Int>) -> Signal<T>, line: UInt = #line
    ) {
        let source = StreamManualSource<Int>()
        weak var weakResult: Signal<T>?
        nonisolated(unsafe) var received = 0
        let disposable: Disposable = {
            let result = make(source.signal)
            weakResult = result
            return result.subscribeNext { _ in received += 1 }
        }()
        source.send(1, 2)
        XCTAssertNil(weakResult, "the live subscription retains the operator's result", line: line)
        XCTAssertGreaterThan(received, 0, "the subscription stopped early", line: line)
        disposable.dispose()
        XCTAssertEqual(source.disposals, 1, line: line)
        source.release()
    }

    func testStatelessOperatorsDoNotRetainTheirResult() {
        assertReleasedWhileSubscribed { $0.map { $0 + 1 } }
        assertReleasedWhileSubscribed { $0.mapReplace("x") }
        assertReleasedWhileSubscribed { $0.filter { _ in true } }
        assertReleasedWhileSubscribed { $0.ignore(0) }
        assertReleasedWhileSubscribed { $0.map { ($0, $0) }.reduceEach { (a: Int, b: Int) in a + b } }
        assertReleasedWhileSubscribed { $0.logCompleted() }
    }

    func testStatefulOperatorsDoNotRetainTheirResult() {
        assertReleasedWhileSubscribed { $0.take(10) }
        assertReleasedWhileSubscribed { $0.take(while: { _ in true }) }
        assertReleasedWhileSubscribed { $0.take(until: { _ in false }) }
        assertReleasedWhileSubscribed { $0.skip(1) }
        assertReleasedWhileSubscribed { $0.skip(while: { _ in false }) }
        assertReleasedWhileSubscribed { $0.skip(until: { _ in true }) }
        assertReleasedWhileSubscribed { $0.scan(withStart: 0) { $0 + $1 } }
        assertReleasedWhileSubscribed { $0.scan(withStart: 0) { a, b, i in a + b + i } }
        assertReleasedWhileSubscribed { $0.combinePrevious(withStart: 0) { $0 + $1 } }
        assertReleasedWhileSubscribed { $0.distinctUntilChanged() }
        assertReleasedWhileSubscribed { $0.startWith(0) }
    }

    func testCombiningOperatorsDoNotRetainTheirResult() {
        assertReleasedWhileSubscribed { Signal.zip($0, Signal.from(0..<5), reduce: { $0 + $1 }) }
        assertReleasedWhileSubscribed { Signal.zip([$0, Signal.from(0..<5)]) }
        assertReleasedWhileSubscribed { Signal.concat($0, .return(1)) }
    }

    /// Runs `maxConcurrent + 2` signals through `combine`, completes the first, and checks
    /// that the signal this started from the queue of waiting signals is already released,
    /// though still running, while the last one, still waiting, is kept.
    private func assertStartedSignalsReleased(
        maxConcurrent: Int, through outer: Subject<Signal<Int>>? = nil,
        _ combine: ([Signal<Int>]) -> Signal<Int>, line: UInt = #line
    ) {
        let probes = (0..<(maxConcurrent + 2)).map { _ in HigherProbe<Int>() }
        weak var weakFirst: Signal<Int>?
        weak var weakDequeued: Signal<Int>?
        weak var weakWaiting: Signal<Int>?
        nonisolated(unsafe) var received: [Int] = []
        let disposable: Disposable = {
            // Each access to `probe.signal` makes a new signal, held only here.
            let signals = probes.map(\.signal)
            weakFirst = signals[0]
            weakDequeued = signals[maxConcurrent]
            weakWaiting = signals[maxConcurrent + 1]
            let disposable = combine(signals).subscribeNext { received.append($0) }
            for signal in signals { outer?.sendNext(signal) }
            return disposable
        }()
        probes[0].send(1)
        probes[0].sendCompleted()
        XCTAssertTrue(probes[maxConcurrent].isSubscribed, "the completion did not start the next signal", line: line)
        probes[maxConcurrent].send(2)
        XCTAssertEqual(received, [1, 2], line: line)
        XCTAssertNil(weakFirst, line: line)
        XCTAssertNil(weakDequeued, "the live subscription retains a signal it has already subscribed", line: line)
        XCTAssertNotNil(weakWaiting, "a signal still waiting must be kept to be subscribed later", line: line)
        XCTAssertFalse(probes[maxConcurrent + 1].isSubscribed, line: line)
        disposable.dispose()
        XCTAssertFalse(probes.contains { $0.isSubscribed }, line: line)
    }

    func testConcatAndBoundedFlattenReleaseTheSignalsTheyHaveStarted() {
        assertStartedSignalsReleased(maxConcurrent: 1) { Signal.concat($0) }
        assertStartedSignalsReleased(maxConcurrent: 1) { Signal.concat($0[0], $0[1], $0[2]) }
        // Through a subject that stays open: the flatten's source is still live.
        for maxConcurrent in [1, 2] {
            let outer = Subject<Signal<Int>>()
            assertStartedSignalsReleased(maxConcurrent: maxConcurrent, through: outer) { _ in
                outer.flatten(maxConcurrent: maxConcurrent)
            }
        }
        let outer = Subject<Signal<Int>>()
        assertStartedSignalsReleased(maxConcurrent: 1, through: outer) { _ in outer.concat() }
    }

    func testFromOnASchedulerDoesNotRetainItsSignal() {
        let scheduler = TestScheduler()
        weak var weakSignal: Signal<Int>?
        nonisolated(unsafe) var received: [Int] = []
        let disposable: Disposable = {
            let signal = Signal.from(1..., on: scheduler)
            weakSignal = signal
            return signal.subscribeNext { received.append($0) }
        }()
        scheduler.step(2)
        XCTAssertNil(weakSignal)
        XCTAssertEqual(received, [1, 2])
        disposable.dispose()
        scheduler.run()
        XCTAssertEqual(received, [1, 2])
    }
}
