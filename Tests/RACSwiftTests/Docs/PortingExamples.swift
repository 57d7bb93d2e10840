import DocExampleSupport
import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// The examples of PortingFromReactiveCocoa.md, run as written (ArticleExamplesTests checks
/// that the article's blocks are these).
final class PortingExamples: RACTestCase {
    func testRACNames() {
        let requests = RACSubject<Int>()
        let doubled: RACSignal<Int> = requests.map { $0 * 2 }
        let scheduler: RACScheduler = RACScheduler.immediate

        XCTAssertTrue(scheduler === Scheduler.immediate)
        XCTAssertEqual(EventRecorder(doubled, whileSending: { requests.sendNext(2); requests.sendCompleted() }).events,
                       [.next(4), .completed])
    }

    func testCreatingAndSubscribing() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let numbers = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return Disposable { print("cleaned up") }
        }
        numbers.subscribe(next: { print($0) },
                          error: { print($0) },
                          completed: { print("done") })
        // 1, done, cleaned up

        XCTAssertEqual(printed.lines, ["1", "done", "cleaned up"])
    }

    func testThrowingInsteadOfNSErrorPointers() throws {
        let strings = Signal.from(["1", "x"])

        let parsed = strings.tryMap { text in
            guard let number = Int(text) else { throw ParseError(text: text) }
            return number
        }

        let events = try parsed.materialize().toArray()
        XCTAssertEqual(events.first?.value, 1)
        XCTAssertEqual((events.last?.error as? ParseError)?.text, "x")
    }

    func testTuples() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let name = BehaviorSubject(defaultValue: "Ada")
        let age = BehaviorSubject(defaultValue: 36)

        Signal.combineLatest(name, age).subscribeNext { (n, a) in print("\(n) is \(a)") }
        let labels = Signal.combineLatest(name, age).reduceEach { n, a in "\(n) (\(a))" }

        labels.subscribeNext { print($0) }
        age.sendNext(37)
        XCTAssertEqual(printed.lines, ["Ada is 36", "Ada (36)", "Ada is 37", "Ada (37)"])
        name.sendCompleted()
        age.sendCompleted()
    }

    func testTuplePackAndUnpack() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let pairs = Signal<(String, Int)>.create { subscriber in
            subscriber.sendNext(("ada", 3))       // RACTuplePack(login, @3)
            subscriber.sendCompleted()
            return nil
        }
        pairs.subscribeNext { pair in
            let (login, count) = pair             // RACTupleUnpack(NSString *login, NSNumber *count) = pair;
            print(login, count)
        }
        // ada 3

        XCTAssertEqual(printed.lines, ["ada 3"])
    }

    func testIdBecomesAnEnum() throws {
        let results = Signal<SearchResult>.from([.user(login: "ada"), .repository(name: "RACSwift", stars: 3)])
        XCTAssertEqual(try results.toArray(), [.user(login: "ada"), .repository(name: "RACSwift", stars: 3)])
    }

    func testIdBecomesAnySendable() throws {
        let token: any Sendable = "secret"        // an `Any?` here could not be captured below
        let values = Signal<any Sendable>.create { subscriber in
            subscriber.sendNext(token)
            subscriber.sendCompleted()
            return nil
        }
        let first = try values.first() as? String
        // first == "secret"

        XCTAssertEqual(first, "secret")
    }

    func testTestHelpersOnOptionals() throws {
        let names = Signal<String?>.return(nil)
        let first = try names.first()                   // String??
        // first == .some(nil): the signal sent nil
        let firstOrNil = try names.first(orDefault: nil)   // String?
        // firstOrNil == nil, as for a signal that sent nothing (RAC's -firstOrDefault:nil)

        XCTAssertEqual(first, .some(nil))
        XCTAssertNil(firstOrNil)
        XCTAssertEqual(try Signal<String?>.empty.first(), .none, "completed without a value")
        XCTAssertNil(try Signal<String?>.empty.first(orDefault: nil))
    }

    func testLiftSelector() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let name = BehaviorSubject(defaultValue: "Ada")
        let age = BehaviorSubject(defaultValue: 36)

        let shown = Signal.combineLatest(name, age) { n, a in "\(n), \(a)" }
        shown.subscribeNext { print($0) }
        // Ada, 36

        XCTAssertEqual(printed.lines, ["Ada, 36"])
        name.sendCompleted()
        age.sendCompleted()
    }

    func testTransforming() throws {
        let numbers = Signal.from([1, 2, 3, 4])

        let sums = numbers.scan(withStart: 0) { running, next in running + next }
        let small = numbers.take(while: { $0 < 3 })

        XCTAssertEqual(try sums.toArray(), [1, 3, 6, 10])
        XCTAssertEqual(try small.toArray(), [1, 2])
    }

    func testFlattenMapReturningNil() throws {
        let ids = Signal.from([0, 1, 2])

        let details = ids.flattenMap { id in id > 0 ? fetch(id) : nil }

        XCTAssertEqual(try details.toArray(), ["item 1", "item 2"])
    }

    func testTimeAndThreads() {
        let scheduler = TestScheduler()
        let searchText = Subject<String>()

        let queries = searchText.throttle(0.3, on: scheduler).distinctUntilChanged().deliver(on: scheduler)

        let recorder = scheduler.record(queries)
        searchText.sendNext("r")
        searchText.sendNext("ra")
        scheduler.advance(by: 1)
        searchText.sendNext("ra")
        scheduler.advance(by: 1)
        XCTAssertEqual(recorder.events.compactMap { $0.event.value }, ["ra"])
        searchText.sendCompleted()
        scheduler.run()
    }

    func testRetryThenCatch() throws {
        let scheduler = TestScheduler()
        let request = scheduler.cold("-1#", values: ["1": 1])

        let answer = request.retry(2).catch { _ in Signal.return(-1) }

        scheduler.expectMarbles(answer, "-1-1-1(x|)", values: ["1": 1, "x": -1])
    }

    func testPublishAndConnect() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let request = Signal<Int>.return(42)

        let connection = request.publish()
        connection.signal.subscribeNext { print("first", $0) }
        connection.signal.subscribeNext { print("second", $0) }
        connection.connect()

        XCTAssertEqual(printed.lines, ["first 42", "second 42"])
    }

    func testCommandLineRunLoop() {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let started = Date()

        nonisolated(unsafe) var finished = false
        Signal.from([1, 2, 3])
            .delay(0.1)                          // no scheduler: waits on the main queue
            .subscribe(next: { print($0) }, completed: { finished = true })
        while !finished {
            RunLoop.main.run(until: Date().addingTimeInterval(0.05))
        }
        // 1, 2, 3

        XCTAssertEqual(printed.lines, ["1", "2", "3"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "generous bound for a 0.1 s delay")
    }

    func testCommandLineAsyncBridge() async throws {
        let printed = PrintedLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }

        let total = try await Signal.from([1, 2, 3]).map { $0 * 2 }.toArray()
        print(total)
        // [2, 4, 6]

        XCTAssertEqual(printed.lines, ["[2, 4, 6]"])
    }
}

struct ParseError: Error { let text: String }

/// PortingFromReactiveCocoa.md's values of several kinds, where RAC sent `id`.
enum SearchResult: Sendable, Equatable {
    case user(login: String)
    case repository(name: String, stars: Int)
}

/// PortingFromReactiveCocoa.md's stand-in for a request by id.
func fetch(_ id: Int) -> Signal<String> {
    Signal.return("item \(id)")
}

/// Subscribes, runs `send`, and keeps the events (for checks outside the articles' blocks).
final class EventRecorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Event<Value>] = []
    var events: [Event<Value>] { lock.withLock { storage } }

    init(_ signal: Signal<Value>, whileSending send: () -> Void) {
        let disposable = signal.subscribe(
            next: { [self] value in lock.withLock { storage.append(.next(value)) } },
            error: { [self] error in lock.withLock { storage.append(.error(error)) } },
            completed: { [self] in lock.withLock { storage.append(.completed) } })
        send()
        disposable.dispose()
    }
}
