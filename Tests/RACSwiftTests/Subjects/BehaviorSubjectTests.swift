import RACSwift
import XCTest

final class BehaviorSubjectTests: RACTestCase {
    func testNewSubscriberReceivesTheDefaultValueFirst() {
        let subject = BehaviorSubject(defaultValue: 0)
        let log = HotEventLog<Int>.subscribed(to: subject)
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertEqual(log.events, [.next(0), .next(1), .completed])
    }

    func testNewSubscriberReceivesOnlyTheLatestValue() {
        let subject = BehaviorSubject(defaultValue: 0)
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(subject.value, 2)
        let log = HotEventLog<Int>.subscribed(to: subject)
        subject.sendNext(3)
        subject.sendCompleted()
        XCTAssertEqual(log.events, [.next(2), .next(3), .completed])
    }

    func testEverySubscriberSeesTheLatestValueAtItsSubscription() {
        let subject = BehaviorSubject<String?>(defaultValue: nil)
        let a = HotEventLog<String?>.subscribed(to: subject)
        subject.sendNext("x")
        let b = HotEventLog<String?>.subscribed(to: subject)
        subject.sendCompleted()
        XCTAssertEqual(a.events, [.next(nil), .next("x"), .completed])
        XCTAssertEqual(b.events, [.next("x"), .completed])
    }

    // Like RAC's RACBehaviorSubject, it keeps no terminal event: a subscriber after completion
    // gets the latest value and whatever is sent later.
    func testSubscriberAfterCompletionGetsTheLatestValueAndLaterSends() {
        let subject = BehaviorSubject(defaultValue: 0)
        subject.sendNext(5)
        subject.sendCompleted()
        let log = HotEventLog<Int>.subscribed(to: subject)
        subject.sendNext(6)
        XCTAssertEqual(log.events, [.next(5), .next(6)])
        subject.sendCompleted()
        XCTAssertEqual(log.events, [.next(5), .next(6), .completed])
    }

    func testSubscriberDisposingOnTheReplayedValueReceivesNothingElse() {
        let subject = BehaviorSubject(defaultValue: 0)
        let taking = HotTakingSubscriber<Int>(taking: 1)
        subject.subscribe(taking)
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertEqual(taking.events, [.next(0)])
    }
}
