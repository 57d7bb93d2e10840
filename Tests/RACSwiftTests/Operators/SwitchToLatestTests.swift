import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

final class SwitchToLatestTests: RACTestCase {
    /// A is replaced at 3 (its a2 at 4 never gets through); B runs until it completes at 7,
    /// after the outer signal completed at 5.
    func testSwitchToLatestForwardsOnlyTheLatestSignal() {
        let scheduler = TestScheduler()
        let values: [Character: String] = ["p": "a1", "q": "a2", "r": "b1", "s": "b2"]
        let a = scheduler.cold("-p-q|", values: values)
        let b = scheduler.cold("-r-s|", values: values)
        let outer = scheduler.hot("-a-b-|", values: ["a": a, "b": b])
        scheduler.expectMarbles(outer.switchToLatest(), "--p-r-s|", values: values)
    }

    func testSwitchToLatestDisposesThePreviousInnerSubscriptionWhenANewSignalArrives() {
        let outer = HigherProbe<Signal<String>>()
        let first = HigherProbe<String>()
        let second = HigherProbe<String>()
        let log = HigherLog(outer.signal.switchToLatest())
        outer.send(first.signal)
        first.send("a")
        XCTAssertEqual(first.disposals, 0)
        outer.send(second.signal)
        XCTAssertEqual(first.disposals, 1)
        XCTAssertEqual(second.subscriptions, 1)
        first.send("stale")
        second.send("b")
        XCTAssertEqual(log.events, ["a", "b"])
        log.disposable.dispose()
    }

    // RAC's order of side effects, from ReactiveObjC's -switchToLatest (publish, flattenMap:,
    // takeUntil:): the published outer value reaches flattenMap's subscription first, which
    // subscribes the new inner signal (its trigger, then the signal); only then does it reach
    // the old inner's trigger, which disposes the old subscription. A createSignal block's
    // disposable exists only once the block has returned.

    func testSwitchToLatestSubscribesTheNewSignalBeforeDisposingTheOldOne() {
        let trace = Trace()
        let outer = HigherProbe<Signal<String>>()
        func inner(_ name: String) -> Signal<String> {
            Signal.create { subscriber in
                trace.append("subscribe \(name)")
                subscriber.sendNext("\(name)1")
                return Disposable { trace.append("dispose \(name)") }
            }
        }
        let disposable = outer.signal.switchToLatest().subscribe(next: { trace.append("next \($0)") })
        outer.send(inner("A"))
        outer.send(inner("B"))
        XCTAssertEqual(trace.entries, ["subscribe A", "next A1", "subscribe B", "next B1", "dispose A"])
        disposable.dispose()
        XCTAssertEqual(trace.entries.last, "dispose B")
    }

    func testSwitchToLatestForwardsTheOldSignalUntilItIsDisposed() {
        // The new signal's subscription makes the old one send: in RAC the old subscription
        // is still live then (its trigger has not fired yet), so the value gets through.
        let old = Subject<String>()
        let replacement = Signal<String>.create { subscriber in
            old.sendNext("old, while the new one is subscribed")
            subscriber.sendNext("new")
            return nil
        }
        let outer = HigherProbe<Signal<String>>()
        let log = HigherLog(outer.signal.switchToLatest())
        outer.send(old)
        old.sendNext("old")
        outer.send(replacement)
        old.sendNext("old, disposed")
        XCTAssertEqual(log.events, ["old", "old, while the new one is subscribed", "new"])
        log.disposable.dispose()
    }

    func testSwitchToLatestFailsWithTheOldSignalsErrorWhileTheNewOneIsSubscribed() {
        let old = Subject<String>()
        let replacement = Signal<String>.create { _ in
            old.sendError(TestError.boom)
            return nil
        }
        let outer = HigherProbe<Signal<String>>()
        let log = HigherLog(outer.signal.switchToLatest())
        outer.send(old)
        outer.send(replacement)
        XCTAssertEqual(log.events, ["error boom"])
        XCTAssertEqual(outer.disposals, 1)
    }

    func testSwitchToLatestDisposesEveryReplacedSignalOldestFirstAfterANestedArrival() {
        // B's subscription sends C into the outer signal: C is subscribed, then A's trigger and
        // B's fire, in the order they subscribed; B's disposable, returned once its block
        // ends, is disposed then.
        let trace = Trace()
        let outer = Subject<Signal<Int>>()
        func inner(_ name: String, sending next: Signal<Int>? = nil) -> Signal<Int> {
            Signal.create { _ in
                trace.append("subscribe \(name)")
                if let next { outer.sendNext(next) }
                trace.append("\(name) returns")
                return Disposable { trace.append("dispose \(name)") }
            }
        }
        let disposable = outer.switchToLatest().subscribe(next: { _ in })
        outer.sendNext(inner("A"))
        outer.sendNext(inner("B", sending: inner("C")))
        XCTAssertEqual(trace.entries, [
            "subscribe A", "A returns",
            "subscribe B", "subscribe C", "C returns", "dispose A", "B returns", "dispose B",
        ])
        disposable.dispose()
        XCTAssertEqual(trace.entries.last, "dispose C")
    }

    func testSwitchToLatestWaitsForTheLatestInnerSignalAfterTheOuterCompletes() {
        let outer = HigherProbe<Signal<Int>>()
        let inner = HigherProbe<Int>()
        let log = HigherLog(outer.signal.switchToLatest())
        outer.send(inner.signal)
        outer.sendCompleted()
        XCTAssertEqual(log.events, [])
        inner.send(1)
        inner.sendCompleted()
        XCTAssertEqual(log.events, ["1", "completed"])
    }

