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
