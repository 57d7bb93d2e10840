import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// Every precondition a user can reach, exercised in a child process (Swift Testing exit
/// tests): the process must stop, and its standard error must carry the precondition's exact
/// message, which names the operator and the bad argument. Tests/README.md's "Misuse" table lists
/// the same preconditions.
@Suite("Misuse stops with a message naming the operator and the argument")
struct MisuseTests {
    // MARK: Subclassing

    @Test func signalSubclassMustOverrideSubscribe() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            MisuseBareSignal().subscribe(next: { _ in })
        }
        expectStandardError(result, contains: "Signal.subscribe(_:) must be overridden by MisuseBareSignal")
    }

    @Test func schedulerSubclassMustOverrideSchedule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            MisuseBareScheduler().schedule {}
        }
        expectStandardError(result, contains: "Scheduler.schedule(_:) must be overridden by MisuseBareScheduler")
    }

    @Test func schedulerSubclassMustOverrideAfter() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            MisuseBareScheduler().after(Date()) {}
        }
        expectStandardError(result, contains: "Scheduler.after(_:schedule:) must be overridden by MisuseBareScheduler")
    }

    @Test func schedulerSubclassMustOverrideScheduleRepeating() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            MisuseBareScheduler().after(Date(), repeatingEvery: 1, withLeeway: 0) {}
        }
        expectStandardError(result, contains: "Scheduler.scheduleRepeating(after:interval:leeway:_:) must be overridden by MisuseBareScheduler")
    }

    // MARK: Schedulers

    @Test func afterDelayRejectsNegativeDelay() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().afterDelay(-1) {}
        }
        expectStandardError(result, contains: "Scheduler.afterDelay(_:schedule:): delay must not be negative, got -1.0")
    }

    @Test func immediateSchedulerRejectsRepeatingTimer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Scheduler.immediate.after(Date(), repeatingEvery: 1, withLeeway: 0) {}
        }
        expectStandardError(
            result, contains: "Scheduler.immediate.after(_:repeatingEvery:withLeeway:schedule:): the immediate scheduler cannot run a repeating timer (interval 1.0)")
    }

    @Test func queueSchedulerRejectsNonPositiveRepeatInterval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Scheduler.background().after(Date(), repeatingEvery: 0, withLeeway: 0) {}
        }
        expectStandardError(result, contains: "Scheduler.after(_:repeatingEvery:withLeeway:schedule:): interval must be positive, got 0.0")
    }

    @Test func queueSchedulerRejectsNegativeLeeway() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Scheduler.background().after(Date(), repeatingEvery: 1, withLeeway: -1) {}
        }
        expectStandardError(result, contains: "Scheduler.after(_:repeatingEvery:withLeeway:schedule:): leeway must not be negative, got -1.0")
    }

    @Test func testSchedulerRejectsNonPositiveRepeatInterval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().after(Date(), repeatingEvery: -2, withLeeway: 0) {}
        }
        expectStandardError(result, contains: "Scheduler.after(_:repeatingEvery:withLeeway:schedule:): interval must be positive, got -2.0")
    }

    @Test func testSchedulerRejectsNegativeLeeway() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().after(Date(), repeatingEvery: 1, withLeeway: -0.5) {}
        }
        expectStandardError(result, contains: "Scheduler.after(_:repeatingEvery:withLeeway:schedule:): leeway must not be negative, got -0.5")
    }

    @Test func testSchedulerRejectsNegativeStep() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().step(-1)
        }
        expectStandardError(result, contains: "TestScheduler.step(_:): ticks must not be negative, got -1")
    }

    @Test func testSchedulerRejectsNegativeAdvance() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().advance(by: -3)
        }
        expectStandardError(result, contains: "TestScheduler.advance(by:): interval must not be negative, got -3.0")
    }

    // MARK: interval

    @Test func intervalRejectsNonPositiveSeconds() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Date>.interval(0, on: TestScheduler())
        }
        expectStandardError(result, contains: "Signal.interval(_:on:leeway:): seconds must be positive and less than 9223372036.854776, got 0.0")
    }

    @Test func intervalRejectsSecondsBeyondDispatchRange() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Date>.interval(1e10, on: TestScheduler())
        }
        expectStandardError(result, contains: "Signal.interval(_:on:leeway:): seconds must be positive and less than 9223372036.854776, got 10000000000.0")
    }

    @Test func intervalRejectsNegativeLeeway() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Date>.interval(1, on: TestScheduler(), leeway: -1)
        }
        expectStandardError(result, contains: "Signal.interval(_:on:leeway:): leeway must not be negative and less than 9223372036.854776, got -1.0")
    }

    @Test func intervalRejectsImmediateScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Date>.interval(1, on: .immediate)
        }
        expectStandardError(result, contains: "Signal.interval(_:on:leeway:): scheduler must not be Scheduler.immediate, which cannot run a repeating timer")
    }

    // MARK: Time operators

    @Test func throttleRejectsNegativeInterval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.throttle(-1)
        }
        expectStandardError(result, contains: "Signal.throttle(_:on:): interval must not be negative, got -1.0")
    }

    @Test func throttleRejectsImmediateScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.throttle(1, on: .immediate)
        }
        expectStandardError(result, contains: "Signal.throttle(_:on:): scheduler must not be Scheduler.immediate, which cannot wait without blocking")
    }

    @Test func throttleValuesPassingTestRejectsNegativeInterval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.throttle(-2, valuesPassingTest: { _ in true })
        }
        expectStandardError(result, contains: "Signal.throttle(_:on:valuesPassingTest:): interval must not be negative, got -2.0")
    }

    @Test func throttleValuesPassingTestRejectsImmediateScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.throttle(1, on: .immediate, valuesPassingTest: { _ in true })
        }
        expectStandardError(
            result, contains: "Signal.throttle(_:on:valuesPassingTest:): scheduler must not be Scheduler.immediate, which cannot wait without blocking")
    }

    @Test func delayRejectsNegativeInterval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.delay(-1)
        }
        expectStandardError(result, contains: "Signal.delay(_:on:): interval must not be negative, got -1.0")
    }

    @Test func delayRejectsImmediateScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.delay(1, on: .immediate)
        }
        expectStandardError(result, contains: "Signal.delay(_:on:): scheduler must not be Scheduler.immediate, which cannot wait without blocking")
    }

    @Test func bufferRejectsNegativeInterval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.buffer(withTime: -1, on: TestScheduler())
        }
        expectStandardError(result, contains: "Signal.buffer(withTime:on:): interval must not be negative, got -1.0")
    }

    @Test func bufferRejectsImmediateScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.buffer(withTime: 1, on: .immediate)
        }
        expectStandardError(
            result, contains: "Signal.buffer(withTime:on:): scheduler must not be Scheduler.immediate, which cannot wait without blocking")
    }

    @Test func bufferCountRejectsNonPositiveCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.buffer(0)
        }
        expectStandardError(result, contains: "Signal.buffer(_:): count must be positive, got 0")
    }

    @Test func timeoutRejectsNegativeInterval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.timeout(-1, on: TestScheduler())
        }
        expectStandardError(result, contains: "Signal.timeout(_:on:): interval must not be negative, got -1.0")
    }

    @Test func timeoutRejectsImmediateScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.timeout(1, on: .immediate)
        }
        expectStandardError(result, contains: "Signal.timeout(_:on:): scheduler must not be Scheduler.immediate, which cannot wait without blocking")
    }

    // MARK: Higher-order operators

    @Test func flattenRejectsNegativeMaxConcurrent() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Signal<Int>>.never.flatten(maxConcurrent: -1)
        }
        expectStandardError(result, contains: "Signal.flatten(maxConcurrent:): maxConcurrent must not be negative, got -1")
    }

    // MARK: Stream operators and repetition

    @Test func takeRejectsNegativeCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.take(-1)
        }
        expectStandardError(result, contains: "Signal.take(_:): count must not be negative, got -1")
    }

    @Test func skipRejectsNegativeCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.skip(-2)
        }
        expectStandardError(result, contains: "Signal.skip(_:): count must not be negative, got -2")
    }

    @Test func takeLastRejectsNegativeCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.takeLast(-1)
        }
        expectStandardError(result, contains: "Signal.takeLast(_:): count must not be negative, got -1")
    }

    @Test func retryRejectsNegativeCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never.retry(-1)
        }
        expectStandardError(result, contains: "Signal.retry(_:): count must not be negative, got -1")
    }

    // MARK: Subjects

    @Test func replaySubjectRejectsNegativeCapacity() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ReplaySubject<Int>(capacity: -1)
        }
        expectStandardError(result, contains: "ReplaySubject.init(capacity:): capacity must not be negative, got -1")
    }

    // MARK: Blocking

    @Test func asynchronousFirstOrDefaultRejectsBackgroundThread() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await Task.detached { _ = try? Signal<Int>.never.asynchronousFirst(orDefault: 0) }.value
        }
        expectStandardError(result, contains: "Signal.asynchronousFirst(orDefault:timeout:): must be called on the main thread")
    }

    @Test func asynchronousFirstRejectsBackgroundThread() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await Task.detached { _ = try? Signal<Int>.never.asynchronousFirst() }.value
        }
        expectStandardError(result, contains: "Signal.asynchronousFirst(timeout:): must be called on the main thread")
    }

    @Test func asynchronouslyWaitUntilCompletedRejectsBackgroundThread() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await Task.detached { try? Signal<Int>.never.asynchronouslyWaitUntilCompleted() }.value
        }
        expectStandardError(result, contains: "Signal.asynchronouslyWaitUntilCompleted(timeout:): must be called on the main thread")
    }

    // MARK: RACSwiftTesting

    @Test func badMarbleDiagramStopsWithItsParseError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TestScheduler().cold("-a-(b")
        }
        expectStandardError(result, contains: "bad marble diagram: unbalanced parentheses: '(' is never closed (column 4)")
    }

    @Test func expectMarblesRejectsNegativeUntil() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = TestScheduler()
            scheduler.expectMarbles(Signal<String>.never, "-", until: -1)
        }
        expectStandardError(result, contains: "TestScheduler.expectMarbles(_:_:): until must not be negative, got -1.0")
    }
}

/// A Signal subclass that forgot to override `subscribe(_:)`.
final class MisuseBareSignal: Signal<Int>, @unchecked Sendable {}

/// A Scheduler subclass that forgot to override the scheduling methods.
final class MisuseBareScheduler: Scheduler, @unchecked Sendable {}
