import Foundation
@testable import RACSwift
import RACSwiftTesting
import XCTest

/// Issue 28f: `subscribe(on:)` of a constant signal subscribed with closures holds the closures
/// in its one subscription object (`SubscribeOnClosureSink`) instead of a `ClosureSubscriber`.
/// What a subscriber sees must not change: each test runs the closure forms next to a recording
/// subscriber (which takes the general `SubscribeOnSink` path) or checks the closures' lifetime,
/// which a `ClosureSubscriber` ties to the subscription.
final class SubscribeOnClosureTests: VirtualTimeTestCase {
    /// Set once by the object's deinit.
    private final class Tracked: @unchecked Sendable {
        let released: Fixture.Log<String>
        let name: String
        init(_ name: String, _ released: Fixture.Log<String>) { self.name = name; self.released = released }
        deinit { released.append(name) }
    }

    func testOnlyAConstantSourceTakesTheClosurePath() {
        func takesIt(_ signal: Signal<Int>) -> Bool {
            signal.subscribe(on: scheduler).subscribesClosures
        }
        XCTAssertTrue(takesIt(.return(1)))
        XCTAssertTrue(takesIt(.empty))
        XCTAssertTrue(takesIt(.error(TestError.boom)))
        XCTAssertFalse(takesIt(.never))
        XCTAssertFalse(takesIt(Signal<Int>.return(1).map { $0 }))
        XCTAssertFalse(Signal<Int>.return(1).subscribesClosures)
    }

    func testEveryClosureFormSeesWhatARecordingSubscriberSees() {
        let constants: [(String, Signal<Int>)] = [("return", .return(4)), ("empty", .empty), ("error", .error(TestError.boom))]
        for (label, constant) in constants {
            let signal = constant.subscribe(on: scheduler)
            let recorder = scheduler.record(signal)
            let all = Fixture.Log<String>()
            let nexts = Fixture.Log<String>()
            let errors = Fixture.Log<String>()
            let completions = Fixture.Log<String>()
            let subscriptions = [
                signal.subscribe(
                    next: { all.append("next \($0)") }, error: { all.append("error \($0)") },
                    completed: { all.append("completed") }),
                signal.subscribeNext { nexts.append("next \($0)") },
                signal.subscribeError { errors.append("error \($0)") },
                signal.subscribeCompleted { completions.append("completed") },
            ]
            XCTAssertEqual(all.all + nexts.all + errors.all + completions.all, [], "\(label): nothing before the scheduled subscription")
            scheduler.run()
            let expected = recorder.events.map { event -> String in
                switch event.event {
                case .next(let value): "next \(value)"
                case .error(let error): "error \(error)"
                case .completed: "completed"
                }
            }
            XCTAssertEqual(all.all, expected, label)
            XCTAssertEqual(nexts.all, expected.filter { $0.hasPrefix("next") }, label)
            XCTAssertEqual(errors.all, expected.filter { $0.hasPrefix("error") }, label)
            XCTAssertEqual(completions.all, expected.filter { $0 == "completed" }, label)
            XCTAssertTrue(subscriptions.allSatisfy(\.isDisposed), "\(label): the terminal event ends each subscription")
        }
    }

    func testTheClosuresAreReleasedWhenTheSubscriptionEnds() {
        let released = Fixture.Log<String>()
        var subscription: Disposable?
        do {
            let next = Tracked("next", released)
            let completed = Tracked("completed", released)
            subscription = Signal<Int>.return(1).subscribe(on: scheduler).subscribe(
                next: { _ in _ = next }, completed: { _ = completed })
        }
        XCTAssertEqual(released.all, [], "held while the subscription waits")
        scheduler.run()
        XCTAssertEqual(Set(released.all), ["next", "completed"], "let go of at the terminal event, not with the disposable")
        XCTAssertTrue(subscription!.isDisposed)
    }

    func testDisposalBeforeTheScheduledSubscriptionReleasesTheClosuresAtOnce() {
        let released = Fixture.Log<String>()
        let delivered = Fixture.Log<String>()
        var subscription: Disposable?
        do {
            let next = Tracked("next", released)
            subscription = Signal<Int>.return(1).subscribe(on: scheduler).subscribeNext { _ in
                _ = next
                delivered.append("next")
            }
        }
        subscription!.dispose()
        XCTAssertEqual(released.all, ["next"], "disposal lets go of the closures before the scheduler runs")
        scheduler.run()
        XCTAssertEqual(delivered.all, [])
        subscription!.dispose()  // again: nothing
    }

