import Foundation
import RACSwift
import XCTest

/// The rule the operators that end their output from a value share (take, take(while:),
/// take(until:) with a predicate, try, tryMap, dematerialize — `EarlyStop`): the terminal
/// event they decide on is not sent once the subscription has been disposed, even by a source
/// that keeps sending after disposal.
final class EarlyStopTests: RACTestCase {
    private func check<Value, Output>(
        _ makeOutput: (Signal<Value>) -> Signal<Output>, stoppingValue: Value,
        line: UInt = #line
    ) {
        let source = CarelessSource<Value>()
        let subscriber = Fixture.LoggingSubscriber<Output>()
        makeOutput(source).subscribe(subscriber)
        subscriber.disposables.first?.dispose()
        source.subscriber?.sendNext(stoppingValue)
        // Values are the source's to hold back (take forwards the one it is handed); the
        // terminal event is the operator's own decision, and must not follow the disposal.
        let terminal = subscriber.log.all.filter { $0 == "completed" || $0.hasPrefix("error") }
        XCTAssertEqual(terminal, [], "no terminal event after disposal", line: line)
        source.subscriber = nil
    }

    func testAnOperatorStoppingAfterDisposalSendsNoTerminalEvent() {
        check({ $0.take(1) }, stoppingValue: 1)
        check({ $0.take(while: { $0 < 0 }) }, stoppingValue: 1)
        check({ $0.take(until: { $0 > 0 }) }, stoppingValue: 1)
        check({ $0.tryMap { _ -> Int in throw TestError.boom } }, stoppingValue: 1)
        check({ $0.try { _ in throw TestError.boom } }, stoppingValue: 1)
        check({ $0.dematerialize() }, stoppingValue: Event<Int>.completed)
        check({ $0.dematerialize() }, stoppingValue: Event<Int>.error(TestError.boom))
    }

    func testTheSourcesOwnTerminalEventIsForwardedOnce() {
        let source = CarelessSource<Int>()
        let subscriber = Fixture.LoggingSubscriber<Int>()
        source.tryMap { $0 }.subscribe(subscriber)
        source.subscriber?.sendNext(1)
        source.subscriber?.sendCompleted()
        source.subscriber?.sendError(TestError.boom)
        source.subscriber?.sendNext(2)
        XCTAssertEqual(subscriber.log.all, ["didSubscribe", "next 1", "completed"])
        source.subscriber = nil
    }
}
