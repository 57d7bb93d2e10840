import Foundation
import RACSwift
import XCTest

final class MulticastConnectionTests: RACTestCase {
    func testPublishSubscribesTheSourceOnlyOnConnect() {
        let source = HotCountingSource<Int>()
        let connection = source.signal.publish()
        let log = HotEventLog<Int>.subscribed(to: connection.signal)
        XCTAssertEqual(source.subscriptions, 0)
        connection.connect()
        XCTAssertEqual(source.subscriptions, 1)
        source.sendNext(1)
        source.sendCompleted()
        XCTAssertEqual(log.events, [.next(1), .completed])
    }

    func testConnectSubscribesOnceHoweverOftenCalledAndReturnsOneDisposable() {
        let source = HotCountingSource<Int>()
        let connection = source.signal.publish()
        let first = connection.connect()
        let second = connection.connect()
        XCTAssertEqual(source.subscriptions, 1)
        XCTAssertTrue(first === second)
        first.dispose()
        source.release()
    }

    func testSubscribersShareOneSubscriptionOfTheSource() {
        let sideEffects = SyncSource(values: [1])
        let signal = sideEffects.signal
        let connection = signal.publish()
        let a = HotEventLog<Int>(), b = HotEventLog<Int>()
        a.subscribe(to: connection.signal)
        b.subscribe(to: connection.signal)
        connection.connect()
        XCTAssertEqual(sideEffects.subscriptions, 1)
        XCTAssertEqual(a.events, [.next(1), .completed])
        XCTAssertEqual(b.events, [.next(1), .completed])
    }

    func testDisposingTheConnectionDisposesTheSourceSubscription() {
        let source = HotCountingSource<Int>()
        let connection = source.signal.publish()
        let log = HotEventLog<Int>()
        let subscription = log.subscribe(to: connection.signal)
        let connected = connection.connect()
        source.sendNext(1)
        connected.dispose()
        XCTAssertEqual(source.disposals, 1)
        source.sendNext(2)
        XCTAssertEqual(log.events, [.next(1)])
        subscription.dispose()
        source.release()
    }

    // RAC's connection connects at most once: after disposal, connect() neither subscribes the
    // source again nor revives the disposable.
    func testConnectAfterDisposalDoesNotReconnect() {
        let source = HotCountingSource<Int>()
        let connection = source.signal.publish()
        connection.connect().dispose()
        let again = connection.connect()
        XCTAssertTrue(again.isDisposed)
        XCTAssertEqual(source.subscriptions, 1)
        source.release()
    }

    func testMulticastThroughAReplaySubjectReplaysToLateSubscribers() {
        let source = HotCountingSource<Int>()
        let subject = ReplaySubject<Int>()
        let connection = source.signal.multicast(subject)
        XCTAssertTrue(connection.signal === subject)
        connection.connect()
        source.sendNext(1)
        let late = HotEventLog<Int>.subscribed(to: connection.signal)
        source.sendNext(2)
        source.sendCompleted()
        XCTAssertEqual(late.events, [.next(1), .next(2), .completed])
    }

