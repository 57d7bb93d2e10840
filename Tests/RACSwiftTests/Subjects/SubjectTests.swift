import Foundation
import RACSwift
import XCTest

final class SubjectTests: RACTestCase {
    func testSubjectSendsEveryEventToEverySubscriberInSubscriptionOrder() {
        let subject = Subject<Int>()
        nonisolated(unsafe) var order: [String] = []
        let a = HotEventLog<Int>(), b = HotEventLog<Int>()
        a.subscribe(to: subject)
        b.subscribe(to: subject)
        subject.subscribeNext { order.append("a\($0)") }
        subject.subscribeNext { order.append("b\($0)") }
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(a.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(b.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(order, ["a1", "b1", "a2", "b2"])
    }

    func testSubjectSendsErrorToEverySubscriber() {
        let subject = Subject<Int>()
        let a = HotEventLog<Int>(), b = HotEventLog<Int>()
        a.subscribe(to: subject)
        b.subscribe(to: subject)
        subject.sendNext(1)
        subject.sendError(TestError.boom)
        subject.sendNext(2)
        XCTAssertEqual(a.events, [.next(1), .error(TestError.boom)])
        XCTAssertEqual(b.events, [.next(1), .error(TestError.boom)])
    }

    func testLateSubscriberReceivesOnlyLaterEvents() {
        let subject = Subject<Int>()
        let early = HotEventLog<Int>(), late = HotEventLog<Int>()
        early.subscribe(to: subject)
        subject.sendNext(1)
        late.subscribe(to: subject)
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(early.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(late.events, [.next(2), .completed])
    }

    func testTerminalEventEndsEveryCurrentSubscription() {
        let subject = Subject<Int>()
        let log = HotEventLog<Int>()
        let subscription = log.subscribe(to: subject)
        subject.sendCompleted()
        XCTAssertTrue(subscription.isDisposed)
        // The ended subscriber is gone: later sends do not reach it.
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertEqual(log.events, [.completed])
    }

    // RAC's RACSubject remembers nothing, so a subscriber that arrives after a terminal event
    // misses it but still receives what is sent afterwards.
    func testSubscriberAddedAfterTerminationReceivesLaterSendsButNoPastEvents() {
        let subject = Subject<Int>()
        subject.sendNext(1)
        subject.sendCompleted()
        let log = HotEventLog<Int>.subscribed(to: subject)
        XCTAssertEqual(log.events, [])
        subject.sendNext(2)
        subject.sendError(TestError.boom)
        XCTAssertEqual(log.events, [.next(2), .error(TestError.boom)])
    }

    func testDisposedSubscriberReceivesNothingMore() {
        let subject = Subject<Int>()
        let a = HotEventLog<Int>(), b = HotEventLog<Int>(), c = HotEventLog<Int>()
        a.subscribe(to: subject)
        let bSubscription = b.subscribe(to: subject)
        c.subscribe(to: subject)
        subject.sendNext(1)
        bSubscription.dispose()
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(a.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(b.events, [.next(1)])
        XCTAssertEqual(c.events, [.next(1), .next(2), .completed])
    }

    /// The subject still works for a subscriber that joins now: it gets what is sent from now
    /// on (`value`, then completion).
    private func assertANewSubscriberReceivesWhatFollows(
        _ subject: Subject<Int>, value: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        let late = HotEventLog<Int>.subscribed(to: subject)
        subject.sendNext(value)
        subject.sendCompleted()
        XCTAssertEqual(late.events, [.next(value), .completed], file: file, line: line)
    }

    func testManySubscribersDisposedInAnyOrderLeaveTheOthersIntact() {
        let subject = Subject<Int>()
        let logs = (0..<50).map { _ in HotEventLog<Int>() }
        let subscriptions = logs.map { $0.subscribe(to: subject) }
        // Dispose every other one, from the front (exercises slot reuse and compaction).
        for index in stride(from: 0, to: 50, by: 2) { subscriptions[index].dispose() }
        subject.sendNext(7)
        for (index, log) in logs.enumerated() {
            XCTAssertEqual(log.values, index.isMultiple(of: 2) ? [] : [7], "subscriber \(index)")
        }
        for index in stride(from: 1, to: 50, by: 2) { subscriptions[index].dispose() }
        subject.sendNext(8)
        XCTAssertEqual(logs[1].values, [7])
        assertANewSubscriberReceivesWhatFollows(subject, value: 9)
    }

    func testSubscriberDisposedDuringADeliveryReceivesNothingAfterItsDispose() {
        let subject = Subject<Int>()
        nonisolated(unsafe) var bSubscription: Disposable?
        let b = HotEventLog<Int>()
        subject.subscribeNext { value in
            if value == 1 { bSubscription?.dispose() }
        }
        bSubscription = b.subscribe(to: subject)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(b.events, [])
    }

    func testSubscriberDisposingItselfDuringADeliveryStopsAtOnce() {
        let subject = Subject<Int>()
        let taking = HotTakingSubscriber<Int>(taking: 2)
        let other = HotEventLog<Int>()
        subject.subscribe(taking)
        other.subscribe(to: subject)
        for value in 1...4 { subject.sendNext(value) }
        subject.sendCompleted()
        XCTAssertEqual(taking.events, [.next(1), .next(2)])
        XCTAssertEqual(other.events, [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    func testSubscriberAddedDuringADeliveryReceivesOnlyLaterValues() {
        let subject = Subject<Int>()
        let added = HotEventLog<Int>()
        subject.subscribeNext { value in
            if value == 1 { added.subscribe(to: subject) }
        }
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(added.events, [.next(2), .completed])
    }

    // A send walks the subscriber list in place; whatever a subscriber changes during the
    // walk (growing the list, vacating slots until it compacts, ending every subscription)
    // must leave the walk on the list as it was when the send began.
    func testListChangesMadeDuringADeliveryDoNotDisturbIt() {
        let subject = Subject<Int>()
        let removed = (0..<4).map { _ in HotEventLog<Int>() }
        let kept = (0..<2).map { _ in HotEventLog<Int>() }
        let added = (0..<10).map { _ in HotEventLog<Int>() }
        let removedSubscriptions = UncheckedBox<[Disposable]>([])
        nonisolated(unsafe) var mutatorSubscription: Disposable?
        nonisolated(unsafe) var mutatorValues: [Int] = []
        mutatorSubscription = subject.subscribeNext { value in
            mutatorValues.append(value)
            guard value == 1 else { return }
            // Vacating four of seven slots compacts the list; then ten more grow it.
            for subscription in removedSubscriptions.value { subscription.dispose() }
            mutatorSubscription?.dispose()
            for log in added { log.subscribe(to: subject) }
            subject.sendNext(100)
        }
        removedSubscriptions.value.append(removed[0].subscribe(to: subject))
        kept[0].subscribe(to: subject)
        removedSubscriptions.value.append(removed[1].subscribe(to: subject))
        removedSubscriptions.value.append(removed[2].subscribe(to: subject))
        kept[1].subscribe(to: subject)
        removedSubscriptions.value.append(removed[3].subscribe(to: subject))
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(mutatorValues, [1])
        for log in removed { XCTAssertEqual(log.events, []) }
        // The nested send walks the changed list; the outer one then resumes on the old one.
        for log in kept { XCTAssertEqual(log.events, [.next(100), .next(1), .next(2), .completed]) }
        for log in added { XCTAssertEqual(log.events, [.next(100), .next(2), .completed]) }
    }

    func testATerminalEventSentFromInsideADeliveryEndsItForLaterSubscribers() {
        let subject = Subject<Int>()
        let first = HotEventLog<Int>()
        let second = HotEventLog<Int>()
        subject.subscribeNext { value in
            if value == 1 { subject.sendCompleted() }
        }
        first.subscribe(to: subject)
        second.subscribe(to: subject)
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(first.events, [.completed])
        XCTAssertEqual(second.events, [.completed])
        assertANewSubscriberReceivesWhatFollows(subject, value: 3)
    }

    // The delivery lock is recursive: a subscriber that sends into the subject from inside a
    // delivery gets a nested delivery instead of a deadlock, as with RAC's @synchronized.
    func testSendingIntoTheSubjectFromInsideADeliveryNests() {
        let subject = Subject<Int>()
        nonisolated(unsafe) var first: [Int] = [], second: [Int] = []
        subject.subscribeNext { value in
            first.append(value)
            if value == 1 { subject.sendNext(2) }
        }
        subject.subscribeNext { second.append($0) }
        subject.sendNext(1)
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [2, 1])
        subject.sendCompleted()
    }

    func testSubjectSubscribedToASignalForwardsItsEvents() {
        let subject = Subject<Int>()
        let log = HotEventLog<Int>.subscribed(to: subject)
        Signal<Int>.create { s in
            s.sendNext(1); s.sendNext(2); s.sendCompleted()
            return nil
        }.subscribe(subject)
        XCTAssertEqual(log.events, [.next(1), .next(2), .completed])
    }

    // RAC's -didSubscribeWithDisposable: the subject keeps its source subscriptions and a
    // terminal event sent to it disposes them.
    func testTerminalEventSentToTheSubjectDisposesItsSourceSubscriptions() {
        let subject = Subject<Int>()
        let source = HotCountingSource<Int>()
        let log = HotEventLog<Int>.subscribed(to: subject)
        source.signal.subscribe(subject)
        source.sendNext(1)
        XCTAssertEqual(source.disposals, 0)
        subject.sendCompleted()
        XCTAssertEqual(source.disposals, 1)
        // The source's subscription is over: what it sends no longer reaches the subject.
        let late = HotEventLog<Int>.subscribed(to: subject)
        source.sendNext(2)
        XCTAssertEqual(late.events, [])
        XCTAssertEqual(log.events, [.next(1), .completed])
        source.release()
    }

    func testSourceSubscribedAfterTheSubjectTerminatedIsDisposedAtOnce() {
        // After a terminal event RAC's subject disposes its compound, so a later source
        // subscription is disposed at once; as in RAC, the create block still runs, and what
        // it returns is disposed right after.
        let subject = Subject<Int>()
        subject.sendCompleted()
        let source = HotCountingSource<Int>()
        let subscription = source.signal.subscribe(subject)
        XCTAssertTrue(subscription.isDisposed)
        XCTAssertEqual(source.subscriptions, 1)
        XCTAssertEqual(source.disposals, 1)
        source.release()
    }

    // RAC's RACSubject disposes its source subscriptions when it is deallocated.
    func testReleasingTheSubjectDisposesItsSourceSubscriptions() {
        nonisolated(unsafe) var disposed = false
        do {
            let subject = Subject<Int>()
            Signal<Int>.create { _ in Disposable { disposed = true } }.subscribe(subject)
            XCTAssertFalse(disposed)
        }
        XCTAssertTrue(disposed)
    }

    func testSourceSubscriptionThatEndsOnItsOwnLeavesTheSubjectUsable() {
        let subject = Subject<Int>()
        let log = HotEventLog<Int>.subscribed(to: subject)
        // A source that is disposed from outside (not by a terminal event) stops feeding the
        // subject; the subject and its subscribers carry on.
        let source = HotCountingSource<Int>()
        let subscription = source.signal.subscribe(subject)
        source.sendNext(1)
        subscription.dispose()
        source.sendNext(2)
        subject.sendNext(3)
        subject.sendCompleted()
        XCTAssertEqual(log.events, [.next(1), .next(3), .completed])
        source.release()
    }

    // MARK: Concurrency

    func testConcurrentSendsFromEightThreadsReachEverySubscriberOnceAndSerialized() {
        let subject = Subject<Int>()
        let threads = 8, perThread = 1_000
        final class Checker: @unchecked Sendable {
            let lock = NSLock()
            var inFlight = 0
            var overlaps = 0
            var received: [Int] = []  // unguarded on purpose: only the subject serializes it
            func enter() { lock.withLock { inFlight += 1; if inFlight > 1 { overlaps += 1 } } }
            func leave() { lock.withLock { inFlight -= 1 } }
        }
        let checkers = (0..<4).map { _ in Checker() }
        for checker in checkers {
            subject.subscribeNext { value in
                checker.enter()
                checker.received.append(value)
                checker.leave()
            }
        }
        let group = DispatchGroup()
        for t in 0..<threads {
            group.enter()
            Thread {
                for i in 0..<perThread { subject.sendNext(t * perThread + i) }
                group.leave()
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        subject.sendCompleted()
        for checker in checkers {
            XCTAssertEqual(checker.overlaps, 0)
            XCTAssertEqual(checker.received.sorted(), Array(0..<(threads * perThread)))
            // Each thread's values arrive in the order that thread sent them.
            for t in 0..<threads {
                let mine = checker.received.filter { $0 / perThread == t }
                XCTAssertEqual(mine, Array((t * perThread)..<((t + 1) * perThread)))
            }
        }
    }

    func testSubscribingAndDisposingWhileValuesFlowIsSafe() {
        let subject = Subject<Int>()
        let total = 20_000
        let steady = HotEventLog<Int>.subscribed(to: subject)
        let group = DispatchGroup()
        final class Violations: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
            func add() { lock.withLock { count += 1 } }
        }
        let violations = Violations()
        group.enter()
        Thread {
            for value in 0..<total { subject.sendNext(value) }
            group.leave()
        }.start()
        for _ in 0..<3 {
            group.enter()
            Thread {
                for _ in 0..<300 {
                    final class State: @unchecked Sendable {
                        let lock = NSLock()
                        var disposed = false
                        var late = 0
                        var last = -1
                    }
                    let state = State()
                    let subscription = subject.subscribeNext { value in
                        state.lock.lock()
                        // After dispose() returned, at most the one value being delivered
                        // when it began (dispose() does not wait for it: issue 30); values
                        // in order.
                        if state.disposed {
                            state.late += 1
                            if state.late > 1 { violations.add() }
                        }
                        if value <= state.last { violations.add() }
                        state.last = value
                        state.lock.unlock()
                    }
                    subscription.dispose()
                    state.lock.withLock { state.disposed = true }
                }
                group.leave()
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        subject.sendCompleted()
        XCTAssertEqual(violations.count, 0)
        XCTAssertEqual(steady.values, Array(0..<total))
    }
}

/// A `dispose()` from another thread never waits for a delivery in progress (issue 30, the
/// lock rule; before, the first one waited for the subject's lock — issue 15).
final class SubjectDisposalWaitTests: RACTestCase {
    func testDisposeFromAnotherThreadReturnsWhileTheDeliveryIsInProgress() {
        // The delivery of 1 blocks inside the subscriber. The dispose() from another thread
        // marks the subscription disposed and hands its removal to the delivering thread, then
        // returns at once, as RAC's does (its subject delivers outside the lock its removal
        // takes). Nothing sent later reaches the subscriber, and the delivering thread removes
        // the subscription before it lets go of the subject (the suite's leak check).
        let subject = Subject<Int>()
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let received = Fixture.Log<Int>()
        let subscription = subject.subscribe(next: { value in
            received.append(value)
            if value == 1 {
                entered.signal()
                release.wait()
            }
        })
        let delivering = DispatchGroup(), disposing = DispatchGroup()
        DispatchQueue.global().async(group: delivering) { subject.sendNext(1) }
        XCTAssertEqual(entered.wait(timeout: .now() + 10), .success)
        DispatchQueue.global().async(group: disposing) { subscription.dispose() }
        XCTAssertEqual(disposing.wait(timeout: .now() + 10), .success, "dispose() waited for the delivery")
        XCTAssertTrue(subscription.isDisposed)
        subscription.dispose()
        XCTAssertEqual(received.all, [1])
        release.signal()
        XCTAssertEqual(delivering.wait(timeout: .now() + 10), .success)
        subject.sendNext(3)
        XCTAssertEqual(received.all, [1])
    }
}
