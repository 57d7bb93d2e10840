import InMemoryLogging
import Logging
import RACSwift
import RACSwiftLogging
import RACSwiftTesting
import XCTest

private enum TestError: Error, Equatable {
    case boom
}

final class LogToLoggerTests: XCTestCase {
    private var baseline = LeakBaseline()
    private var handler = InMemoryLogHandler()
    private var logger = Logger(label: "test")

    override func setUp() {
        super.setUp()
        baseline = LeakBaseline()
        handler = InMemoryLogHandler()
        let handler = handler
        logger = Logger(label: "RACSwiftLoggingTests") { _ in handler }
        logger.logLevel = .trace
    }

    override func tearDown() {
        baseline.check()
        super.tearDown()
    }

    /// Each entry as "level message [signal]".
    private var lines: [String] {
        handler.entries.map { entry in
            "\(entry.level) \(entry.message) [\(entry.metadata[LoggedEvents.signalMetadataKey].map { "\($0)" } ?? "-")]"
        }
    }

    func testLogAllSendsEveryEventAtTheChosenLevelWithTheSignalsName() {
        let values = Locked<[Int]>([])
        Signal.from([1, 2]).setName("numbers").logAll(to: logger, level: .debug)
            .subscribe(next: { values.append($0) })
        XCTAssertEqual(lines, ["debug next: 1 [numbers]", "debug next: 2 [numbers]", "debug completed [numbers]"])
        XCTAssertEqual(values.value, [1, 2])
    }

    func testEachEventIsLoggedBeforeItIsForwarded() {
        let seen = Locked<[String]>([])
        let handler = handler
        Signal.from([1]).logAll(to: logger)
            .subscribe(next: { _ in seen.append("next after \(handler.entries.count) entries") },
                       completed: { seen.append("completed after \(handler.entries.count) entries") })
        XCTAssertEqual(seen.value, ["next after 1 entries", "completed after 2 entries"])
    }

    func testAnErrorIsLoggedWithTheErrorAttached() {
        let errors = Locked<[String]>([])
        Signal.from([7]).concat(Signal.error(TestError.boom)).setName("failing").logAll(to: logger, level: .warning)
            .subscribe(error: { errors.append("\($0)") })
        XCTAssertEqual(lines, ["warning next: 7 [failing]", "warning error: boom [failing]"])
        XCTAssertEqual(handler.entries.last?.error as? TestError, .boom)
        XCTAssertEqual(errors.value, ["boom"], "the error passes through")
    }

    func testTheOneEventFormsLogOnlyTheirEvent() {
        let failing = Signal.from([1]).concat(Signal<Int>.error(TestError.boom)).setName("f")
        let completing = Signal.from([1]).setName("c")
        failing.logNext(to: logger).subscribe()
        completing.logNext(to: logger).subscribe()
        XCTAssertEqual(lines, ["info next: 1 [f]", "info next: 1 [c]"])

        handler.clear()
        failing.logError(to: logger).subscribe()
        completing.logError(to: logger).subscribe()
        XCTAssertEqual(lines, ["error error: boom [f]"], "logError's level defaults to error")

        handler.clear()
        failing.logCompleted(to: logger).subscribe()
        completing.logCompleted(to: logger, level: .notice).subscribe()
        XCTAssertEqual(lines, ["notice completed [c]"])
    }

    func testLogToWithASetOfEvents() {
        Signal.from([1, 2]).setName("s").log(to: logger, level: .trace, events: [.error, .completed]).subscribe()
        XCTAssertEqual(lines, ["trace completed [s]"])
        handler.clear()
        Signal.from([1, 2]).setName("s").log(to: logger, events: []).subscribe()
        XCTAssertEqual(lines, [])
    }

    func testAnUnnamedSignalIsNamedByItsDescription() {
        let signal = Signal<Int>.empty
        signal.logCompleted(to: logger).subscribe()
        XCTAssertEqual(handler.entries.first?.metadata[LoggedEvents.signalMetadataKey], "\(signal.description)")
    }

    func testEventsBelowTheLoggersLevelAreDropped() {
        logger.logLevel = .info
        Signal.from([1]).logAll(to: logger, level: .debug).subscribe()
        XCTAssertEqual(lines, [])
    }

    func testTheResultKeepsTheSignalsName() {
        XCTAssertEqual(Signal.from([1]).setName("kept").logAll(to: logger).name, "kept")
    }

    func testNothingIsLoggedAfterDisposal() {
        let subject = Subject<Int>()
        let subscription = subject.setName("subject").logAll(to: logger).subscribe()
        subject.sendNext(1)
        subscription.dispose()
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(lines, ["info next: 1 [subject]"])
    }

    func testTheSourceLocationIsWhereTheOperatorWasApplied() {
        // The in-memory handler keeps no location; a handler of our own sees it.
        let locations = Locked<[String]>([])
        let located = Logger(label: "located") { _ in LocationHandler(locations: locations) }
        let locatedLine: UInt = #line + 1
        Signal.from([1]).logNext(to: located).subscribe()
        XCTAssertEqual(locations.value, ["RACSwiftLoggingTests/LogToLoggerTests.swift:\(locatedLine)"])
    }
}

/// Records each log event's file and line.
private struct LocationHandler: LogHandler {
    let locations: Locked<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        locations.append("\(event.file):\(event.line)")
    }
}
