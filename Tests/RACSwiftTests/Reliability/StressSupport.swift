import Foundation
import RACSwift
import XCTest

/// Sizes of the concurrency stress tests. The defaults keep each test well under two seconds
/// in a debug build on two cores; RACSWIFT_STRESS_VALUES raises the values per thread (the
/// issue's full size is 100000) and RACSWIFT_STRESS_ROUNDS the rounds of the race tests.
enum Stress {
    static let threads = 8

    static var values: Int {
        ProcessInfo.processInfo.environment["RACSWIFT_STRESS_VALUES"].flatMap(Int.init) ?? 2_000
    }

    static var rounds: Int {
        ProcessInfo.processInfo.environment["RACSWIFT_STRESS_ROUNDS"].flatMap(Int.init) ?? 1_000
    }

    /// Runs `body(thread)` on `count` threads that all start together.
    static func onThreads(_ count: Int = threads, _ body: @escaping @Sendable (Int) -> Void) {
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            let thread = Thread {
                start.wait()
                body(index)
                done.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        done.wait()
    }
}

/// The subscriber a `Signal.create` block received, so test threads can send into it; drop it
/// at the end of the test so the subscription is freed.
final class StressSource<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Subscriber<Value>)?

    /// A signal that hands its (single) subscriber to this box.
    var signal: Signal<Value> {
        Signal.create { [self] subscriber in
            lock.withLock { stored = subscriber }
            return nil
        }
    }

    var subscriber: any Subscriber<Value> {
        lock.withLock { stored! }
    }

    func release() {
        lock.withLock { stored = nil }
    }
}

/// Records what a stress test's pipeline delivers and checks the contract as it goes:
/// deliveries must never overlap (a `try` on the delivery gate fails if one is in progress),
/// and there must be exactly one terminal event, with nothing after it.
final class StressProbe<Value>: @unchecked Sendable {
    private let gate = NSLock()
    private let stateLock = NSLock()
    // Guarded by `gate` (deliveries are serialized when the contract holds; `stateLock` also
    // guards them so a broken contract cannot corrupt the record).
    private var recorded: [Value] = []
    private var terminalEvents = 0
    private var eventsAfterTerminal = 0
    private var overlaps = 0
    private var error: (any Error)?
    private let finished = DispatchSemaphore(value: 0)

    init() {}

    private func deliver(_ body: () -> Void) {
        if !gate.try() {
            stateLock.withLock { overlaps += 1 }
            gate.lock()
        }
        stateLock.withLock(body)
        gate.unlock()
    }

    func sendNext(_ value: Value) {
        deliver {
            if terminalEvents > 0 { eventsAfterTerminal += 1 }
            recorded.append(value)
        }
    }

    func sendError(_ error: any Error) {
        deliver {
            terminalEvents += 1
            self.error = error
        }
        finished.signal()
    }

    func sendCompleted() {
        deliver { terminalEvents += 1 }
        finished.signal()
    }

    /// Subscribes to `signal` with this probe's closures.
    @discardableResult
    func subscribe(_ signal: Signal<Value>) -> Disposable {
        signal.subscribe(next: { self.sendNext($0) }, error: { self.sendError($0) }, completed: { self.sendCompleted() })
    }

    var values: [Value] { stateLock.withLock { recorded } }
    var terminalCount: Int { stateLock.withLock { terminalEvents } }
    var receivedError: (any Error)? { stateLock.withLock { error } }

    /// Waits (bounded) for the terminal event.
    func waitForTerminal(timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(finished.wait(timeout: .now() + timeout), .success, "no terminal event within \(timeout) s", file: file, line: line)
    }

    /// The contract checks: no overlapping deliveries, nothing after the terminal event, and
    /// `terminal` terminal events (1 unless the test disposed first).
    func assertContract(terminal: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        stateLock.withLock {
            XCTAssertEqual(overlaps, 0, "overlapping deliveries", file: file, line: line)
            XCTAssertEqual(eventsAfterTerminal, 0, "events after the terminal event", file: file, line: line)
            XCTAssertEqual(terminalEvents, terminal, "terminal events", file: file, line: line)
        }
    }
}

/// Checks that `values` holds each of `0..<threads * perThread` exactly once, each thread's
/// (`value / perThread`) in the order it sent them.
func assertEachValueOnceInThreadOrder(
    _ values: [Int], threads: Int, perThread: Int, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(values.count, threads * perThread, "value count", file: file, line: line)
    var seen = Set<Int>()
    var last = [Int](repeating: -1, count: threads)
    var duplicates = 0
    var outOfOrder = 0
    for value in values {
        if !seen.insert(value).inserted { duplicates += 1 }
        let thread = value / perThread
        guard thread >= 0, thread < threads else { continue }
        if value <= last[thread] { outOfOrder += 1 }
        last[thread] = value
    }
    XCTAssertEqual(duplicates, 0, "values delivered more than once", file: file, line: line)
    XCTAssertEqual(outOfOrder, 0, "values out of their thread's order", file: file, line: line)
    XCTAssertEqual(seen, Set(0..<threads * perThread), "values lost or invented", file: file, line: line)
}

