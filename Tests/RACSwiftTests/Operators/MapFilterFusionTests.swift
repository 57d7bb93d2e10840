import XCTest
@_spi(Testing) @testable import RACSwift

/// A map/filter chain built without keeping its intermediate signals fuses into signals of up to
/// three stages each, one sink per signal and subscription (the rule: Operators/Map/MapFusion.swift);
/// everything observable stays what the operators send one after the other, and a signal that
/// anything else can still reach is never fused into.
final class MapFilterFusionTests: RACTestCase {
    private func assertName<T>(_ signal: Signal<T>, _ expected: String, line: UInt = #line) {
        XCTAssertEqual(signal.name, debugSignalNamesEnabled ? expected : "", line: line)
    }

    func testMapThenFilterInOneExpressionIsOneSignal() {
        let subject = Subject<Int>()
        let fused = subject.map { $0 * 10 }.filter { $0 > 10 }
        XCTAssertTrue(fused is MapFilterSignal<Int, Int>)
        // A second filter does not fuse into a map that already has one.
        let twice = subject.map { $0 * 10 }.filter { $0 > 10 }.filter { $0 < 40 }
        XCTAssertFalse(twice is MapFilterSignal<Int, Int>)
    }

    func testFusedPairSendsTheTransformedValuesThatPassTheTest() {
        let probe = SyncSource(values: [1, 2, 3, 4])
        let signal = probe.signal.map { $0 * 10 }.filter { $0 != 20 }
        XCTAssertEqual(EventLog(signal).events, .valuesThenCompleted([10, 30, 40]))
        XCTAssertEqual(probe.disposals, 1)
        XCTAssertEqual(EventLog(signal).events, .valuesThenCompleted([10, 30, 40]))
        XCTAssertEqual(probe.subscriptions, 2)
    }

