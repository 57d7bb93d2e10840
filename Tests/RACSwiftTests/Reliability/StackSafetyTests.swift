import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// Contract rule 8: synchronous recursion runs in constant stack. Each workload runs on a
/// thread with a deliberately small stack (1 MiB), with a scheduler current so subscriptions
/// are synchronous: a path whose stack grew with the count would overflow long before the end
/// (a million levels would need hundreds of MiB), so passing at all is the check. The static
/// concat and the immediate scheduler run a million times, as the contract names them; the
/// slower workloads run a hundred thousand times, which still needs ten times the stack a
/// linear path could find (a debug frame is well over 100 bytes).
final class StackSafetyTests: RACTestCase {
    #if RACSWIFT_TSAN || RACSWIFT_SANITIZED
    // ThreadSanitizer makes every step about ten times slower; the small stack still shows
    // any linear growth at a tenth of the count. (.ci/run's sanitizer runs set
    // RACSWIFT_SANITIZED; RACSWIFT_TSAN also swaps the lock for pthread mutexes.)
    private static let million = 100_000
    private static let many = 20_000
    #else
    private static let million = 1_000_000
    private static let many = 100_000
    #endif

    /// Runs `body` on a 1 MiB-stack thread, inside a scheduler, and waits for it.
    private func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let scheduler = SmallStackScheduler()
            scheduler.performAsCurrentScheduler(body)
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "workload did not finish")
    }

    func testStaticConcatOfAMillionSynchronousSignalsRunsInConstantStack() {
        let result = StackResult()
        onSmallStack {
            let signals = (0..<Self.million).map { Signal<Int>.return($0) }
            Signal.concat(signals).subscribe(next: { result.add($0) }, completed: { result.complete() })
        }
        result.assert(count: Self.million, sum: Self.million * (Self.million - 1) / 2)
    }

    func testConcatOfASignalOfManyQueuedSynchronousSignalsRunsInConstantStack() {
        // The first inner signal holds the queue back until every other one is queued, then
        // its completion drains them all through the trampoline.
        let result = StackResult()
        onSmallStack {
            let gate = Subject<Int>()
            let inners = Signal<Signal<Int>>.create { outer in
                outer.sendNext(gate)
                for value in 0..<Self.many { outer.sendNext(Signal.return(value)) }
                outer.sendCompleted()
                return nil
            }
            inners.concat().subscribe(next: { result.add($0) }, completed: { result.complete() })
            gate.sendCompleted()
        }
        result.assert(count: Self.many, sum: Self.many * (Self.many - 1) / 2)
    }

    func testFlattenMaxConcurrentTwoOfManyQueuedSynchronousSignalsRunsInConstantStack() {
        let result = StackResult()
        onSmallStack {
            let gates = [Subject<Int>(), Subject<Int>()]
            let inners = Signal<Signal<Int>>.create { outer in
                gates.forEach(outer.sendNext)
                for value in 0..<Self.many { outer.sendNext(Signal.return(value)) }
                outer.sendCompleted()
                return nil
            }
            inners.flatten(maxConcurrent: 2).subscribe(next: { result.add($0) }, completed: { result.complete() })
            gates[0].sendCompleted()
            gates[1].sendCompleted()
        }
        result.assert(count: Self.many, sum: Self.many * (Self.many - 1) / 2)
    }

    func testFlattenMapOfManySynchronousSignalsRunsInConstantStack() {
        let result = StackResult()
        onSmallStack {
            Signal.from(0..<Self.many).flattenMap { Signal.return($0) }
                .subscribe(next: { result.add($0) }, completed: { result.complete() })
        }
        result.assert(count: Self.many, sum: Self.many * (Self.many - 1) / 2)
    }

    func testSignalFromAMillionValuesRunsInConstantStack() {
        let result = StackResult()
        onSmallStack {
            Signal.from(0..<Self.million).subscribe(next: { result.add($0) }, completed: { result.complete() })
        }
        result.assert(count: Self.million, sum: Self.million * (Self.million - 1) / 2)
    }

    func testRepeatOfASynchronousSignalRunsManyTimesInConstantStack() {
        let result = StackResult()
        onSmallStack {
            Signal<Int>.return(1).repeat().take(Self.many)
                .subscribe(next: { result.add($0) }, completed: { result.complete() })
        }
        result.assert(count: Self.many, sum: Self.many)
    }

    func testRetryOfASynchronousFailureRunsManyTimesInConstantStack() {
        // Each subscription sends one value and fails; `retry(many - 1)` subscribes `many`
        // times and then forwards the error.
        let result = StackResult()
        onSmallStack {
            Signal<Int>.create { subscriber in
                subscriber.sendNext(1)
                subscriber.sendError(TestError(code: 0))
                return nil
            }
            .retry(Self.many - 1)
            .subscribe(next: { result.add($0) }, error: { _ in result.complete() })
        }
        result.assert(count: Self.many, sum: Self.many)
    }

    /// `scheduleRecursive` on `scheduler`, rescheduling until it has run `times` times, all
    /// within `onSmallStack`'s small stack.
    private func assertScheduleRecursiveRunsOnASmallStack(
        on scheduler: Scheduler, times: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = StackResult()
        onSmallStack {
            nonisolated(unsafe) var runs = 0
            scheduler.scheduleRecursive { reschedule in
                runs += 1
                result.add(1)
                if runs < times { reschedule() } else { result.complete() }
            }
        }
        result.assert(count: times, sum: times, file: file, line: line)
    }

    func testScheduleRecursiveOnASynchronousSchedulerRunsManyTimesInConstantStack() {
        // A scheduler that runs blocks at once exercises the base class's trampoline.
        assertScheduleRecursiveRunsOnASmallStack(on: SmallStackScheduler(), times: Self.many)
    }

    func testScheduleRecursiveOnImmediateSchedulerRunsAMillionTimesInConstantStack() {
        assertScheduleRecursiveRunsOnASmallStack(on: Scheduler.immediate, times: Self.million)
    }

    func testScheduleRecursiveOnTestSchedulerRunsAHundredThousandTimes() {
        let scheduler = TestScheduler()
        nonisolated(unsafe) var runs = 0
        scheduler.scheduleRecursive { reschedule in
            runs += 1
            if runs < 100_000 { reschedule() }
        }
        scheduler.run()
        XCTAssertEqual(runs, 100_000)
    }
}

/// A scheduler that runs every block at once, as the current scheduler: synchronous
/// recursion through it would grow the stack unless the library trampolines.
private final class SmallStackScheduler: Scheduler, @unchecked Sendable {
    override func schedule(_ block: @escaping () -> Void) -> Disposable? {
        performAsCurrentScheduler(block)
        return nil
    }

    override func after(_ date: Date, schedule block: @escaping () -> Void) -> Disposable? {
        schedule(block)
    }
}

/// What a stack workload received, read back on the test's thread.
final class StackResult: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var sum = 0
    private var completions = 0

    func add(_ value: Int) {
        lock.withLock {
            count += 1
            sum += value
        }
    }

    func complete() { lock.withLock { completions += 1 } }

    func assert(count expectedCount: Int, sum expectedSum: Int, file: StaticString = #filePath, line: UInt = #line) {
        lock.withLock {
            XCTAssertEqual(count, expectedCount, "values", file: file, line: line)
            XCTAssertEqual(sum, expectedSum, "sum of values", file: file, line: line)
            XCTAssertEqual(completions, 1, "completions", file: file, line: line)
        }
    }
}