    func testConcurrentConnectsSubscribeTheSourceOnce() {
        let source = HotCountingSource<Int>()
        let connection = source.signal.publish()
        let group = DispatchGroup()
        let disposables = HotBox<[ObjectIdentifier]>([])
        for _ in 0..<8 {
            group.enter()
            Thread {
                let disposable = connection.connect()
                disposables.mutate { $0.append(ObjectIdentifier(disposable)) }
                group.leave()
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        // Subscriptions from threads with no current scheduler run on a background one.
        let deadline = Date().addingTimeInterval(5)
        while source.subscriptions == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        XCTAssertEqual(source.subscriptions, 1)
        XCTAssertEqual(disposables.value.count, 8)
        XCTAssertEqual(Set(disposables.value).count, 1)
        connection.connect().dispose()
        source.release()
    }

    // MARK: autoconnect

    func testAutoconnectConnectsOnTheFirstSubscriberAndDisconnectsWhenTheLastLeaves() {
        let source = HotCountingSource<Int>()
        let signal = source.signal.publish().autoconnect()
        XCTAssertEqual(source.subscriptions, 0)
        let a = HotEventLog<Int>(), b = HotEventLog<Int>()
        let aSubscription = a.subscribe(to: signal)
        XCTAssertEqual(source.subscriptions, 1)
        source.sendNext(1)
        let bSubscription = b.subscribe(to: signal)
        XCTAssertEqual(source.subscriptions, 1)
        source.sendNext(2)
        aSubscription.dispose()
        XCTAssertEqual(source.disposals, 0)
        source.sendNext(3)
        bSubscription.dispose()
        XCTAssertEqual(source.disposals, 1)
        source.sendNext(4)
        XCTAssertEqual(a.events, [.next(1), .next(2)])
        XCTAssertEqual(b.events, [.next(2), .next(3)])
        source.release()
    }

    // As in RAC, the connection is made once: a subscriber after the last one left does not
    // resubscribe the source.
    func testAutoconnectDoesNotReconnectAfterTheLastSubscriberLeft() {
        let source = HotCountingSource<Int>()
        let signal = source.signal.publish().autoconnect()
        signal.subscribeNext { _ in }.dispose()
        let log = HotEventLog<Int>()
        let subscription = log.subscribe(to: signal)
        XCTAssertEqual(source.subscriptions, 1)
        source.sendNext(1)
        XCTAssertEqual(log.events, [])
        subscription.dispose()
        source.release()
    }

    func testAutoconnectForwardsTheSourceTermination() {
        let source = HotCountingSource<Int>()
        let signal = source.signal.publish().autoconnect()
        let a = HotEventLog<Int>(), b = HotEventLog<Int>()
        a.subscribe(to: signal)
        b.subscribe(to: signal)
        source.sendNext(1)
        source.sendError(TestError.boom)
        XCTAssertEqual(a.events, [.next(1), .error(TestError.boom)])
        XCTAssertEqual(b.events, [.next(1), .error(TestError.boom)])
        XCTAssertEqual(source.disposals, 1)
    }

    // MARK: replay, replayLast, replayLazily

    func testReplaySubscribesAtOnceAndSharesOneSubscription() {
        assertTwoSubscribersShareOneSubscription([1, 2], { $0.replay() }, subscribedBeforeAnySubscriber: 1, bothSee: [.next(1), .next(2), .completed])
    }

    func testReplayForwardsLiveEventsAfterTheReplayedOnes() {
        let source = HotCountingSource<Int>()
        let replayed = source.signal.replay()
        source.sendNext(1)
        let log = HotEventLog<Int>.subscribed(to: replayed)
        source.sendNext(2)
        source.sendError(TestError.boom)
        XCTAssertEqual(log.events, [.next(1), .next(2), .error(TestError.boom)])
        XCTAssertEqual(source.subscriptions, 1)
        let late = HotEventLog<Int>.subscribed(to: replayed)
        XCTAssertEqual(late.events, [.next(1), .next(2), .error(TestError.boom)])
    }

    func testReplayLastReplaysOnlyTheLatestValueAndTheTerminalEvent() {
        assertTwoSubscribersShareOneSubscription([1, 2, 3], { $0.replayLast() }, subscribedBeforeAnySubscriber: 1, bothSee: [.next(3), .completed])
    }

    func testReplayLazilySubscribesOnTheFirstSubscriptionOnly() {
        assertTwoSubscribersShareOneSubscription([1, 2], { $0.replayLazily() }, subscribedBeforeAnySubscriber: 0, bothSee: [.next(1), .next(2), .completed])
    }

    func testReplayLazilyKeepsTheSourceRunningWhenSubscribersLeave() {
        let source = HotCountingSource<Int>()
        let replayed = source.signal.replayLazily()
        let first = HotEventLog<Int>()
        first.subscribe(to: replayed).dispose()
        source.sendNext(1)
        XCTAssertEqual(source.disposals, 0)
        let second = HotEventLog<Int>.subscribed(to: replayed)
        source.sendNext(2)
        source.sendCompleted()
        XCTAssertEqual(source.subscriptions, 1)
        XCTAssertEqual(first.events, [])
        XCTAssertEqual(second.events, [.next(1), .next(2), .completed])
    }

    /// `share` over a synchronous source of `values` has subscribed to it
    /// `subscribedBeforeAnySubscriber` times before anyone subscribes, and exactly once from
    /// the first subscriber on; two subscribers in turn both see `expected`.
    private func assertTwoSubscribersShareOneSubscription(
        _ values: [Int], _ share: (Signal<Int>) -> Signal<Int>, subscribedBeforeAnySubscriber: Int,
        bothSee expected: [Event<Int>], file: StaticString = #filePath, line: UInt = #line
    ) {
        let source = SyncSource(values: values)
        let shared = share(source.signal)
        XCTAssertEqual(source.subscriptions, subscribedBeforeAnySubscriber, "before any subscriber", file: file, line: line)
        let a = HotEventLog<Int>(), b = HotEventLog<Int>()
        a.subscribe(to: shared)
        XCTAssertEqual(source.subscriptions, 1, "after the first subscriber", file: file, line: line)
        b.subscribe(to: shared)
        XCTAssertEqual(source.subscriptions, 1, "after the second subscriber", file: file, line: line)
        XCTAssertEqual(a.events, expected, file: file, line: line)
        XCTAssertEqual(b.events, expected, file: file, line: line)
    }
}
