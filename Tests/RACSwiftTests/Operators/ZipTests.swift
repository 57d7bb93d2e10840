import XCTest
@testable import RACSwift

final class ZipTests: RACTestCase {
    private let valuesOne = ["Ada", "Bob", "Dea"]
    private let valuesTwo = ["eats", "cooks", "jumps"]
    private let valuesThree = ["fish", "bear", "rock"]

    // Seed 001: 1…5 zipped with A…D gives four pairs; 5 is never paired.
    func testZipOfOneToFiveWithAToDReproducesTheSeed() {
        let numbers = SyncSource(values: [1, 2, 3, 4, 5])
        let letters = SyncSource(values: ["A", "B", "C", "D"])
        let zipped = Signal.zip(numbers.signal, letters.signal).map { "\($0)\($1)" }
        XCTAssertEqual(EventLog(zipped).events, .valuesThenCompleted(["1A", "2B", "3C", "4D"]))
        XCTAssertEqual(numbers.disposals, 1)
        XCTAssertEqual(letters.disposals, 1)
    }

    func testZipOfThreeSignalsMakesTriples() {
        let zipped = Signal.zip(
            SyncSource(values: valuesOne).signal, SyncSource(values: [1, 2, 3]).signal,
            SyncSource(values: [true, false, true]).signal
        ).map { "\($0)\($1)\($2)" }
        XCTAssertEqual(EventLog(zipped).events, .valuesThenCompleted(["Ada1true", "Bob2false", "Dea3true"]))
    }

    func testZipOfSixSignalsOfDifferentTypes() {
        let zipped = Signal.zip(
            Signal.from([1, 2]), Signal.from(["a", "b"]), Signal.from([true, false]),
            Signal.from([1.5, 2.5]), Signal.from(["x", "y"] as [Character]), Signal.from([Int?.none, 7])
        ).map { a, b, c, d, e, f in "\(a)\(b)\(c)\(d)\(e)\(f.map(String.init) ?? "-")" }
        XCTAssertEqual(EventLog(zipped).events, .valuesThenCompleted(["1atrue1.5x-", "2bfalse2.5y7"]))
    }

    func testZipOfOneSignalSendsItsValues() {
        let zipped: Signal<Int> = Signal.zip(Signal.from([1, 2]))
        XCTAssertEqual(EventLog(zipped).events, .valuesThenCompleted([1, 2]))
    }

    func testZipReduceOfSeveralSignals() {
        let zipped = Signal.zip(
            SyncSource(values: valuesOne).signal, SyncSource(values: valuesTwo).signal,
            SyncSource(values: valuesThree).signal, reduce: { "\($0) \($1) \($2)" })
        XCTAssertEqual(EventLog(zipped).events,
                       .valuesThenCompleted(["Ada eats fish", "Bob cooks bear", "Dea jumps rock"]))
    }

    func testZipOfAnArrayMakesArrays() {
        let signals = [valuesOne, valuesTwo, valuesThree].map { SyncSource(values: $0).signal }
        XCTAssertEqual(EventLog(Signal.zip(signals)).events,
                       .valuesThenCompleted([
                           ["Ada", "eats", "fish"], ["Bob", "cooks", "bear"], ["Dea", "jumps", "rock"],
                       ]))
    }

    func testZipReduceOfAnArray() {
        let signals = [valuesOne, valuesTwo, valuesThree].map { SyncSource(values: $0).signal }
        let zipped = Signal.zip(signals, reduce: { $0.joined(separator: " ") })
        XCTAssertEqual(EventLog(zipped).events,
                       .valuesThenCompleted(["Ada eats fish", "Bob cooks bear", "Dea jumps rock"]))
    }

    func testZipOfOneSignalInAnArrayMakesOneElementArrays() {
        XCTAssertEqual(EventLog(Signal.zip([SyncSource(values: valuesOne).signal])).events,
                       .valuesThenCompleted([["Ada"], ["Bob"], ["Dea"]]))
    }

