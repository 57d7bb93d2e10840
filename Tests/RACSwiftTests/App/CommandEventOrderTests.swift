import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// The order of every event a command's signals and its executions send, in one log, under
/// synchronous schedulers (`Scheduler.immediate`, a `TestScheduler`): what `errors` and
/// `executing` send relative to `enabled`, `executionSignals` and the execution's own
/// subscribers. The expected logs are those of RAC's structure (two `flattenMap`s on the added
/// executions, each subscribing to every execution), recorded before `errors` and `executing`
/// became one tracker fed by the executions (issue 37), which must keep them event by event.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class CommandEventOrderTests: VirtualTimeTestCase {
    private typealias Gate = Subject<Int>

    func testImmediateSchedulerOneAtATime() {
        let log = Locked<[String]>([])
        let command = Command<Gate, Int>(scheduler: .immediate) { $0 }
        let subscriptions = watch(command, into: log)
        let a = Gate(), b = Gate()
        execute(command, a, as: "a", into: log)
        a.sendNext(1)
        a.sendError(TestError.boom)
        execute(command, b, as: "b", into: log)
        b.sendNext(2)
        b.sendCompleted()
        XCTAssertEqual(log.value, expectedOneAtATime)
        subscriptions.forEach { $0.dispose() }
    }

    func testImmediateSchedulerConcurrent() {
        let log = Locked<[String]>([])
        let command = Command<Gate, Int>(scheduler: .immediate) { $0 }
        command.allowsConcurrentExecution = true
        let subscriptions = watch(command, into: log)
        let a = Gate(), b = Gate()
        execute(command, a, as: "a", into: log)
        execute(command, b, as: "b", into: log)
        a.sendNext(1)
        b.sendNext(2)
        a.sendError(TestError.boom)
        b.sendCompleted()
        XCTAssertEqual(log.value, expectedConcurrent)
        subscriptions.forEach { $0.dispose() }
    }

    /// Concurrent execution turned on and off again after `executionSignals` was subscribed:
    /// `enabled`'s count then subscribes to the added executions after that subscription.
    func testImmediateSchedulerAfterConcurrentExecutionWasToggled() {
        let log = Locked<[String]>([])
        let command = Command<Gate, Int>(scheduler: .immediate) { $0 }
        let subscriptions = watch(command, into: log)
        command.allowsConcurrentExecution = true
        command.allowsConcurrentExecution = false
        let a = Gate()
        execute(command, a, as: "a", into: log)
        a.sendNext(1)
        a.sendCompleted()
        XCTAssertEqual(log.value, expectedToggled)
        subscriptions.forEach { $0.dispose() }
    }

    func testTestSchedulerConcurrent() {
        let log = Locked<[String]>([])
        let command = Command<Gate, Int>(scheduler: scheduler) { $0 }
        command.allowsConcurrentExecution = true
        let subscriptions = watch(command, into: log)
        scheduler.run()
        let a = Gate(), b = Gate()
        execute(command, a, as: "a", into: log)
        execute(command, b, as: "b", into: log)
        log.append("run")
        scheduler.run()
        a.sendNext(1)
        a.sendError(TestError.boom)
        log.append("run")
        scheduler.run()
        b.sendCompleted()
        log.append("run")
        scheduler.run()
        XCTAssertEqual(log.value, expectedTestScheduler)
        subscriptions.forEach { $0.dispose() }
    }

    /// The command goes away while an execution runs: `errors` and `executing` complete once
    /// it has ended, after its error.
    func testCommandReleasedWhileExecuting() {
        let log = Locked<[String]>([])
        let a = Gate()
        do {
            let command = Command<Gate, Int>(scheduler: .immediate) { $0 }
            _ = watch(command, into: log)
            execute(command, a, as: "a", into: log)
            log.append("release")
        }
        a.sendNext(1)
        a.sendError(TestError.boom)
        XCTAssertEqual(log.value, expectedReleased)
    }

    /// A subscriber of `executing` that executes again from inside its delivery, on the
    /// immediate scheduler: nested deliveries, in RAC's order.
    func testReentrantExecutionFromExecuting() {
        let log = Locked<[String]>([])
        let command = Command<Gate, Int>(scheduler: .immediate) { $0 }
        command.allowsConcurrentExecution = true
        let a = Gate(), b = Gate()
        let once = Locked(false)
        let reentry = command.executing.skip(1).subscribeNext { executing in
            if !executing, !once.value {
                once.value = true
                execute(command, b, as: "b", into: log)
            }
        }
        let subscriptions = watch(command, into: log)
        execute(command, a, as: "a", into: log)
        a.sendCompleted()
        b.sendCompleted()
        XCTAssertEqual(log.value, expectedReentrant)
        reentry.dispose()
        subscriptions.forEach { $0.dispose() }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
/// Subscribes to the command's four signals, logging into `log`; returns the subscriptions.
private func watch(_ command: Command<Subject<Int>, Int>, into log: Locked<[String]>) -> [Disposable] {
    [
        command.executing.subscribe(next: { log.append("executing \($0)") }, completed: { log.append("executing completed") }),
        command.enabled.subscribe(next: { log.append("enabled \($0)") }, completed: { log.append("enabled completed") }),
        command.errors.subscribe(next: { log.append("errors \($0)") }, completed: { log.append("errors completed") }),
        command.executionSignals.subscribe(
            next: { execution in
                log.append("executionSignals next")
                execution.subscribe(
                    next: { log.append("executionSignals inner \($0)") },
                    error: { log.append("executionSignals inner error \($0)") },
                    completed: { log.append("executionSignals inner completed") })
            },
            completed: { log.append("executionSignals completed") }),
    ]
}

/// Executes with `gate` and logs what the returned execution sends, as `name`.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
private func execute(_ command: Command<Subject<Int>, Int>, _ gate: Subject<Int>, as name: String, into log: Locked<[String]>) {
    log.append("execute \(name)")
    command.execute(gate).subscribe(
        next: { log.append("\(name) \($0)") },
        error: { log.append("\(name) error \($0)") },
        completed: { log.append("\(name) completed") })
}

// Recorded from the two-flattenMap structure (see the type's notes).
private let expectedOneAtATime = [
    "executing false",
    "enabled true",
    "execute a",
    "executing true",
    "enabled false",
    "executionSignals next",
    "executionSignals inner 1",
    "a 1",
    "errors boom",
    "executing false",
    "enabled true",
    "executionSignals inner completed",
    "a error boom",
    "execute b",
    "executing true",
    "enabled false",
    "executionSignals next",
    "executionSignals inner 2",
    "b 2",
    "executing false",
    "enabled true",
    "executionSignals inner completed",
    "b completed",
]
private let expectedConcurrent = [
    "executing false",
    "enabled true",
    "execute a",
    "executing true",
    "executionSignals next",
    "execute b",
    "executionSignals next",
    "executionSignals inner 1",
    "a 1",
    "executionSignals inner 2",
    "b 2",
    "errors boom",
    "executionSignals inner completed",
    "a error boom",
    "executing false",
    "executionSignals inner completed",
    "b completed",
]
private let expectedToggled = [
    "executing false",
    "enabled true",
    "execute a",
    "executing true",
    "executionSignals next",
    "enabled false",
    "executionSignals inner 1",
    "a 1",
    "executing false",
    "executionSignals inner completed",
    "enabled true",
    "a completed",
]
private let expectedTestScheduler = [
    "executing false",
    "enabled true",
    "execute a",
    "execute b",
    "run",
    "executing true",
    "executionSignals next",
    "executionSignals next",
    "a 1",
    "executionSignals inner 1",
    "a error boom",
    "executionSignals inner completed",
    "run",
    "errors boom",
    "b completed",
    "executionSignals inner completed",
    "run",
    "executing false",
]
private let expectedReleased = [
    "executing false",
    "enabled true",
    "execute a",
    "executing true",
    "enabled false",
    "executionSignals next",
    "release",
    "executionSignals completed",
    "enabled completed",
    "executionSignals inner 1",
    "a 1",
    "errors boom",
    "errors completed",
    "executing false",
    "executing completed",
    "executionSignals inner completed",
    "a error boom",
]
private let expectedReentrant = [
    "executing false",
    "enabled true",
    "execute a",
    "executing true",
    "executionSignals next",
    "execute b",
    "executing true",
    "executionSignals next",
    "executing false",
    "executionSignals inner completed",
    "a completed",
    "executing false",
    "executionSignals inner completed",
    "b completed",
]
