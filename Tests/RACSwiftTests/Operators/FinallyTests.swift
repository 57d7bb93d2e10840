import XCTest
@_spi(Testing) import RACSwift

final class FinallyTests: RACTestCase {
    func testFinallyRunsBeforeCompletionIsForwarded() {
        nonisolated(unsafe) var trace: [String] = []
        Signal.return(1).finally { trace.append("finally") }
            .subscribe(next: { trace.append("next \($0)") }, completed: { trace.append("completed") })
        XCTAssertEqual(trace, ["next 1", "finally", "completed"])
    }

    func testFinallyRunsBeforeErrorIsForwarded() {
        nonisolated(unsafe) var trace: [String] = []
        Signal<Int>.error(TestError()).finally { trace.append("finally") }
            .subscribe(error: { _ in trace.append("error") })
        XCTAssertEqual(trace, ["finally", "error"])
    }

    func testFinallyDoesNotRunOnPlainDisposal() {
        nonisolated(unsafe) var ran = 0
        let source = ManualSource<Int>()
        let log = EventLog(source.signal.finally { ran += 1 })
        source.send(1)
        log.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(ran, 0)
        XCTAssertEqual(log.events, [.next(1)])
    }

    func testFinallyRunsOncePerSubscription() {
        nonisolated(unsafe) var ran = 0
        let signal = Signal.return(1).finally { ran += 1 }
        _ = EventLog(signal)
        _ = EventLog(signal)
        XCTAssertEqual(ran, 2)
    }
}
