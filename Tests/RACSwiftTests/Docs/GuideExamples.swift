import DocExampleSupport
import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// The examples of SchedulersAndThreads.md, MemoryAndDisposal.md, ErrorHandlingAndRepetition.md,
/// HigherOrderSignals.md and HotSignalsAndSharing.md, run as written (ArticleExamplesTests
/// checks that the articles' blocks are these).
final class SchedulersAndThreadsExamples: RACTestCase {
    func testTheCurrentScheduler() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        print(Scheduler.current === Scheduler.main)      // on the main thread
        let scheduler = TestScheduler()
        scheduler.schedule { print(Scheduler.current === scheduler) }
        scheduler.run()
        // true, true

        XCTAssertEqual(printed.lines, ["true", "true"])
    }

    func testSubscribeOnAndDeliverOn() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let work = TestScheduler()
        let ui = TestScheduler()
        let numbers = Signal<Int>.create { subscriber in
            print("subscribed on work:", Scheduler.current === work)
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }
        let subscription = numbers
            .subscribe(on: work)
            .deliver(on: ui)
            .subscribeNext { print("value on ui:", Scheduler.current === ui, $0) }
        work.run()                               // the subscription runs; the value waits for ui
        ui.run()                                 // the value is delivered
        // subscribed on work: true, value on ui: true 1

        XCTAssertEqual(printed.lines, ["subscribed on work: true", "value on ui: true 1"])
        subscription.dispose()
    }
}

@MainActor
final class Greeter {
    let name = Subject<String>()
    private(set) var greeting = ""
    private let disposables = CompoundDisposable()

    init() {
        // Strongly captured, self would own `name`, which owns the subscription, which owns self.
        disposables.add(name.map { "Hello, \($0)" }.subscribeNext { [weak self] text in
            MainActor.assumeIsolated { self?.greeting = text }
        })
    }

    deinit { disposables.dispose() }
}

final class MemoryAndDisposalExamples: RACTestCase {
    func testADroppedDisposableDoesNotEndASubscription() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let subject = Subject<Int>()
        _ = subject.subscribeNext { print("still subscribed", $0) }   // the disposable is dropped
        subject.sendNext(1)
        subject.sendCompleted()                  // completion ends it and releases everything
        // still subscribed 1

        XCTAssertEqual(printed.lines, ["still subscribed 1"])
    }

    func testScopedDisposable() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let subject = Subject<Int>()

        do {
            let scoped = subject.subscribeNext { print("scoped", $0) }.asScopedDisposable()
            subject.sendNext(1)
            withExtendedLifetime(scoped) {}
        }
        subject.sendNext(2)                      // not delivered: the scoped disposable was released
        // scoped 1

        XCTAssertEqual(printed.lines, ["scoped 1"])
    }

    @MainActor
    func testCaptureListsAndCompoundDisposable() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        weak var released: Greeter?

        do {
            let greeter = Greeter()
            greeter.name.sendNext("Ada")
            print(greeter.greeting)
            // Hello, Ada
            released = greeter
        }

        XCTAssertEqual(printed.lines, ["Hello, Ada"])
        XCTAssertNil(released, "the subscription's closure kept its owner alive")
    }
}

struct Offline: Error {}

struct NotANumber: Error { let text: String }

final class ErrorHandlingExamples: RACTestCase {
    private var flaky: Signal<Int> { Signal.from([1, 2]).concat(Signal<Int>.error(Offline())) }