/// What `churnSubscriptions` saw: values delivered, values that arrived after their
/// subscription's `dispose()` returned, and values not greater than the one before them —
/// and, of the late ones, those sent after `dispose()` returned (contract §6: never) and the
/// subscriptions that received more than one late value (§6 allows the one event a thread
/// was already delivering).
struct ChurnCounts {
    let delivered: Int
    let late: Int
    let outOfOrder: Int
    let sentAfterDispose: Int
    let moreThanOneLate: Int
}

/// Subscribe/dispose churn while values flow: one thread calls `send` with 0, 1, 2... while four
/// threads each subscribe to `signal`, let a few values through and dispose, `Stress.rounds`
/// subscriptions in all. Returns once the sender has stopped.
func churnSubscriptions(to signal: Signal<Int>, sending send: @escaping @Sendable (Int) -> Void) -> ChurnCounts {
    let stop = StressFlag()
    let late = StressTally()
    let outOfOrder = StressTally()
    let delivered = StressTally()
    let sentAfterDispose = StressTally()
    let moreThanOneLate = StressTally()
    // The value being sent: set before each send, so a value greater than the one read once
    // `dispose()` has returned was sent after it returned.
    let sending = StressChurnState()
    let senderDone = DispatchSemaphore(value: 0)
    Thread {
        var value = 0
        while !stop.value {
            sending.last = value
            send(value)
            value += 1
        }
        senderDone.signal()
    }.start()
    Stress.onThreads(4) { _ in
        for _ in 0..<Stress.rounds / 4 {
            let state = StressChurnState()
            let disposable = signal.subscribeNext { value in
                delivered.add()
                if let disposedAt = state.disposedAt {
                    late.add()
                    if value > disposedAt { sentAfterDispose.add() }
                    if state.noteLate() > 1 { moreThanOneLate.add() }
                }
                if value <= state.last { outOfOrder.add() }
                state.last = value
            }
            // Let a few values through, then leave.
            for _ in 0..<50 where state.last < 0 { sched_yield() }
            disposable.dispose()
            state.disposedAt = sending.last
        }
    }
    stop.value = true
    senderDone.wait()
    return ChurnCounts(
        delivered: delivered.value, late: late.value, outOfOrder: outOfOrder.value,
        sentAfterDispose: sentAfterDispose.value, moreThanOneLate: moreThanOneLate.value
    )
}

/// One churning subscription's progress (or the sender's: `last` is the value being sent).
private final class StressChurnState: @unchecked Sendable {
    private let lock = NSLock()
    private var lastValue = -1
    private var disposedAtValue: Int?
    private var lateValues = 0

    var last: Int {
        get { lock.withLock { lastValue } }
        set { lock.withLock { lastValue = newValue } }
    }

    /// The value being sent when `dispose()` had returned; nil before.
    var disposedAt: Int? {
        get { lock.withLock { disposedAtValue } }
        set { lock.withLock { disposedAtValue = newValue } }
    }

    /// Counts a value that arrived after `dispose()` returned; returns how many have.
    func noteLate() -> Int {
        lock.withLock {
            lateValues += 1
            return lateValues
        }
    }
}

/// Counts how many of a set of tasks run at once, and the most that ever did.
final class ConcurrencyGauge: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var _maximum = 0
    private var _entered = 0
    var maximum: Int { lock.withLock { _maximum } }
    var entered: Int { lock.withLock { _entered } }

    func enter() {
        lock.withLock {
            current += 1
            _entered += 1
            _maximum = max(_maximum, current)
        }
    }

    func leave() { lock.withLock { current -= 1 } }
}

/// `count` signals, the `index`th of which, on each subscription, enters `gauge` and sends
/// `index * valuesEach ..< (index + 1) * valuesEach` from a global queue, then leaves the gauge
/// and completes.
func backgroundSendingSignals(_ count: Int, valuesEach: Int, gauge: ConcurrencyGauge) -> [Signal<Int>] {
    (0..<count).map { index in
        Signal<Int>.create { subscriber in
            gauge.enter()
            DispatchQueue.global().async {
                for i in 0..<valuesEach { subscriber.sendNext(index * valuesEach + i) }
                gauge.leave()
                subscriber.sendCompleted()
            }
            return nil
        }
    }
}

/// A reusable barrier for racing threads: `arriveAndWait()` returns on every party once all
/// have arrived, as close together as a yield-spin allows (a condition variable would wake them
/// one by one, far apart, and the race the test wants would rarely happen).
final class SpinBarrier: @unchecked Sendable {
    private let lock = NSLock()
    private let parties: Int
    private var arrived = 0
    private var generation = 0

    init(parties: Int) {
        self.parties = parties
    }

    func arriveAndWait() {
        lock.lock()
        let mine = generation
        arrived += 1
        if arrived == parties {
            arrived = 0
            generation += 1
            lock.unlock()
            return
        }
        lock.unlock()
        while true {
            lock.lock()
            let now = generation
            lock.unlock()
            if now != mine { return }
            sched_yield()
        }
    }
}
