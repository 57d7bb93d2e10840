import Foundation
import RACSwift
import XCTest

/// A subject's subscription is one object (issue 20, third session): the disposable returned,
/// the compound given to the subscriber, and the subject's own record of the subscriber, which
/// it holds only while the subscription is live. These check the rules that object has of its
/// own: when the subscriber is let go of, the first subscriber kept without a list, and the
/// gate through which a disposal reaches the subject (disposals racing terminal events,
/// registrations and the subject's deinit).
final class SubjectSubscriptionTests: RACTestCase {
    /// A subscriber that records its events, tells when it is released, and runs `onNext`
    /// (given its own subscription) for each value.
    private final class Probe: Subscriber, @unchecked Sendable {
        let released: Fixture.Counter
        var onNext: (Probe, Int) -> Void = { _, _ in }
        private(set) var subscription: CompoundDisposable?
        private(set) var events: [Event<Int>] = []

        init(_ released: Fixture.Counter) { self.released = released }
        deinit { _ = released.increment() }

        func didSubscribe(with disposable: CompoundDisposable) { subscription = disposable }
        func sendNext(_ value: Int) {
            events.append(.next(value))
            onNext(self, value)
            // Still alive: the send in progress keeps it, whatever `onNext` did.
            events.append(.next(-value))
        }
        func sendError(_ error: any Error) { events.append(.error(error)) }
        func sendCompleted() { events.append(.completed) }
    }

    func testTheSubscriptionReturnedIsTheOneTheSubscriberIsGiven() {
        let subject = Subject<Int>()
        let probe = Probe(Fixture.Counter())
        let subscription = subject.subscribe(probe)
        XCTAssertTrue(subscription === probe.subscription)
        subscription.dispose()
        XCTAssertTrue(probe.subscription?.isDisposed ?? false)
    }

    func testAHeldSubscriptionLetsGoOfItsSubscriberWhenDisposed() {
        let released = Fixture.Counter()
        let subject = Subject<Int>()
        var subscriptions: [Disposable] = []
        for _ in 0..<3 { subscriptions.append(subject.subscribe(Probe(released))) }
        subject.sendNext(1)
        subscriptions[1].dispose()
        XCTAssertEqual(released.value, 1)
        subscriptions[0].dispose()
        subscriptions[2].dispose()
        XCTAssertEqual(released.value, 3)
        withExtendedLifetime(subscriptions) {}
    }

    func testAHeldSubscriptionLetsGoOfItsSubscriberAtTheTerminalEvent() {
        let released = Fixture.Counter()
        let subject = Subject<Int>()
        let subscriptions = (0..<3).map { _ in subject.subscribe(Probe(released)) }
        subject.sendCompleted()
        XCTAssertEqual(released.value, 3)
        XCTAssertTrue(subscriptions.allSatisfy(\.isDisposed))
    }

    func testAHeldSubscriptionLetsGoOfItsSubscriberWhenTheSubjectIsReleased() {
        let released = Fixture.Counter()
        var subject: Subject<Int>? = Subject<Int>()
        let subscriptions = (0..<3).map { _ in subject!.subscribe(Probe(released)) }
        subject = nil
        XCTAssertEqual(released.value, 3)
        // Not disposed: nothing observable happens to a subscription when its subject goes.
        XCTAssertFalse(subscriptions.contains(where: \.isDisposed))
        for subscription in subscriptions { subscription.dispose() }
    }

    func testASubscriberDisposingItselfDuringItsDeliveryIsReleasedAfterTheSend() {
        for others in [0, 1, 3] {
            let released = Fixture.Counter()
            let subject = Subject<Int>()
            let log = HotEventLog<Int>()
            for _ in 0..<others { log.subscribe(to: subject) }
            do {
                let probe = Probe(released)
                probe.onNext = { probe, _ in
                    probe.subscription?.dispose()
                    XCTAssertEqual(released.value, 0, "released while still receiving")
                }
                subject.subscribe(probe)
            }
            for _ in 0..<others { log.subscribe(to: subject) }
            subject.sendNext(1)
            XCTAssertEqual(released.value, 1, "\(others) others")
            subject.sendNext(2)
            XCTAssertEqual(log.values, Array(repeating: 1, count: 2 * others) + Array(repeating: 2, count: 2 * others))
        }
    }

