import XCTest
@testable import RACSwift

final class LifetimeOwnerTests: RACTestCase {
    private final class Owner {
        let lifetime: Lifetime
        private let token: Lifetime.Token
        init() { (lifetime, token) = Lifetime.make() }
    }

    func testEndedCompletesWhenTheOwnerGoesAway() {
        var owner: Owner? = Owner()
        let lifetime = owner!.lifetime
        nonisolated(unsafe) var events: [String] = []
        lifetime.ended.subscribe(error: { _ in events.append("error") },
                                 completed: { events.append("completed") })
        XCTAssertEqual(events, [])
        XCTAssertFalse(lifetime.hasEnded)
        owner = nil
        XCTAssertEqual(events, ["completed"])
        XCTAssertTrue(lifetime.hasEnded)
    }

    func testEndedCompletesAtOnceForALaterSubscriber() {
        var owner: Owner? = Owner()
        let lifetime = owner!.lifetime
        owner = nil
        nonisolated(unsafe) var completed = false
        lifetime.ended.subscribeCompleted { completed = true }
        XCTAssertTrue(completed)
    }

    func testDisposableIsDisposedWhenTheLifetimeEnds() {
        var owner: Owner? = Owner()
        let lifetime = owner!.lifetime
        let added = Disposable()
        lifetime.disposable.add(added)
        XCTAssertFalse(added.isDisposed)
        owner = nil
        XCTAssertTrue(added.isDisposed)
        // Added after the end: disposed at once (a disposed compound disposable's rule).
        let late = Disposable()
        lifetime.disposable.add(late)
        XCTAssertTrue(late.isDisposed)
    }

    func testTakeDuringCompletesTheSignalWhenTheLifetimeEnds() {
        var owner: Owner? = Owner()
        let subject = Subject<Int>()
        nonisolated(unsafe) var events: [Event<Int>] = []
        subject.take(during: owner!.lifetime).materialize().subscribeNext { events.append($0) }
        subject.sendNext(1)
        owner = nil
        subject.sendNext(2)
        XCTAssertEqual(events, [.next(1), .completed])
    }

    func testTakeDuringAnEndedLifetimeCompletesWithoutSubscribing() {
        var owner: Owner? = Owner()
        let lifetime = owner!.lifetime
        owner = nil
        nonisolated(unsafe) var subscribed = false
        nonisolated(unsafe) var events: [Event<Int>] = []
        Signal<Int>.create { _ in subscribed = true; return nil }
            .take(during: lifetime).materialize().subscribeNext { events.append($0) }
        XCTAssertFalse(subscribed)
        XCTAssertEqual(events, [.completed])
    }
}
