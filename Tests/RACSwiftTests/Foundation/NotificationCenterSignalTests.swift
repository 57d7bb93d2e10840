import Foundation
import RACSwift
import XCTest

/// `NotificationCenter.signal(forName:object:)` on a real center.
final class NotificationCenterSignalTests: RACTestCase {
    private let center = NotificationCenter()
    private let testName = Notification.Name("RACSwiftTestNotification")
    private let other = Notification.Name("RACSwiftOtherNotification")

    /// A subscriber the test can watch being released.
    private final class Watched: Subscriber, @unchecked Sendable {
        private let lock = NSLock()
        private var received: [Notification] = []
        var notifications: [Notification] { lock.withLock { received } }
        func sendNext(_ value: Notification) { lock.withLock { received.append(value) } }
        func sendError(_ error: any Error) { XCTFail("unexpected error \(error)") }
        func sendCompleted() { XCTFail("a notification signal never completes") }
        func didSubscribe(with disposable: CompoundDisposable) {}
    }

    func testSendsEachNotificationPostedByAnyObjectAndNeverCompletes() {
        let log = ThreadedEvents<Notification>()
        let disposable = log.subscribe(to: center.signal(forName: testName))
        XCTAssertEqual(log.events.count, 0)
        center.post(name: testName, object: nil)
        center.post(name: testName, object: self)
        center.post(name: other, object: self)
        XCTAssertEqual(log.values.map(\.name), [testName, testName], "posted synchronously, only the name observed")
        XCTAssertNil(log.values[0].object)
        XCTAssertTrue(log.values[1].object as AnyObject === self)
        XCTAssertFalse(log.isTerminated)
        disposable.dispose()
    }

    func testSendsOnlyNotificationsOfTheGivenObject() {
        let sender = NSObject()
        let log = ThreadedEvents<Notification>()
        let disposable = log.subscribe(to: center.signal(forName: testName, object: sender))
        center.post(name: testName, object: nil)
        center.post(name: testName, object: NSObject())
        center.post(name: testName, object: sender)
        XCTAssertEqual(log.values.count, 1)
        XCTAssertTrue(log.values.first?.object as AnyObject === sender)
        disposable.dispose()
    }

    func testNilNameObservesEveryNameOfTheObject() {
        let sender = NSObject()
        let log = ThreadedEvents<Notification>()
        let disposable = log.subscribe(to: center.signal(forName: nil, object: sender))
        center.post(name: testName, object: sender)
        center.post(name: other, object: sender)
        center.post(name: other, object: nil)
        XCTAssertEqual(log.values.map(\.name), [testName, other])
        disposable.dispose()
    }

    func testNotificationArrivesOnThePostingThread() {
        let log = ThreadedEvents<Notification>()
        let disposable = log.subscribe(to: center.signal(forName: testName))
        let posted = expectation(description: "posted")
        let center = self.center, testName = self.testName
        Thread.detachNewThread {
            center.post(name: testName, object: nil)
            posted.fulfill()
        }
        wait(for: [posted], timeout: 10)
        XCTAssertEqual(log.values.count, 1)
        XCTAssertEqual(log.onMainThread, [false])
        disposable.dispose()
    }

    func testEachSubscriptionIsItsOwnObserver() {
        let signal = center.signal(forName: testName)
        let first = ThreadedEvents<Notification>(), second = ThreadedEvents<Notification>()
        let firstDisposable = first.subscribe(to: signal)
        let secondDisposable = second.subscribe(to: signal)
        center.post(name: testName, object: nil)
        firstDisposable.dispose()
        center.post(name: testName, object: nil)
        XCTAssertEqual(first.values.count, 1)
        XCTAssertEqual(second.values.count, 2)
        secondDisposable.dispose()
    }

    /// The observer the subscription added is removed: a later post reaches nobody, and the
    /// center no longer holds the observer's block, so the subscriber it captured is freed.
    func testDisposalRemovesTheObserver() {
        weak var released: Watched?
        let disposable: Disposable
        do {
            let watched = Watched()
            released = watched
            disposable = center.signal(forName: testName).subscribe(watched)
            center.post(name: testName, object: nil)
            XCTAssertEqual(watched.notifications.count, 1)
        }
        XCTAssertNotNil(released, "the observer holds the subscriber while subscribed")
        disposable.dispose()
        // Checked before any later post: a post into a disposed subscription would let go of
        // the subscriber too, and hide an observer left behind.
        XCTAssertNil(released, "the observer token and its block are gone, and with them the subscriber")
    }

    func testDoesNotKeepTheObjectAlive() {
        weak var released: NSObject?
        var signal: Signal<Notification>?
        do {
            let sender = NSObject()
            released = sender
            signal = center.signal(forName: testName, object: sender)
        }
        XCTAssertNil(released, "as RAC's spec requires, the signal does not capture the object strongly")
        // With its object gone the signal observes nothing, rather than every sender.
        let log = ThreadedEvents<Notification>()
        let disposable = log.subscribe(to: signal!)
        center.post(name: testName, object: nil)
        center.post(name: testName, object: NSObject())
        XCTAssertEqual(log.events.count, 0)
        disposable.dispose()
        signal = nil
    }
}