    // RACStreamExamples: "+zip: should make an empty stream if given an empty array".
    func testZipOfAnEmptyArrayCompletesAtOnce() {
        XCTAssertEqual(EventLog(Signal<[Int]>.zip([Signal<Int>]())).events, [.completed])
        XCTAssertEqual(EventLog(Signal<String>.zip([Signal<Int>](), reduce: { "\($0)" })).events, [.completed])
    }

    func testZipTruncatesToTheShortestSignal() {
        let signals = [valuesOne, valuesTwo, valuesThree, ["now", "later"]].map { SyncSource(values: $0).signal }
        let zipped = Signal.zip(signals, reduce: { $0.joined(separator: " ") })
        XCTAssertEqual(EventLog(zipped).events, .valuesThenCompleted(["Ada eats fish now", "Bob cooks bear later"]))
    }

    func testZipWithAnInfiniteSignalCompletesAndDisposesIt() {
        let infinite = StreamInfiniteCounter()
        let zipped = Signal.zip(SyncSource(values: valuesOne).signal, infinite, reduce: { "\($0)\($1)" })
        XCTAssertEqual(EventLog(zipped).events, .valuesThenCompleted(["Ada0", "Bob1", "Dea2"]))
        XCTAssertEqual(infinite.disposals, 1)
    }

    func testZipHandlesTheSameSignalSeveralTimes() {
        let one = SyncSource(values: valuesOne)
        let two = SyncSource(values: valuesTwo)
        let zipped = Signal.zip([one.signal, one.signal, two.signal, two.signal], reduce: { $0.joined(separator: " ") })
        XCTAssertEqual(EventLog(zipped).events,
                       .valuesThenCompleted(["Ada Ada eats eats", "Bob Bob cooks cooks", "Dea Dea jumps jumps"]))
        XCTAssertEqual(one.subscriptions, 2)
    }

    func testZipWaitsForEveryInputAndCompletesWhenAnExhaustedInputCompletes() {
        let a = StreamManualSource<Int>()
        let b = StreamManualSource<String>()
        nonisolated(unsafe) var events: [Event<String>] = []
        Signal.zip(a.signal, b.signal, reduce: { "\($0)\($1)" }).subscribe(
            next: { events.append(.next($0)) }, completed: { events.append(.completed) })
        a.send(1, 2)
        XCTAssertEqual(events, [])
        b.send("x")
        XCTAssertEqual(events, [.next("1x")])
        b.complete()
        XCTAssertEqual(events, [.next("1x"), .completed])
        XCTAssertEqual(a.disposals, 1)
        a.release()
        b.release()
    }

    func testZipCompletesAfterTheLastPairWhenAnInputCompletedWithBufferedValues() {
        let a = StreamManualSource<Int>()
        let b = StreamManualSource<String>()
        nonisolated(unsafe) var events: [Event<String>] = []
        Signal.zip(a.signal, b.signal, reduce: { "\($0)\($1)" }).subscribe(
            next: { events.append(.next($0)) }, completed: { events.append(.completed) })
        a.send(1)
        a.complete()
        XCTAssertEqual(events, [])
        b.send("x")
        XCTAssertEqual(events, [.next("1x"), .completed])
        XCTAssertEqual(b.disposals, 1)
        a.release()
        b.release()
    }

    func testZipForwardsAnErrorAtOnceAndDisposesEveryInput() {
        let a = StreamManualSource<Int>()
        let b = StreamManualSource<Int>()
        nonisolated(unsafe) var events: [Event<[Int]>] = []
        Signal.zip([a.signal, b.signal]).subscribe(
            next: { events.append(.next($0)) }, error: { events.append(.error($0)) },
            completed: { events.append(.completed) })
        a.send(1, 2)
        b.fail()
        XCTAssertEqual(events, [.error(TestError(code: 1))])
        XCTAssertEqual(a.disposals, 1)
        XCTAssertEqual(b.disposals, 1)
        a.send(3)
        XCTAssertEqual(events, [.error(TestError(code: 1))])
        a.release()
        b.release()
    }

