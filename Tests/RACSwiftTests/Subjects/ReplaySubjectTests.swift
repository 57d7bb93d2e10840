import Foundation
import RACSwift
import XCTest

final class ReplaySubjectTests: RACTestCase {
    func testReplaysEveryValueThenForwardsLaterEvents() {
        let subject = ReplaySubject<Int>()
        subject.sendNext(1)
        subject.sendNext(2)
        let log = HotEventLog<Int>.subscribed(to: subject)
        XCTAssertEqual(log.events, [.next(1), .next(2)])
        subject.sendNext(3)
        subject.sendCompleted()
        XCTAssertEqual(log.events, [.next(1), .next(2), .next(3), .completed])
    }

    func testReplaysCompletionToSubscribersAfterTermination() {
        let subject = ReplaySubject<Int>()
        subject.sendNext(1)
        subject.sendCompleted()
        let log = HotEventLog<Int>()
        let subscription = log.subscribe(to: subject)
        XCTAssertEqual(log.events, [.next(1), .completed])
        XCTAssertTrue(subscription.isDisposed)
    }

    func testReplaysErrorToSubscribersAfterTermination() {
        let subject = ReplaySubject<Int>()
        subject.sendNext(1)
        subject.sendError(TestError.boom)
        let a = HotEventLog<Int>(), b = HotEventLog<Int>()
        a.subscribe(to: subject)
        b.subscribe(to: subject)
        XCTAssertEqual(a.events, [.next(1), .error(TestError.boom)])
        XCTAssertEqual(b.events, [.next(1), .error(TestError.boom)])
    }

    func testCapacityKeepsOnlyTheLatestValues() {
        let subject = ReplaySubject<Int>(capacity: 2)
        for value in 1...5 { subject.sendNext(value) }
        let log = HotEventLog<Int>.subscribed(to: subject)
        XCTAssertEqual(log.events, [.next(4), .next(5)])
        subject.sendCompleted()
        let late = HotEventLog<Int>.subscribed(to: subject)
        XCTAssertEqual(late.events, [.next(4), .next(5), .completed])
    }

    func testCapacityZeroReplaysOnlyTheTerminalEvent() {
        let subject = ReplaySubject<Int>(capacity: 0)
        subject.sendNext(1)
        let log = HotEventLog<Int>.subscribed(to: subject)
        XCTAssertEqual(log.events, [])
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(log.events, [.next(2), .completed])
        let late = HotEventLog<Int>.subscribed(to: subject)
        XCTAssertEqual(late.events, [.completed])
    }

    // Deliberate difference from RAC (which appends values sent after completion and replays
    // them before the completion): nothing may follow the replayed terminal event.
    func testEventsAfterTheTerminalEventAreIgnored() {
        let subject = ReplaySubject<Int>()
        subject.sendNext(1)
        subject.sendCompleted()
        subject.sendNext(2)
        subject.sendError(TestError.boom)
        let log = HotEventLog<Int>.subscribed(to: subject)
        XCTAssertEqual(log.events, [.next(1), .completed])
    }

    func testDisposingDuringTheReplayStopsIt() {
        let subject = ReplaySubject<Int>()
        for value in 1...5 { subject.sendNext(value) }
        let taking = HotTakingSubscriber<Int>(taking: 2)
        subject.subscribe(taking)
        subject.sendNext(6)
        subject.sendCompleted()
        XCTAssertEqual(taking.events, [.next(1), .next(2)])
    }

    func testEveryReplayingSubscriberSeesTheSameSequence() {
        let subject = ReplaySubject<Int>()
        let first = HotEventLog<Int>.subscribed(to: subject)
        subject.sendNext(1)
        let second = HotEventLog<Int>.subscribed(to: subject)
        subject.sendNext(2)
        let third = HotEventLog<Int>.subscribed(to: subject)
        subject.sendCompleted()
        for log in [first, second, third] {
            XCTAssertEqual(log.events, [.next(1), .next(2), .completed])
        }
    }

    // As in RAC the replay goes through the subscription scheduler: from a thread with no
    // current scheduler it runs on a background scheduler, still replaying everything once.
    func testSubscribingFromABackgroundThreadReplaysOnceWithoutGapsOrDuplicates() {
        let subject = ReplaySubject<Int>()
        for value in 0..<100 { subject.sendNext(value) }
        let log = HotEventLog<Int>()
        let done = expectation(description: "completed")
        let sender = DispatchGroup()
        sender.enter()
        Thread {
            subject.subscribe(
                next: { log.record(.next($0)) },
                completed: { log.record(.completed); done.fulfill() })
            sender.leave()
        }.start()
        Thread {
            sender.wait()
            for value in 100..<200 { subject.sendNext(value) }
            subject.sendCompleted()
        }.start()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.values, Array(0..<200))
        XCTAssertEqual(log.events.last, .completed)
    }
}
