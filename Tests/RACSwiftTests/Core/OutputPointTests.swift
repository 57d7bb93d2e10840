import XCTest
@testable import RACSwift

/// The terminal rule, checked on the two output points themselves: a terminal event disposes
/// the subscription first, then goes out (RAC's order), and nothing goes out after it or once
/// disposal has begun.
final class OutputPointTests: RACTestCase {
    private typealias OrderLog = Fixture.OrderLog


    func testOutputPointDisposesBeforeTheTerminalEventAndSendsNothingAfter() {
        let log = OrderLog()
        let output = OutputPoint<Int>(downstream: log)
        log.watch(output.disposable)
        output.serialize {
            output.send(1)
            output.finish(error: nil)
            output.send(2)
            XCTAssertFalse(output.finish(error: TestError("failure")), "a second terminal event is refused")
        }
        output.serialize { output.send(3) }
        XCTAssertEqual(log.entries, ["next 1", "disposed", "completed"])
    }

    func testOutputPointTerminationNestedInADeliveryGoesOutAtOnce() {
        let log = OrderLog()
        let output = OutputPoint<Int>(downstream: log)
        log.watch(output.disposable)
        // The subscriber ends the output from inside the delivery of a value (RAC sends the
        // terminal event there, nested), so it precedes whatever the outer body does next.
        log.onNext = { value in
            if value == 1 { output.serialize { output.finish(error: TestError("failure")) } }
        }
        output.serialize {
            output.send(1)
            output.send(2)
        }
        log.onNext = nil  // the closure holds the output, which holds the log
        XCTAssertEqual(log.entries, ["next 1", "disposed", "error"])
    }

    func testOutputPointSendsNothingOnceDisposedFromOutside() {
        let log = OrderLog()
        let output = OutputPoint<Int>(downstream: log)
        output.disposable.dispose()
        output.serialize {
            output.send(1)
            XCTAssertFalse(output.finish(error: nil), "disposal began: the terminal event is dropped too")
        }
        XCTAssertEqual(log.entries, [])
    }

    func testSerialOutputPointAnswersThenDisposesThenCompletes() {
        let log = OrderLog()
        let output = SerialOutputPoint<Int>(downstream: log, disposable: CompoundDisposable())
        log.watch(output.disposable)
        output.finish(sending: 7)
        output.finish(error: TestError("failure"))
        XCTAssertEqual(log.entries, ["next 7", "disposed", "completed"])
    }

    func testSerialOutputPointSubscriberDisposingWhileReceivingTheAnswerGetsNoCompletion() {
        let log = OrderLog()
        let output = SerialOutputPoint<Int>(downstream: log, disposable: CompoundDisposable())
        log.watch(output.disposable)
        log.onNext = { _ in output.disposable.dispose() }
        output.finish(sending: 7)
        log.onNext = nil  // the closure holds the output, which holds the log
        XCTAssertEqual(log.entries, ["next 7", "disposed"])
    }

    func testSerialOutputPointJoinsTheSourceSubscriptionButNotItself() {
        let subscription = CompoundDisposable()
        let output = SerialOutputPoint<Int>(downstream: OrderLog(), disposable: subscription)
        let source = CompoundDisposable()
        output.didSubscribe(with: source)
        output.didSubscribe(with: subscription)  // RAC's concat passes a sink back to its own signal
        subscription.dispose()
        XCTAssertTrue(source.isDisposed, "disposing the output's subscription stops the source")
    }
}

/// The two kinds of subscription a lifted signal makes.
final class LiftedSignalTests: RACTestCase {
    /// Records values and the compounds it is handed.
    private final class Spy: Sink, Subscriber, @unchecked Sendable {
        var values: [Int] = []
        var handed: [CompoundDisposable] = []
        func sendNext(_ value: Int) { values.append(value) }
        func sendError(_ error: any Error) {}
        func sendCompleted() {}
        func didSubscribe(with disposable: CompoundDisposable) { handed.append(disposable) }
    }

    func testSharingSinkPassesOnTheSourcesSubscription() {
        let subject = Subject<Int>()
        let spy = Spy()
        let signal = LiftedSignal(subject, 10) { MapSink(downstream: $0, transform: { [factor = $1] in $0 * factor }) }
        let disposable = signal.subscribe(spy)
        XCTAssertEqual(spy.handed.count, 1)
        XCTAssertTrue(spy.handed.first === disposable, "the subscriber gets the source's compound, and no other")
        subject.sendNext(1)
        disposable.dispose()
        subject.sendNext(2)
        XCTAssertEqual(spy.values, [10])
    }

    func testOwningSinkGetsTheCompoundHandedToTheSubscriberFirst() {
        let subject = Subject<Int>()
        let spy = Spy()
        var sinkGot: [Bool] = []
        let signal = LiftedSignal<Int, Int, Void>(subject, ()) { downstream, _, subscription in
            // The spy itself, not `downstream`: a debug build wraps every subscriber (the
            // serial-delivery check).
            sinkGot.append(spy.handed.last === subscription)
            return InnerForwardSink(downstream: downstream, outer: subscription)
        }
        let disposable = signal.subscribe(spy)
        XCTAssertEqual(sinkGot, [true], "the subscriber has the compound before the sink is built")
        XCTAssertEqual(spy.handed.count, 1, "the source's own compound is not passed on")
        XCTAssertTrue(spy.handed.first === disposable, "the subscription returned is the one the subscriber got")
        subject.sendNext(1)
        disposable.dispose()
        subject.sendNext(2)
        XCTAssertEqual(spy.values, [1], "disposing the signal's compound stops the source")
    }
}