    /// A subscriber object (the general `SubscribeOnSink` path) noting whether a scheduler is
    /// current at each event.
    private final class CurrentNoting: Subscriber, @unchecked Sendable {
        let log: Fixture.Log<String>
        let ended: XCTestExpectation
        init(_ log: Fixture.Log<String>, _ ended: XCTestExpectation) { self.log = log; self.ended = ended }
        func sendNext(_ value: Int) { log.append("next \(value), current: \(Scheduler.current != nil)") }
        func sendError(_ error: any Error) { log.append("error \(error)"); ended.fulfill() }
        func sendCompleted() { log.append("completed"); ended.fulfill() }
        func didSubscribe(with disposable: CompoundDisposable) {}
    }

    func testWithoutACurrentSchedulerTheConstantSendsOnABackgroundScheduler() {
        // The immediate scheduler runs the scheduled subscription on this (plain) thread, where
        // no scheduler is current: the constant signal would send on the subscription
        // scheduler's background scheduler, and both paths do.
        let finished = expectation(description: "both subscriptions completed")
        finished.expectedFulfillmentCount = 2
        let closureLog = Fixture.Log<String>()
        let subscriberLog = Fixture.Log<String>()
        let thread = Thread {
            let signal = Signal<Int>.return(3).subscribe(on: .immediate)
            signal.subscribe(
                next: { closureLog.append("next \($0), current: \(Scheduler.current != nil)") },
                completed: {
                    closureLog.append("completed")
                    finished.fulfill()
                })
            signal.subscribe(CurrentNoting(subscriberLog, finished))
        }
        thread.start()
        wait(for: [finished], timeout: 5)
        // "current: true": sent on a scheduler, not on the subscribing thread, where none is.
        XCTAssertEqual(closureLog.all, ["next 3, current: true", "completed"])
        XCTAssertEqual(subscriberLog.all, ["next 3, current: true", "completed"])
    }

    func testATracedSubscriptionGoesThroughASubscriberAndIsProbed() {
        let observer = RecordingTraceObserver(prefix: "closure.")
        let installed = Tracing.addObserver(observer)
        defer { installed.dispose() }
        let values = Fixture.Log<Int>()
        Signal<Int>.return(8).subscribe(on: scheduler).setName("closure.subscribeOn").subscribeNext { values.append($0) }
        scheduler.run()
        XCTAssertEqual(values.all, [8])
        XCTAssertTrue(observer.lines.contains("closure.subscribeOn: next 8"), "\(observer.lines)")
    }
}

/// The closure path on a real background scheduler, disposed from another thread while its
/// delivery may be running: at most the value and then the completion, never the completion
/// without the value being sent first, and the closures always released.
final class SubscribeOnClosureRaceTests: RACTestCase {
    func testDisposalRacingTheDeliveryNeverBreaksTheEventOrderAndReleasesTheClosures() {
        let scheduler = Scheduler.background()
        let rounds = 300
        let log = Fixture.Log<String>()
        let released = Locked(0)
        for round in 0..<rounds {
            final class Token: @unchecked Sendable {
                let released: Locked<Int>
                init(_ released: Locked<Int>) { self.released = released }
                deinit { released.withValue { $0 += 1 } }
            }
            let token = Token(released)
            let subscription = Signal<Int>.return(round).subscribe(on: scheduler).subscribe(
                next: { log.append("\(round) next \($0)"); _ = token },
                completed: { log.append("\(round) completed"); _ = token })
            // Disposed from this thread while the scheduler may be delivering.
            if round % 2 == 0 { subscription.dispose() } else { DispatchQueue.global().async { subscription.dispose() } }
        }
        let drained = expectation(description: "the scheduler ran everything queued")
        scheduler.schedule { drained.fulfill() }
        wait(for: [drained], timeout: 10)
        // The asynchronous disposals may still be running: wait (bounded) for the releases.
        let deadline = Date().addingTimeInterval(10)
        while released.value < rounds, Date() < deadline { usleep(1_000) }
        XCTAssertEqual(released.value, rounds, "every subscription let go of its closures")
        var byRound: [Int: [String]] = [:]
        for line in log.all {
            let parts = line.split(separator: " ", maxSplits: 1)
            byRound[Int(parts[0])!, default: []].append(String(parts[1]))
        }
        for (round, events) in byRound {
            XCTAssertTrue(
                events == ["next \(round)"] || events == ["next \(round)", "completed"],
                "round \(round): \(events)")
        }
    }
}
