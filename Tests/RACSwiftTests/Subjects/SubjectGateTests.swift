import Foundation
import RACSwift
import XCTest

/// A subject's subscriptions reach it through an unretained reference guarded by each entry's
/// gate (`SubjectEntryBase`), not a weak reference: these check the cases a weak reference
/// handled by itself — a dispose after the subject is gone, a dispose that releases the
/// subject's last reference, and a dispose racing its deinit.
final class SubjectGateTests: RACTestCase {
    func testDisposingAfterTheSubjectIsGoneDoesNothing() {
        let log = HotEventLog<Int>()
        var subject: Subject<Int>? = Subject<Int>()
        let subscription = log.subscribe(to: subject!)
        subject!.sendNext(1)
        weak let gone = subject
        subject = nil
        XCTAssertNil(gone)
        subscription.dispose()
        XCTAssertTrue(subscription.isDisposed)
        XCTAssertEqual(log.events, [.next(1)])
    }

    func testADisposeThatReleasesTheSubjectsLastReferenceReturns() {
        // The subscriber holds the only reference: removing its entry deinitializes the
        // subject on this very thread, from inside the dispose.
        let values = Fixture.Log<Int>()
        weak var gone: Subject<Int>?
        let subscription: Disposable
        do {
            let subject = Subject<Int>()
            gone = subject
            subscription = subject.subscribeNext { value in
                values.append(value)
                withExtendedLifetime(subject) {}
            }
            subject.sendNext(1)
        }
        XCTAssertNotNil(gone)
        subscription.dispose()
        XCTAssertNil(gone)
        XCTAssertEqual(values.all, [1])
    }

    func testDisposeRacingTheSubjectsDeinitRemovesOrFindsItGone() {
        // Bounded: 300 rounds of one dispose on another thread against the last release here.
        for round in 0..<300 {
            let delivered = Fixture.Counter()
            var subject: Subject<Int>? = Subject<Int>()
            let subscriptions = (0..<3).map { _ in subject!.subscribeNext { _ in _ = delivered.increment() } }
            subject!.sendNext(round)
            let start = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            Thread {
                start.wait()
                subscriptions[1].dispose()
                done.signal()
            }.start()
            start.signal()
            subject = nil
            done.wait()
            for subscription in subscriptions { subscription.dispose() }
            XCTAssertEqual(delivered.value, 3, "round \(round)")
            XCTAssertTrue(subscriptions.allSatisfy(\.isDisposed), "round \(round)")
        }
    }

    func testDisposersRacingTheSubjectsLastReleaseNeverUseItAfterItIsFreed() {
        // Issue 39, defect 1: a disposer that had removed its own entry (or handed the removal
        // to a delivering thread) went on using the subject — the hand-off count, the settle
        // loop — after unlocking it, with nothing keeping it alive; a debug build's own retain
        // of the subject inside `unregister` could even make the disposer's thread run the
        // deinit there. Four rounds-worth of pairs at once: a thread that sends, then drops
        // the subject's only reference, against disposers of its subscriptions (plain debug
        // builds crashed in `settleHandedOff` every run; ASan: heap-use-after-free).
        let rounds = 8000
        let pairs = 4
        let perPair = 3
        let delivered = Fixture.Counter()
        let holders = (0..<pairs).map { _ in Fixture.Locked<Subject<Int>?>(nil) }
        let subscriptions = (0..<pairs).map { _ in Fixture.Locked<[Disposable]>([]) }
        let barrier = SpinBarrier(parties: 2 * pairs + 1)
        let done = DispatchGroup()
        for pair in 0..<pairs {
            for role in 0..<2 {
                done.enter()
                let thread = Thread {
                    for _ in 0..<rounds {
                        barrier.arriveAndWait()  // the round's subjects are made
                        if role == 0 {
                            let subject = holders[pair].value
                            holders[pair].value = nil
                            subject?.sendNext(1)
                            // `subject`'s release here is the last one.
                        } else {
                            for subscription in subscriptions[pair].value { subscription.dispose() }
                        }
                        barrier.arriveAndWait()  // the round is over
                    }
                    done.leave()
                }
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
        for round in 0..<rounds {
            for pair in 0..<pairs {
                let subject = Subject<Int>()
                subscriptions[pair].value = (0..<perPair).map { _ in
                    subject.subscribeNext { _ in _ = delivered.increment() }
                }
                holders[pair].value = subject
            }
            barrier.arriveAndWait()
            barrier.arriveAndWait()
            for pair in 0..<pairs {
                XCTAssertNil(holders[pair].value, "round \(round)")
                XCTAssertTrue(subscriptions[pair].value.allSatisfy(\.isDisposed), "round \(round)")
                subscriptions[pair].value = []
            }
        }
        done.wait()
        // Each subscription received the one value or was disposed before it.
        XCTAssertLessThanOrEqual(delivered.value, rounds * pairs * perPair)
    }

    /// Tells when it is released.
    private final class Watched: @unchecked Sendable {
        let released: Fixture.Counter
        init(_ released: Fixture.Counter) { self.released = released }
        deinit { _ = released.increment() }
    }

    func testReleasingTheSubjectReleasesASubscriptionNobodyDisposedAndItsSubscriber() {
        // The entry is its subscription's disposable (entry → subscription → entry): the
        // subject's deinit breaks that cycle without disposing anything.
        let released = Fixture.Counter()
        let disposedByUser = Fixture.Counter()
        weak var subscription: Disposable?
        do {
            let subject = Subject<Int>()
            let watched = Watched(released)
            let made = subject.subscribeNext { _ in withExtendedLifetime(watched) {} }
            (made as? CompoundDisposable)?.add(Disposable { _ = disposedByUser.increment() })
            subscription = made
            subject.sendNext(1)
        }
        XCTAssertEqual(released.value, 1)
        XCTAssertNil(subscription)
        XCTAssertEqual(disposedByUser.value, 0)
    }
}
