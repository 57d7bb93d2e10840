import RACSwift
import XCTest

/// A terminal event hands the subject's list itself to the loop that ends each subscription
/// (issue 20c: no array built per terminal event); these cover the list's vacant slots and a
/// subscriber that subscribes from inside that loop.
final class SubjectTerminalHandOverTests: RACTestCase {
    func testCompletionSkipsVacantSlotsAndEndsEveryLiveSubscriptionOnceInOrder() {
        let subject = Subject<Int>()
        let order = Fixture.Log<String>()
        let subscriptions = (0..<6).map { index in
            subject.subscribe(next: { order.append("\(index):\($0)") }, completed: { order.append("\(index):done") })
        }
        // Vacant slots in the middle (not at the end, which shrinks the list).
        subscriptions[1].dispose()
        subscriptions[3].dispose()
        subject.sendNext(7)
        subject.sendCompleted()
        XCTAssertEqual(order.all, ["0:7", "2:7", "4:7", "5:7", "0:done", "2:done", "4:done", "5:done"])
        XCTAssertTrue(subscriptions.allSatisfy(\.isDisposed))
    }

    func testASubscriberAddedWhileTheCompletionIsDeliveredStaysForLaterSends() {
        let subject = Subject<Int>()
        let late = HotEventLog<Int>()
        nonisolated(unsafe) var lateSubscription: Disposable?
        subject.subscribe(next: { _ in }, completed: { lateSubscription = late.subscribe(to: subject) })
        subject.sendCompleted()
        subject.sendNext(1)
        XCTAssertEqual(late.events, [.next(1)])
        lateSubscription?.dispose()
    }
}
