import XCTest
@_spi(Testing) @testable import RACSwift

/// `map(f).filter(p)` built in one expression fuses into one signal with one sink per
/// subscription (`FusibleMapSignal.fuse`); everything observable stays what the two
/// operators send one after the other, and a map signal that anything else can still reach
/// is never fused.
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
}

private final class UnownedSignalHolder {
    unowned var signal: Signal<Int>?
}