    func testSwitchToLatestWaitsForTheOuterSignalAfterTheLatestInnerCompletes() {
        let outer = HigherProbe<Signal<Int>>()
        let log = HigherLog(outer.signal.switchToLatest())
        outer.send(.return(1))
        XCTAssertEqual(log.events, ["1"])
        outer.sendCompleted()
        XCTAssertEqual(log.events, ["1", "completed"])
    }

    func testSwitchToLatestCompletesAtOnceWhenTheOuterCompletesWithoutSignals() {
        XCTAssertEqual(HigherLog(Signal<Signal<Int>>.empty.switchToLatest()).events, ["completed"])
    }

    func testSwitchToLatestForwardsAnErrorOfTheLatestSignalAndDisposesTheOuter() {
        assertErrorIsSentAtOnceAndDisposesTheOtherInput({ (outer: Signal<Signal<Int>>, _: Signal<Int>) in outer.switchToLatest() },
                                                        failing: .second, error: "inner", prepare: { outer, inner in outer.send(inner.signal) })
    }

    func testSwitchToLatestForwardsAnOuterErrorAndDisposesTheInnerSignal() {
        assertErrorIsSentAtOnceAndDisposesTheOtherInput({ (outer: Signal<Signal<Int>>, _: Signal<Int>) in outer.switchToLatest() },
                                                        failing: .first, error: "outer", prepare: { outer, inner in outer.send(inner.signal) })
    }

    func testSwitchToLatestIgnoresTheTerminalEventsOfAReplacedSignal() {
        // A custom signal that ignores disposal, as a misbehaving source might.
        nonisolated(unsafe) var stale: (any Subscriber<Int>)?
        let stubborn = Signal<Int>.create { stale = $0; return nil }
        let outer = HigherProbe<Signal<Int>>()
        let log = HigherLog(outer.signal.switchToLatest())
        outer.send(stubborn)
        outer.send(.never)
        stale?.sendError(TestError.boom)
        stale?.sendCompleted()
        outer.sendCompleted()
        XCTAssertEqual(log.events, [])
        log.disposable.dispose()
        stale = nil
    }

    func testDisposingSwitchToLatestDisposesTheOuterAndTheCurrentInnerSubscription() {
        let outer = HigherProbe<Signal<Int>>()
        let inners = [HigherProbe<Int>(), HigherProbe<Int>()]
        let log = HigherLog(outer.signal.switchToLatest())
        outer.send(inners[0].signal)
        outer.send(inners[1].signal)
        log.disposable.dispose()
        XCTAssertEqual(outer.disposals, 1)
        XCTAssertEqual(inners.map(\.subscriptions), [1, 1])
        XCTAssertEqual(inners.map(\.disposals), [1, 1])
        inners[1].send(1)
        XCTAssertEqual(log.events, [])
    }

    func testSwitchToLatestSubscribesTheOuterSignalAnewForEachSubscription() {
        nonisolated(unsafe) var subscriptions = 0
        let outer = Signal<Signal<Int>>.create { s in
            subscriptions += 1
            s.sendNext(.return(subscriptions))
            return nil
        }
        let switched = outer.switchToLatest()
        let first = HigherLog(switched)
        let second = HigherLog(switched)
        XCTAssertEqual(subscriptions, 2)
        XCTAssertEqual(first.events, ["1"])
        XCTAssertEqual(second.events, ["2"])
        first.disposable.dispose()
        second.disposable.dispose()
    }

    func testSwitchToLatestAcceptsSignalsOfASignalSubclass() {
        let outer = Signal<TaggedSignal<Int>>.create { s in
            s.sendNext(TaggedSignal("x", .return(1)))
            s.sendCompleted(); return nil
        }
        XCTAssertEqual(HigherLog(outer.switchToLatest()).events, ["1", "completed"])
    }

    /// A replaced inner signal keeps sending from another thread while the outer switches
    /// (its subscriber is kept past disposal, so sends race the switch): once the switch has
    /// happened none of its values get through.
    func testEventsOfAReplacedSignalSentConcurrentlyNeverGetThrough() {
        let outer = HigherProbe<Signal<Int>>()
        let new = HigherProbe<Int>()
        let oldSubscriber = SubscriberBox<Int>()
        let old = Signal<Int>.create { oldSubscriber.value = $0; return nil }
        let checker = SerializationChecker()
        let disposable = outer.signal.switchToLatest().subscribeNext(checker.receive)
        outer.send(old)
        let sender = oldSubscriber.value
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for i in 0..<3_000 { sender?.sendNext(-1 - i) }
        }
        while checker.values.isEmpty {}  // the race is on once the old signal gets through
        outer.send(new.signal)
        let beforeSwitch = checker.values.count
        for i in 0..<500 { new.send(i) }
        group.wait()
        XCTAssertEqual(Array(checker.values.dropFirst(beforeSwitch)), Array(0..<500))
        XCTAssertTrue(checker.values.prefix(beforeSwitch).allSatisfy { $0 < 0 })
        XCTAssertFalse(checker.sawOverlap)
        disposable.dispose()
        oldSubscriber.value = nil
    }
}

final class SubscriberBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: (any Subscriber<Value>)?
    var value: (any Subscriber<Value>)? {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }
}