    func testFusedPairRunsTheTransformOnceAndThenTheTestOnTheTransformedValue() {
        let subject = Subject<Int>()
        let calls = Fixture.Log<String>()
        let received = Fixture.Log<String>()
        let disposable = subject
            .map { value -> String in calls.append("map \(value)"); return "v\(value)" }
            .filter { value in calls.append("test \(value)"); return value != "v2" }
            .subscribeNext { received.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(3)
        disposable.dispose()
        subject.sendNext(4)
        XCTAssertEqual(calls.all, ["map 1", "test v1", "map 2", "test v2", "map 3", "test v3"])
        XCTAssertEqual(received.all, ["v1", "v3"])
    }

    func testFusedPairForwardsErrorAndCompletionAndTheSubscription() {
        let failing = SyncSource(values: [1, 2], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(failing.signal.map { $0 + 1 }.filter { $0 > 2 }).events, [.next(3), .error(TestError(code: 1))])
        XCTAssertEqual(failing.disposals, 1)

        let source = StreamManualSource<Int>()
        let subscriber = StreamRecordingSubscriber<Int>()
        let disposable = source.signal.map { $0 + 1 }.filter { $0 % 2 == 0 }.subscribe(subscriber)
        XCTAssertNotNil(subscriber.subscription)
        source.send(1, 2, 3)
        source.complete()
        XCTAssertEqual(subscriber.events, [.next(2), .next(4), .completed])
        XCTAssertTrue(disposable.isDisposed)
        source.release()
    }

    func testDisposingTheFusedPairDisposesTheSourceOnce() {
        let source = StreamManualSource<Int>()
        let received = Fixture.Log<Int>()
        let disposable = source.signal.map { $0 * 2 }.filter { $0 > 2 }.subscribeNext { received.append($0) }
        source.send(1, 2)
        disposable.dispose()
        source.send(3)
        XCTAssertEqual(received.all, [4])
        XCTAssertEqual(source.disposals, 1)
        source.release()
    }

    func testFusedSubscriptionHoldsOneSinkFewerThanTheSeparatePair() {
        let subject = Subject<Int>()
        let before = LiveSubscriptions.count
        let fused = subject.map { $0 + 1 }.filter { $0 > 0 }.subscribeNext { _ in }
        let fusedSinks = LiveSubscriptions.count - before
        fused.dispose()
        let map = subject.map { $0 + 1 }
        let separate = map.filter { $0 > 0 }.subscribeNext { _ in }
        let separateSinks = LiveSubscriptions.count - before
        separate.dispose()
        withExtendedLifetime(map) {}
        if LiveSubscriptions.isCounting { XCTAssertEqual(fusedSinks + 1, separateSinks) }
    }

    func testMapStillReferencedElsewhereKeepsItsOwnBehaviour() {
        let subject = Subject<Int>()
        let map = subject.map { $0 * 10 }
        let filtered = map.filter { $0 > 10 }
        XCTAssertFalse(filtered is MapFilterSignal<Int, Int>)
        let fromMap = Fixture.Log<Int>()
        let fromFilter = Fixture.Log<Int>()
        let first = map.subscribeNext { fromMap.append($0) }
        let second = filtered.subscribeNext { fromFilter.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        first.dispose()
        second.dispose()
        XCTAssertEqual(fromMap.all, [10, 20])
        XCTAssertEqual(fromFilter.all, [20])
    }

    func testMapReachableThroughAWeakReferenceIsNotFused() {
        let subject = Subject<Int>()
        weak var weakMap: Signal<Int>?
        let filtered: Signal<Int> = {
            let map = subject.map { $0 * 10 }
            weakMap = map
            return (consume map).filter { $0 > 10 }
        }()
        XCTAssertFalse(filtered is MapFilterSignal<Int, Int>)
        let fromMap = Fixture.Log<Int>()
        let disposable = weakMap?.subscribeNext { fromMap.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        disposable?.dispose()
        XCTAssertEqual(fromMap.all, [10, 20])
        withExtendedLifetime(filtered) {}
    }

    func testMapReachableThroughAnUnownedReferenceIsNotFused() {
        let subject = Subject<Int>()
        let holder = UnownedSignalHolder()
        let filtered: Signal<Int> = {
            let map = subject.map { $0 * 10 }
            holder.signal = map
            return (consume map).filter { $0 > 10 }
        }()
        XCTAssertFalse(filtered is MapFilterSignal<Int, Int>)
        let fromMap = Fixture.Log<Int>()
        let disposable = holder.signal?.subscribeNext { fromMap.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        disposable?.dispose()
        XCTAssertEqual(fromMap.all, [10, 20])
        withExtendedLifetime(filtered) {}
    }

    func testFusedPairKeepsTheNamesOfBothOperators() {
        let src = Signal<Int>.never.setName("src")
        assertName(src.map { $0 }.filter { _ in true }, "[[src] -map:] -filter:")
        assertName(src.map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true },
                   "[[[[src] -map:] -filter:] -map:] -filter:")
    }

    func testNameSetOnASignalDoesNotShowThroughTheOperatorAppliedToIt() {
        // Regression (issue 30, finding 3): with debug names off, a filter that joined a
        // named map kept that map's name, where its own signal would have had none. A named
        // signal is now joined only under debug names, where both name the result alike.
        let subject = Subject<Int>()
        let filtered = subject.map { $0 + 1 }.setName("x").filter { $0 > 0 }
        let mapped = subject.map { $0 + 1 }.setName("y").map { $0 * 2 }
        let kept = subject.map { $0 + 1 }.setName("x")
        let separate = kept.filter { $0 > 0 }
        XCTAssertNil(stages(separate))
        XCTAssertEqual(filtered.name, separate.name)
        assertName(filtered, "[x] -filter:")
        assertName(mapped, "[y] -map:")
        XCTAssertEqual(stages(filtered), debugSignalNamesEnabled ? "map filter" : nil)
        XCTAssertEqual(stages(mapped), debugSignalNamesEnabled ? "map map" : "map")
        // Events are those of the operators one by one either way.
        let received = Fixture.Log<Int>()
        let disposable = filtered.subscribeNext { received.append($0) }
        subject.sendNext(-1)
        subject.sendNext(1)
        disposable.dispose()
        XCTAssertEqual(received.all, [2])
    }

    func testRuntimeCountsWeakAndUnownedReferencesAsFusionExpects() {
        // Fusion joins a signal in place only when `hasNoWeakOrUnownedReferences`, which reads
        // the runtime's underscored `_getWeakRetainCount` / `_getUnownedRetainCount`. If this
        // fails, the runtime counts differently: rewrite that property (or stop joining in
        // place), or a signal seen through a weak or unowned reference could change.
        let signal = Subject<Int>().map { $0 + 1 }
        guard let fusible = signal as? FusibleMapSignal<Int> else { return XCTFail("map builds a fusible signal") }
        XCTAssertTrue(fusible.hasNoWeakOrUnownedReferences, "no weak or unowned reference yet")
        do {
            weak let weakSignal = signal
            XCTAssertFalse(fusible.hasNoWeakOrUnownedReferences,
                           "_getWeakRetainCount no longer counts a weak reference: FusibleMapSignal.hasNoWeakOrUnownedReferences is wrong")
            withExtendedLifetime(weakSignal) {}
        }
        let unownedSignal = Subject<Int>().map { $0 + 1 }
        guard let other = unownedSignal as? FusibleMapSignal<Int> else { return XCTFail("map builds a fusible signal") }
        let holder = UnownedSignalHolder()
        holder.signal = unownedSignal
        XCTAssertFalse(other.hasNoWeakOrUnownedReferences,
                       "_getUnownedRetainCount no longer counts an unowned reference: FusibleMapSignal.hasNoWeakOrUnownedReferences is wrong")
        withExtendedLifetime(holder) {}
    }

    func testChainOfFusedPairsMatchesTheOperatorsOneByOne() {
        let subject = Subject<Int>()
        var chain: Signal<Int> = subject
        for step in 1...6 { chain = chain.map { $0 + step }.filter { $0 % 3 != 0 } }
        let received = Fixture.Log<Int>()
        let disposable = chain.subscribeNext { received.append($0) }
        var expected: [Int] = []
        for value in 0..<30 {
            subject.sendNext(value)
            var current = value
            var passes = true
            for step in 1...6 where passes {
                current += step
                passes = current % 3 != 0
            }
            if passes { expected.append(current) }
        }
        disposable.dispose()
        XCTAssertEqual(received.all, expected)
        XCTAssertFalse(expected.isEmpty)
    }

    func testFusedPairDeliversOnTheSendingThread() {
        let subject = Subject<Int>()
        let threads = Fixture.Log<Bool>()
        let disposable = subject.map { $0 + 1 }.filter { _ in true }.subscribeNext { _ in threads.append(Thread.isMainThread) }
        let done = expectation(description: "sent from a background thread")
        DispatchQueue.global().async {
            subject.sendNext(1)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        subject.sendNext(2)
        disposable.dispose()
        XCTAssertEqual(threads.all, [false, true])
    }

    // MARK: - Up to three stages per signal

    /// The stages fused into `signal`, as operator names ("map filter map"); nil when it is
    /// not a fused signal.
    private func stages(_ signal: Signal<Int>) -> String? {
        guard let fused = signal as? FusibleMapSignal<Int> else { return nil }
        var names = ["map"]
        if fused.predicate != nil { names.append("filter") }
        if fused.secondTransform != nil { names.append("map") }
        if fused.secondPredicate != nil { names.append("filter") }
        if fused.thirdTransform != nil { names.append("map") }
        if fused.thirdPredicate != nil { names.append("filter") }
        return names.joined(separator: " ")
    }

    func testOperatorsJoinAFusedSignalUpToThreeStages() {
        let subject = Subject<Int>()
        XCTAssertEqual(stages(subject.map { $0 + 1 }.map { $0 * 2 }), "map map")
        XCTAssertEqual(stages(subject.map { $0 + 1 }.filter { $0 > 0 }.map { $0 * 2 }), "map filter map")
        XCTAssertEqual(stages(subject.map { $0 + 1 }.map { $0 * 2 }.filter { $0 > 0 }), "map map filter")
        XCTAssertEqual(stages(subject.map { $0 + 1 }.filter { $0 > 0 }.map { $0 * 2 }.filter { $0 > 2 }),
                       "map filter map filter")
        XCTAssertEqual(stages(subject.map { $0 + 1 }.map { $0 * 2 }.map { $0 + 3 }), "map map map")
        XCTAssertEqual(stages(subject.map { $0 + 1 }.filter { $0 > 0 }.map { $0 * 2 }.filter { $0 > 2 }.map { $0 + 3 }
                                .filter { $0 > 4 }),
                       "map filter map filter map filter")
        // A full signal is the source of the next one.
        XCTAssertEqual(stages(subject.map { $0 + 1 }.map { $0 * 2 }.map { $0 + 3 }.map { $0 * 4 }), "map")
        XCTAssertEqual(stages(subject.map { $0 + 1 }.filter { $0 > 0 }.map { $0 * 2 }.filter { $0 > 2 }.map { $0 + 3 }
                                .filter { $0 > 4 }.map { $0 * 4 }),
                       "map")
        // One filter per stage.
        XCTAssertNil(stages(subject.map { $0 + 1 }.map { $0 * 2 }.filter { $0 > 0 }.filter { $0 > 2 }))
        // A map to another type cannot be a second stage: it builds its own signal.
        let described = subject.map { $0 + 1 }.map { "\($0)" }
        XCTAssertTrue(described is MapFilterSignal<Int, String>)
        XCTAssertNil((described as? FusibleMapSignal<String>)?.secondTransform)
    }

    func testEachFusedShapeSendsWhatTheOperatorsSendOneByOne() {
        // Each test drops some values, so every stage's filter is exercised.
        let plusOne = FusionStep.map("+1") { $0 + 1 }
        let double = FusionStep.map("*2") { $0 * 2 }
        let notThree = FusionStep.filter("%3") { $0 % 3 != 0 }
        let even = FusionStep.filter("even") { $0 % 2 == 0 }
        let small = FusionStep.filter("<40") { $0 < 40 }
        let notSeven = FusionStep.filter("%7") { $0 % 7 != 0 }
        let shapes: [[FusionStep]] = [
            [plusOne, double], [plusOne, notThree, double], [plusOne, double, notThree],
            [plusOne, notThree, double, small], [plusOne, notThree, plusOne, even, double],
            Array(repeating: [plusOne, notSeven], count: 6).flatMap { $0 },
            Array(repeating: plusOne, count: 10), [plusOne, notThree, small, double, even],
            [plusOne, double, notThree, plusOne, small], [plusOne, notThree, double, small, plusOne, notThree],
            [double, double, double, notThree, double],
        ]
        for (index, shape) in shapes.enumerated() {
            for terminal in [Event<Int>.completed, .error(TestError(code: index))] {
                let fused = FusionRun(shape, fused: true, terminal: terminal)
                let separate = FusionRun(shape, fused: false, terminal: terminal)
                XCTAssertEqual(fused.events, separate.events, "shape \(index)")
                XCTAssertEqual(fused.calls, separate.calls, "shape \(index)")
                XCTAssertEqual(fused.name, separate.name, "shape \(index)")
                XCTAssertEqual(fused.disposals, 1, "shape \(index)")
                if let fusedSinks = fused.sinks, let separateSinks = separate.sinks {
                    XCTAssertLessThan(fusedSinks, separateSinks, "shape \(index): the chain did not fuse")
                }
                XCTAssertTrue(fused.events.contains(terminal), "shape \(index)")
                XCTAssertTrue(fused.events.count > 1, "shape \(index): no value went through")
            }
        }
    }

    func testFusedSignalKeepsTheNameOfEachOperator() {
        let src = Signal<Int>.never.setName("src")
        assertName(src.map { $0 }.map { $0 }, "[[src] -map:] -map:")
        assertName(src.map { $0 }.filter { _ in true }.map { $0 }, "[[[src] -map:] -filter:] -map:")
        assertName(src.map { $0 }.map { $0 }.filter { _ in true }, "[[[src] -map:] -map:] -filter:")
        assertName(src.map { $0 }.map { $0 }.map { $0 }, "[[[src] -map:] -map:] -map:")
        assertName(src.map { $0 }.filter { _ in true }.map { $0 }.map { $0 }.filter { _ in true },
                   "[[[[[src] -map:] -filter:] -map:] -map:] -filter:")
    }

    func testThreeStageSubscriptionHoldsOneSink() {
        let subject = Subject<Int>()
        let before = LiveSubscriptions.count
        let fused = subject.map { $0 + 1 }.filter { $0 > 0 }.map { $0 * 2 }.filter { $0 > 2 }.map { $0 + 3 }
            .filter { $0 > 4 }.subscribeNext { _ in }
        let fusedSinks = LiveSubscriptions.count - before
        fused.dispose()
        let first = subject.map { $0 + 1 }
        let second = first.filter { $0 > 0 }
        let third = second.map { $0 * 2 }
        let fourth = third.filter { $0 > 2 }
        let fifth = fourth.map { $0 + 3 }
        let separate = fifth.filter { $0 > 4 }.subscribeNext { _ in }
        let separateSinks = LiveSubscriptions.count - before
        separate.dispose()
        withExtendedLifetime((first, second, third, fourth, fifth)) {}
        if LiveSubscriptions.isCounting { XCTAssertEqual(fusedSinks + 5, separateSinks) }
    }

    /// What subscriptions to `first` and to `second` receive while `subject` sends 1, 2, 3.
    private func received(_ first: Signal<Int>, _ second: Signal<Int>, from subject: Subject<Int>) -> ([Int], [Int]) {
        let fromFirst = Fixture.Log<Int>()
        let fromSecond = Fixture.Log<Int>()
        let one = first.subscribeNext { fromFirst.append($0) }
        let two = second.subscribeNext { fromSecond.append($0) }
        for value in 1...3 { subject.sendNext(value) }
        one.dispose()
        two.dispose()
        return (fromFirst.all, fromSecond.all)
    }

    func testSignalKeptInAVariableIsNotJoinedAndSendsOnItsOwn() {
        let subject = Subject<Int>()
        let pair = subject.map { $0 * 10 }.filter { $0 != 20 }
        let chained = pair.map { $0 + 1 }
        XCTAssertEqual(stages(pair), "map filter")
        XCTAssertEqual(stages(chained), "map")
        let (fromPair, fromChain) = received(pair, chained, from: subject)
        XCTAssertEqual(fromPair, [10, 30])
        XCTAssertEqual(fromChain, [11, 31])
    }

    func testSubscriptionMadeBeforeItsSignalIsJoinedKeepsThatSignalsStages() {
        // A subscription holds its sink, not the signal: the signal can still be joined, and
        // what it had when subscribed is what that subscription runs.
        let subject = Subject<Int>()
        let pair = subject.map { $0 * 10 }.filter { $0 != 20 }
        let fromPair = Fixture.Log<Int>()
        let early = pair.subscribeNext { fromPair.append($0) }
        let chained = (consume pair).map { $0 + 1 }
        XCTAssertEqual(stages(chained), "map filter map")
        let fromChain = Fixture.Log<Int>()
        let late = chained.subscribeNext { fromChain.append($0) }
        for value in 1...3 { subject.sendNext(value) }
        early.dispose()
        late.dispose()
        XCTAssertEqual(fromPair.all, [10, 30])
        XCTAssertEqual(fromChain.all, [11, 31])
    }

    func testSignalReachableThroughAWeakReferenceIsNotJoined() {
        let subject = Subject<Int>()
        weak var weakPair: Signal<Int>?
        let chained: Signal<Int> = {
            let pair = subject.map { $0 * 10 }.filter { $0 != 20 }
            weakPair = pair
            return (consume pair).map { $0 + 1 }
        }()
        XCTAssertEqual(stages(chained), "map")
        guard let pair = weakPair else { return XCTFail("the weakly referenced signal is alive") }
        let (fromPair, fromChain) = received(pair, chained, from: subject)
        XCTAssertEqual(fromPair, [10, 30])
        XCTAssertEqual(fromChain, [11, 31])
    }

    func testSignalReachableThroughAnUnownedReferenceIsNotJoined() {
        let subject = Subject<Int>()
        let holder = UnownedSignalHolder()
        let chained: Signal<Int> = {
            let map = subject.map { $0 * 10 }
            holder.signal = map
            return (consume map).map { $0 + 1 }
        }()
        XCTAssertEqual(stages(chained), "map")
        let fromMap = Fixture.Log<Int>()
        let disposable = holder.signal?.subscribeNext { fromMap.append($0) }
        subject.sendNext(1)
        disposable?.dispose()
        XCTAssertEqual(fromMap.all, [10])
        withExtendedLifetime(chained) {}
    }

    func testFusedSignalForwardsErrorAndCompletionAndTheSubscription() {
        let source = StreamManualSource<Int>()
        let subscriber = StreamRecordingSubscriber<Int>()
        let disposable = source.signal.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 10 }.filter { $0 != 40 }
            .subscribe(subscriber)
        XCTAssertNotNil(subscriber.subscription)
        source.send(1, 2, 3, 4, 5)
        source.fail()
        XCTAssertEqual(subscriber.events, [.next(20), .next(60), .error(TestError(code: 1))])
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(source.disposals, 1)
        source.release()
    }

    func testDisposingWhileAValuePassesTheStagesMatchesTheOperatorsOneByOne() {
        // The second stage's transform disposes the subscription: the value it is working on
        // still reaches the subscriber, as it would through separate stateless sinks, and
        // nothing after it does.
        func run(fused: Bool) -> (events: [Event<Int>], disposals: Int) {
            let source = StreamManualSource<Int>()
            let subscriber = StreamRecordingSubscriber<Int>()
            let first = source.signal.map { $0 + 1 }.filter { $0 != 2 }
            let kept = fused ? nil : first
            let chained = (consume first).map { value -> Int in
                if value == 3 { subscriber.subscription?.dispose() }
                return value * 10
            }.filter { $0 > 0 }
            XCTAssertEqual(stages(chained), fused ? "map filter map filter" : "map filter")
            let disposable = chained.subscribe(subscriber)
            source.send(1, 2, 3, 4)
            disposable.dispose()
            source.release()
            withExtendedLifetime(kept) {}
            return (subscriber.events, source.disposals)
        }
        let fused = run(fused: true)
        let separate = run(fused: false)
        XCTAssertEqual(fused.events, separate.events)
        XCTAssertEqual(fused.events, [.next(30)])
        XCTAssertEqual(fused.disposals, 1)
        XCTAssertEqual(separate.disposals, 1)
    }
}

/// One operator of a chain under test, logging each call of its function.
private enum FusionStep {
    case map(String, @Sendable (Int) -> Int)
    case filter(String, @Sendable (Int) -> Bool)

    func apply(to signal: consuming Signal<Int>, log: Fixture.Log<String>) -> Signal<Int> {
        switch self {
        case let .map(name, transform):
            return signal.map { value in log.append("\(name) \(value)"); return transform(value) }
        case let .filter(name, test):
            return signal.filter { value in log.append("\(name) \(value)"); return test(value) }
        }
    }
}

/// A chain of `steps` over a synchronous source of 0..<30 then `terminal`, built fused (each
/// step applied to the signal the previous one returned, nothing else keeping it) or not
/// (every intermediate signal kept), and what one subscription to it received.
private struct FusionRun {
    let events: [Event<Int>]
    let calls: [String]
    let name: String
    let disposals: Int
    /// The sinks a live subscription to the chain holds (nil where the build does not count
    /// them).
    let sinks: Int?

    init(_ steps: [FusionStep], fused: Bool, terminal: Event<Int>) {
        let source = SyncSource(Array(0..<30).map { .next($0) } + [terminal])
        let log = Fixture.Log<String>()
        var kept: [Signal<Int>] = []
        let signal = Self.chain(steps, over: source.signal.setName("source"), fused: fused, log: log, keeping: &kept)
        events = EventLog(signal).events
        calls = log.all
        name = signal.name
        disposals = source.disposals

        let subject = Subject<Int>()
        let before = LiveSubscriptions.count
        let live = Self.chain(steps, over: subject, fused: fused, log: Fixture.Log(), keeping: &kept).subscribeNext { _ in }
        sinks = LiveSubscriptions.isCounting ? LiveSubscriptions.count - before : nil
        live.dispose()
        withExtendedLifetime(kept) {}
    }

    private static func chain(_ steps: [FusionStep], over source: Signal<Int>, fused: Bool, log: Fixture.Log<String>,
                              keeping kept: inout [Signal<Int>]) -> Signal<Int> {
        var signal = source
        for step in steps {
            if !fused { kept.append(signal) }
            signal = step.apply(to: consume signal, log: log)
        }
        return signal
    }
}

private final class UnownedSignalHolder {
    unowned var signal: Signal<Int>?
}
