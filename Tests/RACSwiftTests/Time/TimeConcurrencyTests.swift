import Dispatch
import XCTest
import RACSwift
import RACSwiftTesting

/// Timers racing the source on another thread: bounded in size, deterministic in outcome.
final class TimeConcurrencyTests: RACTestCase {
    /// Records deliveries from any thread and notices two at once.
    private final class Probe: @unchecked Sendable {
        private let lock = NSLock()
        private var inside = 0
        private(set) var overlapped = false
        private var items: [Int] = []
        private(set) var completions = 0

        func next(_ value: Int) {
            lock.withLock {
                inside += 1
                if inside > 1 { overlapped = true }
            }
            // Widen the window in which an overlapping delivery would be seen.
            for _ in 0..<50 { _ = lock.withLock { inside } }
            lock.withLock {
                items.append(value)
                inside -= 1
            }
        }

        func completed() { lock.withLock { completions += 1 } }
        var values: [Int] { lock.withLock { items } }
    }

    private func sendFromRawThread(_ source: TimeManualSource<Int>, count: Int) {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for i in 1...count { source.sendNext(i) }
            source.sendCompleted()
            done.signal()
        }
        done.wait()
    }

    func testThrottleRacingItsTimerSendsIncreasingValuesEndingWithLastOne() {
        let source = TimeManualSource<Int>()
        let probe = Probe()
        let finished = expectation(description: "completed")
        let disposable = source.signal.throttle(0.000_1, on: .background()).subscribe(
            next: { probe.next($0) }, completed: { probe.completed(); finished.fulfill() })
        sendFromRawThread(source, count: 2_000)
        wait(for: [finished], timeout: 10)
        let values = probe.values
        XCTAssertEqual(values.last, 2_000, "completion flushes the last value unless its timer sent it")
        XCTAssertEqual(values, values.sorted())
        XCTAssertEqual(Set(values).count, values.count, "no value sent twice")
        XCTAssertFalse(probe.overlapped)
        XCTAssertEqual(probe.completions, 1)
        disposable.dispose()
    }

    func testDelayRacingItsTimersDeliversEveryValueInOrderThenCompletes() {
        let source = TimeManualSource<Int>()
        let probe = Probe()
        let finished = expectation(description: "completed")
        let disposable = source.signal.delay(0, on: .background()).subscribe(
            next: { probe.next($0) }, completed: { probe.completed(); finished.fulfill() })
        sendFromRawThread(source, count: 2_000)
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(probe.values, Array(1...2_000))
        XCTAssertFalse(probe.overlapped)
        XCTAssertEqual(probe.completions, 1)
        disposable.dispose()
    }

    func testBufferRacingItsTimerLosesAndRepeatsNoValue() {
        let source = TimeManualSource<Int>()
        let probe = Probe()
        let finished = expectation(description: "completed")
        let disposable = source.signal.buffer(withTime: 0.000_1, on: .background()).subscribe(
            next: { window in
                XCTAssertFalse(window.isEmpty)
                for value in window { probe.next(value) }
            },
            completed: { probe.completed(); finished.fulfill() })
        sendFromRawThread(source, count: 2_000)
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(probe.values, Array(1...2_000))
        XCTAssertFalse(probe.overlapped)
        XCTAssertEqual(probe.completions, 1)
        disposable.dispose()
    }

    func testDisposingWhileThrottleTimersFireStopsDeliveries() {
        let source = TimeManualSource<Int>()
        let probe = Probe()
        let disposable = source.signal.throttle(0, on: .background()).subscribeNext { probe.next($0) }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for i in 1...2_000 { source.sendNext(i) }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.001)
        disposable.dispose()
        let countAtDisposal = probe.values.count
        done.wait()
        Thread.sleep(forTimeInterval: 0.05)
        // At most the one delivery already under way when disposal began may finish.
        XCTAssertLessThanOrEqual(probe.values.count, countAtDisposal + 1)
        XCTAssertFalse(probe.overlapped)
    }
}