    func testZipSubscribesLaterInputsEvenAfterAnEarlierOneFailsSynchronously() {
        // As RAC's fold of -zipWith:: the later input is subscribed, and its subscription
        // disposed at once (its value goes nowhere).
        let later = SyncSource(values: [1])
        let zipped = Signal.zip(Signal<Int>.error(TestError(code: 1)), later.signal, reduce: { $0 + $1 })
        XCTAssertEqual(EventLog(zipped).events, [.error(TestError(code: 1))])
        XCTAssertEqual(later.subscriptions, 1)
        XCTAssertEqual(later.disposals, 1)
    }

    func testDisposingWhileReceivingTheLastTupleSuppressesCompletion() {
        let subscriber = StreamRecordingSubscriber<Int>()
        subscriber.onNext = { _, subscription in subscription?.dispose() }
        Signal.zip(Signal.return(1), Signal.return(2), reduce: { $0 + $1 }).subscribe(subscriber)
        XCTAssertEqual(subscriber.events, [.next(3)])
    }

    func testDisposingZipDisposesEveryInput() {
        let a = StreamManualSource<Int>()
        let b = StreamManualSource<Int>()
        nonisolated(unsafe) var received: [Int] = []
        let disposable = Signal.zip(a.signal, b.signal, reduce: { $0 + $1 }).subscribeNext { received.append($0) }
        a.send(1)
        b.send(10)
        disposable.dispose()
        XCTAssertEqual(a.disposals, 1)
        XCTAssertEqual(b.disposals, 1)
        a.send(2)
        b.send(20)
        XCTAssertEqual(received, [11])
        a.release()
        b.release()
    }

    func testRingBuffersStartEmptyOnEachSubscription() {
        assertEachSubscriptionStartsAfresh({ Signal.zip($0, $1, reduce: { $0 + $1 }) }, a: [1, 2, 3], b: [10, 20], receives: [11, 22])
    }

    func testZipSendsEachTupleWhenItsLastMemberArrivesInVirtualTime() {
        let scheduler = TestScheduler()
        let a = scheduler.cold("-ab|")
        let b = scheduler.cold("--1--23|")
        scheduler.expectMarbles(Signal.zip(a, b, reduce: { $0 + $1 }), "--x--(y|)", values: ["x": "a1", "y": "b2"])
    }

    func testZipSerializesInputsSendingFromSeveralThreads() {
        let count = 2_000
        let done = expectation(description: "completed")
        let received = Fixture.Log<Bool>()
        let makeSource = { (label: String) in
            Signal<Int>.create { subscriber in
                DispatchQueue(label: label).async {
                    for i in 0..<count { subscriber.sendNext(i) }
                    subscriber.sendCompleted()
                }
                return nil
            }
        }
        // Unlocked on purpose: the library serializes these deliveries, and TSan checks it.
        nonisolated(unsafe) var inFlight = 0
        let disposable = Signal.zip(makeSource("zip.a"), makeSource("zip.b"), makeSource("zip.c"), reduce: { a, b, c in
            inFlight += 1
            defer { inFlight -= 1 }
            return a == b && b == c && inFlight == 1
        }).subscribe(next: { received.append($0) }, completed: { done.fulfill() })
        wait(for: [done], timeout: 10)
        XCTAssertEqual(received.all.count, count)
        XCTAssertTrue(received.all.allSatisfy { $0 })
        disposable.dispose()
    }

    // MARK: RACSignalSpec's +zip: cases, with two driven sources

    private func withTwoSources(
        _ body: (StreamManualSource<Int>, StreamManualSource<Int>, () -> [Event<[Int]>]) -> Void
    ) {
        let one = StreamManualSource<Int>()
        let two = StreamManualSource<Int>()
        nonisolated(unsafe) var events: [Event<[Int]>] = []
        let disposable = Signal.zip([one.signal, two.signal]).subscribe(
            next: { events.append(.next($0)) }, error: { events.append(.error($0)) },
            completed: { events.append(.completed) })
        body(one, two, { events })
        disposable.dispose()
        one.release()
        two.release()
    }