    func testMaterialize() throws {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let events = try flaky.materialize().toArray()
        print(events.map { $0.isFinished ? "end" : "\($0.value!)" })
        // ["1", "2", "end"]

        XCTAssertEqual(printed.lines, [#"["1", "2", "end"]"#])
        XCTAssertTrue(events.last?.error is Offline)
    }

    func testTheFailingSourceAndCatch() throws {
        let flaky = Signal.from([1, 2]).concat(Signal<Int>.error(Offline()))
        let recovered = try flaky.catch { error in Signal.return(-1) }.toArray()
        // [1, 2, -1]

        XCTAssertEqual(recovered, [1, 2, -1])
        XCTAssertThrowsError(try flaky.toArray()) { XCTAssertTrue($0 is Offline) }
    }

    func testTryMap() throws {
        let parsed = try Signal.from(["1", "2", "x"])
            .tryMap { text in
                guard let number = Int(text) else { throw NotANumber(text: text) }
                return number
            }
            .catch(to: Signal.return(0))
            .toArray()
        // [1, 2, 0]

        XCTAssertEqual(parsed, [1, 2, 0])
    }

    func testRetryAndRepeat() {
        let scheduler = TestScheduler()
        let request = scheduler.cold("-1#")                    // a value, then an error
        scheduler.expectMarbles(request.retry(2), "-1-1-1#")   // the first run and two retries
        let ping = scheduler.cold("-a|")
        scheduler.expectMarbles(ping.repeat().take(3), "-a-a-(a|)")
    }

    func testSideEffects() throws {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let logged = try flaky
            .doError { _ in print("failed") }
            .finally { print("cleaned up") }
            .catch(to: .empty)
            .toArray()
        // failed, cleaned up — logged == [1, 2]

        XCTAssertEqual(printed.lines, ["failed", "cleaned up"])
        XCTAssertEqual(logged, [1, 2])
    }

    func testIgnoreValuesThenCatch() throws {
        let save = Signal.from([1, 2, 3])        // a save reporting progress
        let status: Signal<String> = save.ignoreValues().concat(Signal.return("saved"))
        let outcome = try status.catch { _ in Signal.return("offline") }.toArray()
        // ["saved"]

        XCTAssertEqual(outcome, ["saved"])
        let failed: Signal<String> = flaky.ignoreValues()
        XCTAssertEqual(try failed.catch { _ in Signal.return("offline") }.toArray(), ["offline"])
    }
}

final class HigherOrderExamples: RACTestCase {
    func testTheFourWays() {
        let scheduler = TestScheduler()
        let first = scheduler.cold("-1--2|")
        let second = scheduler.cold("--3|")
        let outer = scheduler.cold("a-b|", values: ["a": first, "b": second])

        scheduler.expectMarbles(outer.flatten(), "-1--(23)|")
        scheduler.expectMarbles(outer.concat(), "-1--2--3|")
        scheduler.expectMarbles(outer.switchToLatest(), "-1--3|")
        scheduler.expectMarbles(outer.flatten(maxConcurrent: 1), "-1--2--3|")
        scheduler.expectMarbles(outer.flatten(maxConcurrent: 2), "-1--(23)|")
    }

    func testFlattenMap() throws {
        let scheduler = TestScheduler()

        let ids = scheduler.cold("-1-2|")
        let details = ids.flattenMap { id in scheduler.cold("--\(id)|") }
        scheduler.expectMarbles(details, "---1-2|")

        let evens = try Signal.from([1, 2, 3, 4]).flattenMap { n in n % 2 == 0 ? Signal.return(n) : nil }.toArray()
        // [2, 4]

        XCTAssertEqual(evens, [2, 4])
    }

    func testFlattenMapWithSeveralStatements() throws {
        let odds = try Signal.from([1, 2, 3]).flattenMap { n -> Signal<Int>? in
            guard n % 2 == 1 else { return nil }
            return Signal.return(n * 10)
        }.toArray()
        // [10, 30]

        XCTAssertEqual(odds, [10, 30])
    }
}

final class HotSignalsExamples: RACTestCase {
    private func request(_ printed: PrintedLines) -> Signal<Int> {
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let request = Signal<Int>.create { subscriber in
            print("request sent")
            subscriber.sendNext(42)
            subscriber.sendCompleted()
            return nil
        }
        return request
    }

    func testSubjects() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let latest = ReplaySubject<String>(capacity: 1)
        latest.sendNext("old")
        latest.sendNext("new")
        latest.subscribeNext { print("late subscriber got", $0) }

        let state = BehaviorSubject(defaultValue: false)
        state.subscribeNext { print("state", $0) }
        state.sendNext(true)
        // late subscriber got new, state false, state true

        XCTAssertEqual(printed.lines, ["late subscriber got new", "state false", "state true"])
        latest.sendCompleted()
        state.sendCompleted()
    }

    func testPublishAndConnect() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let request = request(printed)

        let connection = request.publish()
        connection.signal.subscribeNext { print("first", $0) }
        connection.signal.subscribeNext { print("second", $0) }
        connection.connect()
        // request sent, first 42, second 42

        XCTAssertEqual(printed.lines, ["request sent", "first 42", "second 42"])
    }

    func testReplayLazily() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let request = request(printed)

        let shared = request.replayLazily()
        print("nothing sent yet")
        shared.subscribeNext { print("a", $0) }
        shared.subscribeNext { print("b", $0) }
        // nothing sent yet, request sent, a 42, b 42

        XCTAssertEqual(printed.lines, ["nothing sent yet", "request sent", "a 42", "b 42"])
    }
}
