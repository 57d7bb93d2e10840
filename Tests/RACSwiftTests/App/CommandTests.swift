import Foundation
import XCTest
@testable import RACSwift

/// RACCommandSpec, one test per `it`, in its order.
///
/// Tests run on the main thread, where executions start (on the main queue): where RAC's
/// spec waits with `toEventually` or `-asynchronouslyWaitUntilCompleted:`, these spin the main
/// run loop.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class CommandTests: RACTestCase {
    private func simpleCommand() -> Command<String, String> {
        let command = Command<String, String> { .return($0) }
        XCTAssertFalse(command.allowsConcurrentExecution)
        return command
    }

    // MARK: with a simple signal block

    /// A command allowing concurrent execution whose execution signal is its input, executed
    /// twice: both executions run until the test ends their subjects.
    private func twoConcurrentExecutions() -> (Command<Subject<String>, String>, Subject<String>, Subject<String>) {
        let command = Command<Subject<String>, String> { $0 }
        command.allowsConcurrentExecution = true
        let first = Subject<String>()
        let second = Subject<String>()
        command.execute(first)
        command.execute(second)
        return (command, first, second)
    }

    func testIsEnabledByDefault() {
        XCTAssertEqual(firstValue(simpleCommand().enabled), true)
    }

    func testIsNotExecutingByDefault() {
        XCTAssertEqual(firstValue(simpleCommand().executing), false)
    }

    func testCreatesAnExecutionSignal() {
        let command = simpleCommand()
        nonisolated(unsafe) var signalsReceived = 0
        nonisolated(unsafe) var values: [String] = []
        nonisolated(unsafe) var completed = false
        let subscription = command.executionSignals.subscribeNext { signal in
            signalsReceived += 1
            signal.subscribe(next: { values.append($0) }, completed: { completed = true })
        }
        XCTAssertEqual(signalsReceived, 0)
        command.execute("value")
        XCTAssertTrue(spinMainLoop { signalsReceived == 1 })
        XCTAssertTrue(spinMainLoop { completed })
        XCTAssertEqual(values, ["value"])
        subscription.dispose()
    }

    func testReturnsTheExecutionSignalFromExecute() {
        let command = simpleCommand()
        nonisolated(unsafe) var values: [String] = []
        nonisolated(unsafe) var completed = false
        command.execute("value").subscribe(next: { values.append($0) }, completed: { completed = true })
        XCTAssertTrue(spinMainLoop { completed })
        XCTAssertEqual(values, ["value"])
    }

    func testAlwaysSendsExecutionSignalsOnTheMainThread() {
        let command = simpleCommand()
        nonisolated(unsafe) var receivedScheduler: Scheduler?
        let subscription = command.executionSignals.subscribeNext { _ in receivedScheduler = Scheduler.current }
        let done = Fixture.Log<Bool>()
        Scheduler.background().schedule {
            done.append((try? command.execute("x").waitUntilCompleted()) != nil)
        }
        XCTAssertNil(receivedScheduler)
        XCTAssertTrue(spinMainLoop { receivedScheduler != nil && done.all == [true] })
        XCTAssertTrue(receivedScheduler === Scheduler.main)
        subscription.dispose()
    }

    func testSendsNothingOnErrorsByDefault() throws {
        let command = simpleCommand()
        nonisolated(unsafe) var receivedError = false
        let subscription = command.errors.subscribeNext { _ in receivedError = true }
        try command.execute("x").asynchronouslyWaitUntilCompleted()
        drainMainLoop()
        XCTAssertFalse(receivedError)
        subscription.dispose()
    }

    func testIsExecutingWhileAnExecutionSignalIsRunning() throws {
        let command = simpleCommand()
        nonisolated(unsafe) var executingDuringExecution: [Bool?] = []
        let subscription = command.executionSignals.subscribeNext { signal in
            signal.subscribeNext { _ in executingDuringExecution.append(firstValue(command.executing)) }
        }
        try command.execute("x").asynchronouslyWaitUntilCompleted()
        drainMainLoop()
        XCTAssertEqual(executingDuringExecution, [true])
        XCTAssertEqual(firstValue(command.executing), false)
        subscription.dispose()
    }

    func testAlwaysUpdatesExecutingOnTheMainThread() {
        let command = simpleCommand()
        nonisolated(unsafe) var updatedScheduler: Scheduler?
        let subscription = command.executing.skip(1).subscribeNext { executing in
            if executing { updatedScheduler = Scheduler.current }
        }
        Scheduler.background().schedule { try? command.execute("x").waitUntilCompleted() }
        XCTAssertEqual(firstValue(command.executing), false)
        XCTAssertTrue(spinMainLoop { updatedScheduler != nil })
        XCTAssertTrue(updatedScheduler === Scheduler.main)
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == false })
        subscription.dispose()
    }

    func testIsReleasedWithoutSubscribers() {
        weak var weakCommand: Command<String, String>?
        do {
            let command = Command<String, String> { _ in .empty }
            weakCommand = command
        }
        XCTAssertNil(weakCommand)
    }

    func testCompletesItsSignalsOnTheMainThreadWhenReleased() {
        let schedulers = Fixture.Log<String>()
        Scheduler.background().schedule {
            let command = Command<String, String> { _ in .empty }
            command.executionSignals.subscribeCompleted { schedulers.append("executionSignals \(Scheduler.current === Scheduler.main)") }
            command.executing.subscribeCompleted { schedulers.append("executing \(Scheduler.current === Scheduler.main)") }
            command.enabled.subscribeCompleted { schedulers.append("enabled \(Scheduler.current === Scheduler.main)") }
            command.errors.subscribeCompleted { schedulers.append("errors \(Scheduler.current === Scheduler.main)") }
        }
        XCTAssertTrue(spinMainLoop { schedulers.all.count == 4 })
        XCTAssertEqual(Set(schedulers.all), ["executionSignals true", "executing true", "enabled true", "errors true"])
    }

    // MARK: executions

    func testInvokesTheSignalBlockOncePerExecution() throws {
        nonisolated(unsafe) var received: [String] = []
        let command = Command<String, String> { input in
            received.append(input)
            return .empty
        }
        try command.execute("foo").asynchronouslyWaitUntilCompleted()
        XCTAssertEqual(received, ["foo"])
        try command.execute("bar").asynchronouslyWaitUntilCompleted()
        XCTAssertEqual(received, ["foo", "bar"])
    }

    func testSendsOnExecutionSignalsInOrderOfExecution() throws {
        let command = Command<[String], String> { Signal.from($0, on: .immediate) }
        nonisolated(unsafe) var values: [String] = []
        let subscription = command.executionSignals.concat().subscribeNext { values.append($0) }
        try command.execute(["foo", "bar"]).asynchronouslyWaitUntilCompleted()
        try command.execute(["buzz", "baz"]).asynchronouslyWaitUntilCompleted()
        drainMainLoop()
        XCTAssertEqual(values, ["foo", "bar", "buzz", "baz"])
        subscription.dispose()
    }

    func testExecutingStaysTrueUntilEveryExecutionHasCompletedOrFailed() {
        let (command, firstSubject, secondSubject) = twoConcurrentExecutions()
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == true })
        firstSubject.sendError(TestError.boom)
        drainMainLoop()
        XCTAssertEqual(firstValue(command.executing), true)
        secondSubject.sendNext("x")
        drainMainLoop()
        XCTAssertEqual(firstValue(command.executing), true)
        secondSubject.sendCompleted()
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == false })
    }

    func testAllowsConcurrentExecutionIsObservable() {
        let command = Command<Signal<String>, String> { $0 }
        let scheduler = TestScheduler()
        nonisolated(unsafe) var values: [Bool] = []
        let subscription = command.signal(for: \.allowsConcurrentExecution, on: scheduler).subscribeNext { values.append($0) }
        command.allowsConcurrentExecution = true
        scheduler.run()
        XCTAssertEqual(values, [false, true])
        XCTAssertTrue(command.allowsConcurrentExecution)
        subscription.dispose()
    }

    /// Not in RACCommandSpec: RAC's property is atomic. Four threads set it at once, then one
    /// last value is set: no crash (and no race under TSan), and both the observation and
    /// `enabled` end with the last value.
    func testAllowsConcurrentExecutionIsThreadSafe() {
        let command = Command<Signal<String>, String> { $0 }
        let values = Fixture.Log<Bool>()
        let subscription = command.signal(for: \.allowsConcurrentExecution).subscribeNext { values.append($0) }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<200 { command.allowsConcurrentExecution = (thread + round) % 2 == 0 }
        }
        command.allowsConcurrentExecution = true
        XCTAssertTrue(spinMainLoop { values.all.last == true && firstValue(command.enabled) == true })
        XCTAssertTrue(command.allowsConcurrentExecution)
        subscription.dispose()
    }

    func testDoesNotDeliverErrorsFromExecutionSignals() {
        let subject = Subject<String>()
        let command = Command<Void, String> { subject }
        nonisolated(unsafe) var events: [Event<String>] = []
        let subscription = command.executionSignals.flatten().materialize().subscribeNext { events.append($0) }
        command.execute(())
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == true })
        subject.sendNext("unit")
        XCTAssertEqual(events, [.next("unit")])
        subject.sendNext("foo")
        XCTAssertEqual(events, [.next("unit"), .next("foo")])
        XCTAssertEqual(firstValue(command.executing), true)
        subject.sendError(TestError.boom)
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == false })
        XCTAssertEqual(events, [.next("unit"), .next("foo")])
        subscription.dispose()
    }

    func testDeliversErrorsFromExecute() {
        let subject = Subject<String>()
        let command = Command<Void, String> { subject }
        nonisolated(unsafe) var events: [Event<String>] = []
        command.execute(()).materialize().subscribeNext { events.append($0) }
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == true })
        subject.sendNext("unit")
        subject.sendNext("foo")
        XCTAssertEqual(events, [.next("unit"), .next("foo")])
        XCTAssertEqual(firstValue(command.executing), true)
        subject.sendError(TestError.boom)
        XCTAssertEqual(events, [.next("unit"), .next("foo"), .error(TestError.boom)])
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == false })
    }

    func testDeliversErrorsOntoErrors() {
        let (command, firstSubject, secondSubject) = twoConcurrentExecutions()
        // Errors of executions started before the subscription arrive too.
        nonisolated(unsafe) var received: [TestError] = []
        let subscription = command.errors.subscribeNext { received.append($0 as! TestError) }
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == true })
        firstSubject.sendError(TestError.boom)
        XCTAssertTrue(spinMainLoop { received == [.boom] })
        XCTAssertEqual(firstValue(command.executing), true)
        secondSubject.sendError(TestError.other)
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == false })
        XCTAssertTrue(spinMainLoop { received == [.boom, .other] })
        subscription.dispose()
    }

    func testDoesNotDeliverNonErrorEventsOntoErrors() {
        let subject = Subject<String>()
        let command = Command<Void, String> { subject }
        nonisolated(unsafe) var receivedEvent = false
        let subscription = command.errors.subscribeNext { _ in receivedEvent = true }
        command.execute(())
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == true })
        subject.sendNext("unit")
        subject.sendCompleted()
        XCTAssertTrue(spinMainLoop { firstValue(command.executing) == false })
        drainMainLoop()
        XCTAssertFalse(receivedEvent)
        subscription.dispose()
    }

    func testSendsErrorsOnTheMainThread() {
        let command = Command<Signal<String>, String> { $0 }
        nonisolated(unsafe) var receivedScheduler: Scheduler?
        nonisolated(unsafe) var receivedError: (any Error)?
        let subscription = command.errors.subscribeNext {
            receivedError = $0
            receivedScheduler = Scheduler.current
        }
        Scheduler.background().schedule { command.execute(.error(TestError.boom)) }
        XCTAssertNil(receivedScheduler)
        XCTAssertTrue(spinMainLoop { receivedScheduler != nil })
        XCTAssertTrue(receivedScheduler === Scheduler.main)
        XCTAssertEqual(receivedError as? TestError, .boom)
        subscription.dispose()
    }

    // MARK: enabled signal

    private func commandEnabled(by enabled: Subject<Bool>) -> Command<Void, String> {
        Command(enabled: enabled) { .return("unit") }
    }

    func testEnabledSendsTrueByDefault() {
        let command = commandEnabled(by: Subject())
        XCTAssertEqual(firstValue(command.enabled), true)
    }

    func testEnabledSendsWhateverTheEnabledSignalSentMostRecently() {
        let enabledSubject = Subject<Bool>()
        let command = commandEnabled(by: enabledSubject)
        enabledSubject.sendNext(false)
        XCTAssertTrue(spinMainLoop { firstValue(command.enabled) == false })
        enabledSubject.sendNext(true)
        XCTAssertTrue(spinMainLoop { firstValue(command.enabled) == true })
        enabledSubject.sendNext(false)
        XCTAssertTrue(spinMainLoop { firstValue(command.enabled) == false })
    }

    func testEnabledSamplesTheEnabledSignalSynchronouslyAtInitialization() {
        let command = Command<Void, String>(enabled: .return(false)) { .empty }
        XCTAssertEqual(firstValue(command.enabled), false)
    }

    func testEnabledIsFalseWhileExecutingWithoutConcurrentExecution() throws {
        let command = commandEnabled(by: Subject())
        nonisolated(unsafe) var duringExecution: [Bool?] = []
        let subscription = command.executionSignals.flatten().subscribeNext { _ in
            duringExecution.append(firstValue(command.executing))
            duringExecution.append(firstValue(command.enabled))
        }
        XCTAssertEqual(firstValue(command.enabled), true)
        try command.execute(()).asynchronouslyWaitUntilCompleted()
        XCTAssertEqual(duringExecution, [true, false])
        XCTAssertTrue(spinMainLoop { firstValue(command.enabled) == true })
        subscription.dispose()
    }

    func testEnabledIsTrueWhileExecutingWithConcurrentExecution() {
        let command = commandEnabled(by: Subject())
        command.allowsConcurrentExecution = true
        nonisolated(unsafe) var outerExecuted = false
        nonisolated(unsafe) var innerExecuted = false
        nonisolated(unsafe) var duringExecution: [Bool?] = []
        // Only the first execution starts another, or this would never end.
        let subscription = command.executionSignals.take(1).flatten().subscribeNext { _ in
            outerExecuted = true
            duringExecution.append(firstValue(command.executing))
            duringExecution.append(firstValue(command.enabled))
            command.execute(()).subscribeCompleted { innerExecuted = true }
        }
        XCTAssertEqual(firstValue(command.enabled), true)
        command.execute(())
        XCTAssertTrue(spinMainLoop { outerExecuted && innerExecuted })
        XCTAssertEqual(duringExecution, [true, true])
        XCTAssertEqual(firstValue(command.enabled), true)
        subscription.dispose()
    }

    func testExecuteFailsWithNotEnabledWhenDisabled() throws {
        let enabledSubject = Subject<Bool>()
        nonisolated(unsafe) var blockRuns = 0
        let command = Command<Void, String>(enabled: enabledSubject) {
            blockRuns += 1
            return .return("unit")
        }
        enabledSubject.sendNext(false)
        let signal = command.execute(())
        XCTAssertThrowsError(try signal.first()) { error in
            XCTAssertEqual(error as? CommandError, .notEnabled)
        }
        XCTAssertEqual(blockRuns, 0)
    }

    func testEnabledAlwaysUpdatesOnTheMainThread() {
        let enabledSubject = Subject<Bool>()
        let command = commandEnabled(by: enabledSubject)
        nonisolated(unsafe) var updatedScheduler: Scheduler?
        let subscription = command.enabled.skip(1).subscribeNext { _ in updatedScheduler = Scheduler.current }
        Scheduler.background().schedule { enabledSubject.sendNext(false) }
        XCTAssertEqual(firstValue(command.enabled), true)
        XCTAssertTrue(spinMainLoop { firstValue(command.enabled) == false })
        XCTAssertTrue(updatedScheduler === Scheduler.main)
        subscription.dispose()
    }

    func testEnabledCompletesWhenTheCommandGoesAwayEvenIfTheEnabledSignalHasNot() {
        let enabledSubject = Subject<Bool>()
        weak var weakCommand: Command<Void, String>?
        nonisolated(unsafe) var completed = false
        do {
            let command = Command<Void, String>(enabled: enabledSubject) { _ in .empty }
            weakCommand = command
            command.enabled.subscribeCompleted { completed = true }
        }
        XCTAssertNil(weakCommand)
        XCTAssertTrue(spinMainLoop { completed })
    }
}

/// The first value `signal` sends, nil if it fails (a free function, so that `@Sendable`
/// closures can call it without capturing the test case).
private func firstValue(_ signal: Signal<Bool>) -> Bool? {
    try? signal.first()
}
