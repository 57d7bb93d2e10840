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

    /// Subscribes to `operate(source)`, sends 1...2000 then completion from a raw thread, and
    /// waits for the completion; `deliver` hands each delivery's values to the probe. The
    /// deliveries must not overlap and must end with exactly one completion.
    private func race<Output>(
        _ operate: (Signal<Int>) -> Signal<Output>, deliver: @escaping @Sendable (Output, Probe) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [Int] {
        let source = TimeManualSource<Int>()
        let probe = Probe()
        let finished = expectation(description: "completed")
        let disposable = operate(source.signal).subscribe(
            next: { deliver($0, probe) }, completed: { probe.completed(); finished.fulfill() })
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for i in 1...2_000 { source.sendNext(i) }
            source.sendCompleted()
            done.signal()
        }
        done.wait()
        wait(for: [finished], timeout: 10)
        XCTAssertFalse(probe.overlapped, "deliveries overlapped", file: file, line: line)
        XCTAssertEqual(probe.completions, 1, "completions", file: file, line: line)
        disposable.dispose()
        return probe.values
    }

    func testThrottleRacingItsTimerSendsIncreasingValuesEndingWithLastOne() {
        let values = race({ $0.throttle(0.000_1, on: .background()) }, deliver: { $1.next($0) })
        XCTAssertEqual(values.last, 2_000, "completion flushes the last value unless its timer sent it")
        XCTAssertEqual(values, values.sorted())
        XCTAssertEqual(Set(values).count, values.count, "no value sent twice")
    }

    func testDelayRacingItsTimersDeliversEveryValueInOrderThenCompletes() {
        let values = race({ $0.delay(0, on: .background()) }, deliver: { $1.next($0) })
        XCTAssertEqual(values, Array(1...2_000))
    }

    func testBufferRacingItsTimerLosesAndRepeatsNoValue() {
        let values = race({ $0.buffer(withTime: 0.000_1, on: .background()) }, deliver: { window, probe in
            XCTAssertFalse(window.isEmpty)
            for value in window { probe.next(value) }
        })
        XCTAssertEqual(values, Array(1...2_000))
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
