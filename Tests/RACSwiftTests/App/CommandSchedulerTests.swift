import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// `Command(scheduler:)`: a test gives the command its `TestScheduler` (or the immediate
/// scheduler) instead of waiting for the next turn of the main queue. RAC's commands always
/// use the main thread, which stays the default.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class CommandSchedulerTests: VirtualTimeTestCase {
    func testDefaultSchedulerIsTheMainThreadScheduler() {
        let command = Command<Int, Int> { .return($0) }
        XCTAssertTrue(command.scheduler === Scheduler.main)
    }

    func testExecutionStartsWhenTheTestSchedulerRuns() {
        let started = Locked<[String]>([])
        let command = Command<String, String>(scheduler: scheduler) { input in
            Signal.create { subscriber in
                started.append(input)
                subscriber.sendNext(input.uppercased())
                subscriber.sendCompleted()
                return nil
            }
        }
        let executing = Locked<[Bool]>([])
        let executions = Locked<[String]>([])
        let watchExecuting = command.executing.subscribeNext { executing.append($0) }
        let watchExecutions = command.executionSignals.flatten().subscribeNext { executions.append($0) }
        XCTAssertEqual(executing.value, [false])

        let execution = command.execute("go")
        XCTAssertEqual(started.value, [], "the execution waits for the scheduler")
        XCTAssertEqual(executions.value, [])

        scheduler.run()
        XCTAssertEqual(started.value, ["go"])
        XCTAssertEqual(executions.value, ["GO"])
        XCTAssertEqual(executing.value, [false, true, false])
        XCTAssertEqual(try execution.toArray(), ["GO"])
        watchExecuting.dispose()
        watchExecutions.dispose()
    }

    func testErrorsAndEnabledDeliverOnTheTestScheduler() {
        let command = Command<Int, Int>(scheduler: scheduler) { _ in .error(TestError.boom) }
        let errors = Locked<[String]>([])
        let enabled = Locked<[Bool]>([])
        let watchErrors = command.errors.subscribeNext { errors.append("\($0)") }
        let watchEnabled = command.enabled.subscribeNext { enabled.append($0) }
        XCTAssertEqual(enabled.value, [true])

        command.execute(1)
        XCTAssertEqual(errors.value, [])
        XCTAssertEqual(enabled.value, [true], "the change to disabled is delivered on the scheduler")
        scheduler.run()
        XCTAssertEqual(errors.value, ["\(TestError.boom)"])
        XCTAssertEqual(enabled.value, [true, false, true])
        watchErrors.dispose()
        watchEnabled.dispose()
    }

    func testImmediateSchedulerRunsTheExecutionAtOnce() throws {
        let command = Command<Int, Int>(scheduler: .immediate) { .return($0 * 2) }
        let values = Locked<[Int]>([])
        let watch = command.executionSignals.flatten().subscribeNext { values.append($0) }
        command.execute(21)
        XCTAssertEqual(values.value, [42])
        XCTAssertEqual(try command.executing.first(), false)
        watch.dispose()
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class AnyCommandTests: VirtualTimeTestCase {
    /// What a control does with its `rac_command`: executes it with itself as input and shows
    /// whether it is enabled.
    private final class Button {
        let title: String
        init(title: String) { self.title = title }
    }

    func testExecutesTheWrappedCommandWithTheConvertedInput() throws {
        let command = Command<String, Int>(scheduler: scheduler) { .return($0.count) }
        let erased = AnyCommand(command) { (button: Button) in button.title }
        let execution = erased.execute(Button(title: "Refresh"))
        scheduler.run()
        XCTAssertEqual(try execution.toArray().map { $0 as? Int }, [7])
    }

    func testForwardsTheCommandsSignals() {
        let gate = Subject<Int>()
        let command = Command<Int, Int>(scheduler: scheduler) { _ in gate }
        let erased = AnyCommand(command)
        let enabled = Locked<[Bool]>([])
        let executing = Locked<[Bool]>([])
        let values = Locked<[Int]>([])
        let errors = Locked(0)
        let subscriptions = [
            erased.enabled.subscribeNext { enabled.append($0) },
            erased.executing.subscribeNext { executing.append($0) },
            erased.executionSignals.flatten().subscribeNext { values.append($0 as! Int) },
            erased.errors.subscribeNext { _ in errors += 1 },
        ]
        erased.execute(0)
        scheduler.run()
        gate.sendNext(5)
        scheduler.run()
        XCTAssertEqual(values.value, [5])
        XCTAssertEqual(enabled.value, [true, false])
        XCTAssertEqual(executing.value, [false, true])
        gate.sendError(TestError.boom)
        scheduler.run()
        XCTAssertEqual(errors.value, 1)
        XCTAssertEqual(enabled.value, [true, false, true])
        XCTAssertEqual(executing.value, [false, true, false])
        subscriptions.forEach { $0.dispose() }
    }

    func testDisabledCommandFailsWithNotEnabled() {
        let command = Command<Int, Int>(enabled: .return(false), scheduler: scheduler) { .return($0) }
        let erased = AnyCommand(command)
        XCTAssertThrowsError(try erased.execute(1).toArray()) { error in
            XCTAssertEqual(error as? CommandError, .notEnabled)
        }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class WeakTargetCommandTests: VirtualTimeTestCase {
    /// A plain model whose command's block uses the model: no `[weak self]`, no
    /// `@unchecked Sendable`.
    private final class Counter {
        var step = 2
        private(set) lazy var add = Command<Int, Int>(scheduler: scheduler, weak: self) { counter, value in
            .return(value + counter.step)
        }
        let scheduler: Scheduler
        init(scheduler: Scheduler) { self.scheduler = scheduler }
    }

    func testBlockReceivesTheTargetAndDoesNotKeepItAlive() throws {
        var counter: Counter? = Counter(scheduler: scheduler)
        weak let weakCounter = counter
        let command = try XCTUnwrap(counter?.add)
        let first = command.execute(40)
        scheduler.run()
        XCTAssertEqual(try first.toArray(), [42])

        counter = nil
        XCTAssertNil(weakCounter, "the command's block must not keep its target")
        let late = command.execute(1)
        scheduler.run()
        XCTAssertEqual(try late.toArray(), [], "an execution after the target is gone is empty")
    }
}
