import XCTest
@testable import RACSwift

final class LogTests: RACTestCase {
    private var lines: Fixture.Log<String>!
    private var previousSink: (@Sendable (String) -> Void)?

    override func setUp() {
        super.setUp()
        let lines = Fixture.Log<String>()
        self.lines = lines
        previousSink = LogOutput.setSink { lines.append($0) }
    }

    override func tearDown() {
        if let previousSink { LogOutput.setSink(previousSink) }
        super.tearDown()
    }

    func testLogAllPrintsEveryEventWithTheSignalAndPassesThemThrough() {
        let source = SyncSource(values: [1, 2]).signal.setName("numbers")
        XCTAssertEqual(EventLog(source.logAll()).events, .valuesThenCompleted([1, 2]))
        XCTAssertEqual(lines.all, ["\(source) next: 1", "\(source) next: 2", "\(source) completed"])
        XCTAssertTrue(lines.all[0].contains("numbers"))
    }

    func testLogAllPrintsTheError() {
        let source = SyncSource(values: [1], then: .error(TestError(code: 7))).signal
        XCTAssertEqual(EventLog(source.logAll()).events, [.next(1), .error(TestError(code: 7))])
        XCTAssertEqual(lines.all, ["\(source) next: 1", "\(source) error: \(TestError(code: 7))"])
    }

    func testLogNextPrintsValuesOnly() {
        let source = SyncSource(values: ["a"], then: .error(TestError(code: 1))).signal
        XCTAssertEqual(EventLog(source.logNext()).events, [.next("a"), .error(TestError(code: 1))])
        XCTAssertEqual(lines.all, ["\(source) next: a"])
    }

    func testLogErrorPrintsErrorsOnly() {
        let source = SyncSource(values: [1], then: .error(TestError(code: 1))).signal
        XCTAssertEqual(EventLog(source.logError()).events, [.next(1), .error(TestError(code: 1))])
        XCTAssertEqual(lines.all, ["\(source) error: \(TestError(code: 1))"])
    }

    func testLogCompletedPrintsCompletionOnly() {
        let source = SyncSource(values: [1, 2]).signal
        XCTAssertEqual(EventLog(source.logCompleted()).events, .valuesThenCompleted([1, 2]))
        XCTAssertEqual(lines.all, ["\(source) completed"])
    }

    func testDisposingLogDisposesTheSourceAndLogsNothingMore() {
        let source = StreamManualSource<Int>()
        let disposable = source.signal.logAll().subscribeNext { _ in }
        source.send(1)
        disposable.dispose()
        source.send(2)
        source.complete()
        XCTAssertEqual(lines.all, ["\(source.signal) next: 1"])
        XCTAssertEqual(source.disposals, 1)
        source.release()
    }

    func testLogPrintsAgainForEachSubscription() {
        let source = SyncSource(values: [1]).signal
        let logged = source.logNext()
        _ = EventLog(logged).events
        _ = EventLog(logged).events
        XCTAssertEqual(lines.all, ["\(source) next: 1", "\(source) next: 1"])
    }
}
