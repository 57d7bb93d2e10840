import XCTest
@testable import RACSwift

/// `return(x).map(f)` is one signal that applies `f` when it delivers (`MapReturnSignal`),
/// and a constant signal delivers straight to a `subscribe(next:…)` subscriber: what
/// subscribers see — values, completion, thread, disposal, names — is what a map sink
/// below a `return` gave them.
final class MapOverReturnTests: RACTestCase {
    private func assertName<T>(_ signal: Signal<T>, _ expected: String, line: UInt = #line) {
        XCTAssertEqual(signal.name, debugSignalNamesEnabled ? expected : "", line: line)
    }

    func testMapOverReturnSendsTheTransformedValueThenCompletes() {
        let signal = Signal.return(4).map { "v\($0)" }
        XCTAssertTrue(signal is MapReturnSignal<Int, String>)
        XCTAssertEqual(EventLog(signal).events, .valuesThenCompleted(["v4"]))
        XCTAssertEqual(EventLog(signal).events, .valuesThenCompleted(["v4"]))
    }

    func testTransformRunsOncePerSubscriptionWhenItIsSubscribed() {
        let calls = Fixture.Log<Int>()
        let signal = Signal.return(2).map { value -> Int in calls.append(value); return value * 3 }
        XCTAssertEqual(calls.all, [])
        let received = Fixture.Log<Int>()
        signal.subscribeNext { received.append($0) }
        XCTAssertEqual(calls.all, [2])
        signal.subscribeNext { received.append($0) }
        XCTAssertEqual(calls.all, [2, 2])
        XCTAssertEqual(received.all, [6, 6])
    }

    func testPlainSubscriberGetsTheSubscriptionFirstAndItEndsDisposed() {
        let subscriber = StreamRecordingSubscriber<Int>()
        let disposable = Signal.return(1).map { $0 + 1 }.subscribe(subscriber)
        XCTAssertEqual(subscriber.events, [.next(2), .completed])
        XCTAssertTrue(subscriber.subscription === disposable)
        XCTAssertTrue(disposable.isDisposed)
    }

    func testDisposingFromTheValueStopsTheCompletion() {
        let subscriber = StreamRecordingSubscriber<Int>()
        subscriber.onNext = { _, subscription in subscription?.dispose() }
        Signal.return(1).map { $0 + 1 }.subscribe(subscriber)
        XCTAssertEqual(subscriber.events, [.next(2)])
    }

    func testClosureSubscriptionsOfConstantSignalsAreDeliveredAndEnded() {
        let events = Fixture.Log<String>()
        let returned = Signal.return(5).subscribe(
            next: { events.append("next \($0)") }, error: { _ in events.append("error") },
            completed: { events.append("completed") })
        let mapped = Signal.return(5).map { $0 * 2 }.subscribe(
            next: { events.append("next \($0)") }, error: { _ in events.append("error") },
            completed: { events.append("completed") })
        XCTAssertEqual(events.all, ["next 5", "completed", "next 10", "completed"])
        XCTAssertTrue(returned.isDisposed)
        XCTAssertTrue(mapped.isDisposed)
        mapped.dispose()
        // The ended subscription disposes what is added to it, as every ended compound does.
        let added = Disposable()
        (mapped as? CompoundDisposable)?.add(added)
        XCTAssertTrue(mapped is CompoundDisposable)
        XCTAssertTrue(added.isDisposed)
    }

    func testWithoutACurrentSchedulerTheTransformRunsWhereTheValueIsDelivered() {
        let done = expectation(description: "delivered")
        let record = Fixture.Log<String>()
        let signal = Signal.return(1).map { value -> Int in
            record.append(Scheduler.current == nil ? "transform without scheduler" : "transform on scheduler")
            return value + 1
        }
        DispatchQueue.global().async {
            XCTAssertNil(Scheduler.current)
            signal.subscribe(next: { record.append("next \($0)") }, completed: { done.fulfill() })
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(record.all, ["transform on scheduler", "next 2"])
    }

    func testMapOverReturnIsNamedAsTheMapOfItsSource() {
        assertName(Signal.return(1).map { $0 }, "[+return: 1] -map:")
        assertName(Signal.return(1).setName("one").map { $0 }, "[one] -map:")
    }

    func testMapOverReturnKeepsItsSource() {
        weak var weakSource: Signal<Int>?
        let mapped: Signal<Int> = {
            let source = Signal.return(1)
            weakSource = source
            return source.map { $0 + 1 }
        }()
        XCTAssertNotNil(weakSource)
        withExtendedLifetime(mapped) {}
    }

    func testFlattenMapOverMappedReturnSignals() {
        let subject = Subject<Int>()
        let received = Fixture.Log<Int>()
        let disposable = subject.flattenMap { Signal.return($0).map { $0 * 10 } }.subscribeNext { received.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        disposable.dispose()
        XCTAssertEqual(received.all, [10, 20])
    }
}
