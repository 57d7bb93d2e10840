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