    func testATerminalEventSentByTheSubscriberReceivingADeliveryReleasesItAfterTheSend() {
        for others in [0, 2] {
            let released = Fixture.Counter()
            let subject = Subject<Int>()
            let log = HotEventLog<Int>()
            let seen = Fixture.Log<String>()
            do {
                let probe = Probe(released)
                probe.onNext = { probe, value in
                    if value == 1 { subject.sendCompleted() }
                    seen.append(probe.events.map { "\($0)" }.joined(separator: " "))
                    XCTAssertEqual(released.value, 0, "released while still receiving")
                }
                subject.subscribe(probe)
            }
            for _ in 0..<others { log.subscribe(to: subject) }
            subject.sendNext(1)
            XCTAssertEqual(released.value, 1, "\(others) others")
            // The completion arrived nested inside the value, where RAC sends it.
            XCTAssertEqual(seen.all, ["\(Event<Int>.next(1)) \(Event<Int>.completed)"])
            // The others were ended before their turn came.
            XCTAssertEqual(log.events, Array(repeating: .completed, count: others))
            subject.sendNext(2)
            XCTAssertEqual(seen.all.count, 1)
        }
    }

    func testTheFirstSubscriberThenAListKeepSubscriptionOrderThroughEveryChange() {
        let subject = Subject<Int>()
        let order = Fixture.Log<String>()
        func subscriber(_ name: String) -> Disposable { subject.subscribeNext { order.append("\(name)\($0)") } }
        let a = subscriber("a")
        subject.sendNext(1)
        let b = subscriber("b")
        subject.sendNext(2)
        a.dispose()
        subject.sendNext(3)
        b.dispose()
        subject.sendNext(4)
        let c = subscriber("c")
        subject.sendNext(5)
        let d = subscriber("d")
        c.dispose()
        subject.sendNext(6)
        d.dispose()
        XCTAssertEqual(order.all, ["a1", "a2", "b2", "b3", "c5", "d6"])
    }

    func testASecondSubscriberAddedDuringTheFirstsDeliveryReceivesOnlyLaterValues() {
        let subject = Subject<Int>()
        let order = Fixture.Log<String>()
        nonisolated(unsafe) var added: Disposable?
        let first = subject.subscribeNext { value in
            order.append("a\(value)")
            if added == nil { added = subject.subscribeNext { order.append("b\($0)") } }
        }
        subject.sendNext(1)
        subject.sendNext(2)
        first.dispose()
        subject.sendNext(3)
        added?.dispose()
        XCTAssertEqual(order.all, ["a1", "a2", "b2", "b3"])
    }

    func testDisposalsRacingTerminalEventsEndEachSubscriptionOnceAndReleaseEverySubscriber() {
        // Bounded: 200 rounds of disposals on another thread against a completion here and
        // the release of the subject.
        for round in 0..<200 {
            let released = Fixture.Counter()
            var subject: Subject<Int>? = Subject<Int>()
            let probes = (0..<4).map { _ in Probe(released) }
            let subscriptions = probes.map { subject!.subscribe($0) }
            let start = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            Thread {
                start.wait()
                for index in [3, 1, 2, 0] { subscriptions[index].dispose() }
                done.signal()
            }.start()
            start.signal()
            subject!.sendCompleted()
            subject = nil
            done.wait()
            for probe in probes {
                XCTAssertLessThanOrEqual(probe.events.count, 1, "round \(round)")
                XCTAssertTrue(probe.events.allSatisfy { $0 == .completed }, "round \(round)")
            }
            XCTAssertTrue(subscriptions.allSatisfy(\.isDisposed), "round \(round)")
            withExtendedLifetime(probes) {}
        }
    }

    func testDisposalsRacingTheSubjectsDeinitReleaseEverySubscriber() {
        for round in 0..<200 {
            let released = Fixture.Counter()
            var subject: Subject<Int>? = Subject<Int>()
            var subscriptions: [Disposable] = []
            for _ in 0..<5 { subscriptions.append(subject!.subscribe(Probe(released))) }
            let start = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            let kept = subscriptions
            Thread {
                start.wait()
                for subscription in kept.reversed() { subscription.dispose() }
                done.signal()
            }.start()
            start.signal()
            subject = nil
            done.wait()
            XCTAssertEqual(released.value, 5, "round \(round)")
            subscriptions.removeAll()
        }
    }

    func testDisposalsRacingRegistrationsOnAnotherThreadReleaseTheSubscriber() {
        // BehaviorSubject registers on the subscription scheduler: with none current, on a
        // background one, while the subscription is disposed here at about the same time.
        for round in 0..<200 {
            let released = Fixture.Counter()
            let subject = BehaviorSubject<Int>(defaultValue: 0)
            let done = DispatchSemaphore(value: 0)
            // Off the main thread, where no scheduler is current.
            Thread {
                let subscription = subject.subscribe(Probe(released))
                for _ in 0..<(round % 20) * 50 { _ = subscription.isDisposed }
                subscription.dispose()
                done.signal()
            }.start()
            done.wait()
            // Registered and removed, never registered, or never run: released either way.
            let deadline = Date().addingTimeInterval(5)
            while released.value == 0, Date() < deadline { usleep(100) }
            XCTAssertEqual(released.value, 1, "round \(round)")
            subject.sendNext(1)
        }
    }
}
