import XCTest
@testable import RACSwift

/// `dematerialize()` on `materialize()`'s own signal builds one stage (`MaterializedEventsSink`);
/// with a `map` between them the chain keeps both sinks. Each script is run through both and
/// must give the same log, the disposal's place in it included, also for a source that breaks
/// the contract (sends past its end or its disposal).
final class MaterializeFusionTests: RACTestCase {
    /// A source that sends whatever the script tells it, straight to the sink, and logs its
    /// subscription's disposal into the subscriber's log.
    private final class ScriptedSource: Signal<Int>, @unchecked Sendable {
        var subscriber: (any Subscriber<Int>)?
        let subscription = CompoundDisposable()
        let log: Fixture.Log<String>

        init(log: Fixture.Log<String>) { self.log = log }

        override func subscribe(_ subscriber: some Subscriber<Int>) -> Disposable {
            self.subscriber = subscriber
            subscription.add(Disposable { [log] in log.append("disposed") })
            subscriber.didSubscribe(with: subscription)
            return subscription
        }
    }

    private enum Step { case next(Int), error, completed, dispose }

    private func run(_ steps: [Step], fused: Bool) -> [String] {
        let subscriber = Fixture.LoggingSubscriber<Int>()
        let source = ScriptedSource(log: subscriber.log)
        let signal = fused ? source.materialize().dematerialize() : source.materialize().map { $0 }.dematerialize()
        let subscription = signal.subscribe(subscriber)
        for step in steps {
            switch step {
            case .next(let value): source.subscriber?.sendNext(value)
            case .error: source.subscriber?.sendError(TestError(code: 7))
            case .completed: source.subscriber?.sendCompleted()
            case .dispose: subscription.dispose()
            }
        }
        source.subscriber = nil
        return subscriber.log.all
    }

    func testMaterializeThenDematerializeIsOneStage() {
        let subject = Subject<Int>()
        let materialized = subject.materialize()
        XCTAssertTrue(materialized is MaterializeSignal<Int>)
        XCTAssertTrue(materialized.dematerialize() is LiftedSignal<Int, Int, ()>)
        XCTAssertTrue(materialized.map { $0 }.dematerialize() is LiftedSignal<Event<Int>, Int, ()>)
    }

    func testTheOneStageSendsWhatTheTwoSinksSend() {
        let scripts: [[Step]] = [
            [.next(1), .next(2), .completed],
            [.next(1), .error],
            [.completed, .next(3), .completed, .error],
            [.error, .next(3), .error],
            [.next(1), .dispose, .next(2), .completed, .error],
            [.dispose, .error, .next(4)],
            [.next(1), .completed, .dispose, .next(5)],
        ]
        for script in scripts {
            XCTAssertEqual(run(script, fused: true), run(script, fused: false), "\(script)")
        }
        XCTAssertEqual(run([.next(1), .completed], fused: true), ["didSubscribe", "next 1", "disposed", "completed"])
    }

    func testTheOneStageSendsATerminalEventSentFromInsideAValueWhereItComes() {
        for fused in [true, false] {
            let subject = Subject<Int>()
            let materialized = subject.materialize()
            let subscriber = Fixture.LoggingSubscriber<Int>()
            subscriber.onNext = { value, subscriber in
                subject.sendCompleted()
                subscriber.log.append("after \(value)")
            }
            (fused ? materialized.dematerialize() : materialized.map { $0 }.dematerialize()).subscribe(subscriber)
            subject.sendNext(1)
            subject.sendNext(2)
            XCTAssertEqual(subscriber.log.all, ["didSubscribe", "next 1", "completed", "after 1"], "fused: \(fused)")
            XCTAssertTrue(subscriber.disposables[0].isDisposed)
        }
    }

    func testTheMaterializedSignalStillWorksOnItsOwn() {
        let source = ManualSource<Int>()
        let materialized = source.signal.materialize()
        let values = EventLog(materialized.dematerialize())
        let events = EventLog(materialized)
        source.send(1)
        XCTAssertEqual(source.subscriptions, 2)
        XCTAssertEqual(values.events, [])
        XCTAssertEqual(events.events, [.next(.next(1))])
        values.disposable.dispose()
        XCTAssertEqual(source.disposals, 1)
    }

    func testTheOneStageIsNamedAsTheChain() {
        let src = Signal<Int>.never.setName("src")
        XCTAssertEqual(src.materialize().dematerialize().name,
                       debugSignalNamesEnabled ? "[[src] -materialize] -dematerialize" : "")
        XCTAssertEqual(src.materialize().setName("m").dematerialize().name,
                       debugSignalNamesEnabled ? "[m] -dematerialize" : "")
    }
}