    func testZipCompletesAsSoonAsNoNewTupleIsPossible() {
        withTwoSources { one, two, events in
            one.send(1)
            two.send(1)
            one.send(2)
            one.complete()
            XCTAssertEqual(events(), [.next([1, 1])])
            two.send(2)
            XCTAssertEqual(events(), [.next([1, 1]), .next([2, 2]), .completed])
        }
    }

    func testZipCompletionDoesNotDependOnTheOrderOfTheSignals() {
        withTwoSources { _, two, events in
            two.complete()
            XCTAssertEqual(events(), [.completed])
        }
    }

    /// One source's part in the cases below: its values, then its end.
    private enum Part {
        case one([Int], failing: Bool)
        case two([Int], failing: Bool)
    }

    /// `first` is played, then `second`; zip must have sent `expected` (TestError(code: 1) is
    /// a failing source's error).
    private func assertZip(sends expected: [Event<[Int]>], when first: Part, then second: Part, line: UInt = #line) {
        withTwoSources { one, two, events in
            for part in [first, second] {
                let (source, values, failing) = switch part {
                case let .one(values, failing): (one, values, failing)
                case let .two(values, failing): (two, values, failing)
                }
                values.forEach { source.send($0) }
                if failing { source.fail() } else { source.complete() }
            }
            XCTAssertEqual(events(), expected, line: line)
        }
    }

    func testZipForwardsAnErrorSentEarlierAndBeforeACompletion() {
        assertZip(sends: [.error(TestError(code: 1))], when: .one([1, 2], failing: true), then: .two([1, 2, 3], failing: false))
    }

    func testZipForwardsAnErrorSentEarlierAndAfterACompletion() {
        assertZip(sends: [.error(TestError(code: 1))], when: .one([1, 2, 3], failing: true), then: .two([1, 2], failing: false))
    }

    func testZipForwardsAnErrorSentLaterWhileTuplesAreStillPossible() {
        assertZip(sends: [.next([1, 1]), .next([2, 2]), .error(TestError(code: 1))],
                  when: .two([1, 2, 3], failing: false), then: .one([1, 2], failing: true))
    }

    func testZipIgnoresAnErrorSentAfterItCompleted() {
        assertZip(sends: [.next([1, 1]), .next([2, 2]), .completed],
                  when: .two([1, 2], failing: false), then: .one([1, 2, 3], failing: true))
    }

    // RACSignalSpec: three inputs, one completes, another fails; later values change nothing.
    func testZipOfThreeSendsTuplesUntilTheFirstErrorAndNothingAfter() {
        let a = StreamManualSource<Int>()
        let b = StreamManualSource<Int>()
        let c = StreamManualSource<Int>()
        nonisolated(unsafe) var events: [Event<String>] = []
        Signal.zip(a.signal, b.signal, c.signal, reduce: { "\($0)\($1)\($2)" }).subscribe(
            next: { events.append(.next($0)) }, error: { events.append(.error($0)) },
            completed: { events.append(.completed) })
        a.send(1, 2, 3)
        b.send(1)
        c.send(1, 2)
        XCTAssertEqual(events, [.next("111")])
        b.send(2, 3, 4)
        b.complete()
        XCTAssertEqual(events, [.next("111"), .next("222")])
        c.send(3, 4, 5)
        c.fail()
        XCTAssertEqual(events, [.next("111"), .next("222"), .next("333"), .error(TestError(code: 1))])
        a.send(4, 5, 6, 7)
        XCTAssertEqual(events, [.next("111"), .next("222"), .next("333"), .error(TestError(code: 1))])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals], [1, 1, 1])
        a.release()
        b.release()
        c.release()
    }

    func testZipSubscribesASideEffectingSignalOncePerOccurrence() {
        let counter = SyncSource(values: [1])
        let sideEffecting = counter.signal
        let zipped = Signal.zip([sideEffecting, sideEffecting], reduce: { $0.map(String.init).joined() })
        XCTAssertEqual(counter.subscriptions, 0)
        XCTAssertEqual(EventLog(zipped).events, .valuesThenCompleted(["11"]))
        XCTAssertEqual(counter.subscriptions, 2)
    }
}
