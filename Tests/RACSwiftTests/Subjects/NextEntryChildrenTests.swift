import Foundation
@testable import RACSwift
import XCTest

/// `subscribeNext` on a plain subject returns its `NextEntry`, whose compound words hold the
/// closure (`CompoundDisposable.slotsHoldOwnContent`): what a caller adds to that disposable goes
/// to the compound's other children and is disposed, removed and counted as any compound's.
final class NextEntryChildrenTests: RACTestCase {
    private final class Box: @unchecked Sendable { var values: [Int] = [] }

    private func subscribe(_ subject: Subject<Int>, _ box: Box) -> CompoundDisposable {
        let made = subject.subscribeNext { box.values.append($0) }
        XCTAssertTrue(made is NextEntry<Int>)
        return made as! CompoundDisposable
    }

    func testChildrenAreDisposedWithTheSubscriptionInOrder() {
        let subject = Subject<Int>()
        let box = Box()
        let subscription = subscribe(subject, box)
        let order = Box()
        let first = Disposable { order.values.append(1) }, second = Disposable { order.values.append(2) }, third = Disposable { order.values.append(3) }
        subscription.add(first)
        subscription.add(second)
        subscription.add(third)
        XCTAssertEqual(subscription.childrenCount, 3)
        subject.sendNext(1)
        subscription.dispose()
        subject.sendNext(2)
        XCTAssertEqual(box.values, [1])
        XCTAssertEqual(order.values, [1, 2, 3])
        XCTAssertEqual(subscription.childrenCount, 0)
    }

    func testARemovedChildIsNotDisposed() {
        let subject = Subject<Int>()
        let box = Box()
        let subscription = subscribe(subject, box)
        let kept = Disposable(), removed = Disposable()
        subscription.add(kept)
        subscription.add(removed)
        subscription.remove(removed)
        XCTAssertEqual(subscription.childrenCount, 1)
        subject.sendNext(1)
        subscription.dispose()
        XCTAssertTrue(kept.isDisposed)
        XCTAssertFalse(removed.isDisposed)
        XCTAssertEqual(box.values, [1])
    }

    func testATerminalEventDisposesTheChildrenAndLaterAdditions() {
        let subject = Subject<Int>()
        let box = Box()
        let subscription = subscribe(subject, box)
        let child = Disposable()
        subscription.add(child)
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertTrue(child.isDisposed)
        XCTAssertTrue(subscription.isDisposed)
        let late = Disposable()
        subscription.add(late)
        XCTAssertTrue(late.isDisposed)
        XCTAssertEqual(box.values, [1])
    }

    func testRemovingTheClosuresCaptureFindsNoChild() {
        // A closure capturing one object may use it as its context: never taken as a child.
        let subject = Subject<Int>()
        let captured = Disposable()
        let made = subject.subscribeNext { _ in withExtendedLifetime(captured) {} }
        let subscription = made as! CompoundDisposable
        subscription.remove(captured)
        XCTAssertEqual(subscription.childrenCount, 0)
        subject.sendNext(1)
        subscription.dispose()
        XCTAssertFalse(captured.isDisposed)
    }

    func testTheClosureIsLetGoOfWhenTheSubscriptionEndsAndTheEntryLivesOn() {
        final class Watched: @unchecked Sendable {
            let released: () -> Void
            init(_ released: @escaping () -> Void) { self.released = released }
            deinit { released() }
        }
        let subject = Subject<Int>()
        let log = Box()
        var subscription: Disposable?
        do {
            let watched = Watched { log.values.append(0) }
            subscription = subject.subscribeNext { _ in withExtendedLifetime(watched) {} }
        }
        subject.sendNext(1)
        XCTAssertEqual(log.values, [])
        subscription!.dispose()
        XCTAssertEqual(log.values, [0])
        XCTAssertNotNil(subscription)
    }
}
