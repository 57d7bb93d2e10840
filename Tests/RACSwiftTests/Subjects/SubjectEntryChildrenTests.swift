import Foundation
@testable import RACSwift
import XCTest

/// A subscriber's subscription to a plain subject is a `SubjectEntry`, whose compound words hold
/// the subscriber (`CompoundDisposable.slotsHoldOwnContent`): what the subscriber or a caller
/// adds to that disposable goes to the compound's other children and is disposed, removed and
/// counted as any compound's, and the subscriber is never taken for a child.
final class SubjectEntryChildrenTests: RACTestCase {
    private final class Box: @unchecked Sendable { var values: [Int] = [] }

    /// Adds `adding` to its subscription from `didSubscribe(with:)`, as an operator's sink may.
    private final class Recorder: Subscriber, @unchecked Sendable {
        let box: Box
        let adding: [Disposable]
        var given: CompoundDisposable?
        var completed = false
        init(_ box: Box, adding: [Disposable] = []) {
            self.box = box
            self.adding = adding
        }
        func didSubscribe(with disposable: CompoundDisposable) {
            given = disposable
            for child in adding { disposable.add(child) }
        }
        func sendNext(_ value: Int) { box.values.append(value) }
        func sendError(_ error: any Error) {}
        func sendCompleted() { completed = true }
    }

    func testChildrenAddedInDidSubscribeAreDisposedWithTheSubscriptionInOrder() {
        let subject = Subject<Int>()
        let box = Box(), order = Box()
        let first = Disposable { order.values.append(1) }, second = Disposable { order.values.append(2) }
        let recorder = Recorder(box, adding: [first, second])
        let subscription = subject.subscribe(recorder)
        XCTAssertTrue(recorder.given === subscription)
        let third = Disposable { order.values.append(3) }
        recorder.given!.add(third)
        XCTAssertEqual(recorder.given!.childrenCount, 3)
        subject.sendNext(1)
        subject.sendNext(2)
        subscription.dispose()
        subject.sendNext(3)
        XCTAssertEqual(box.values, [1, 2])
        XCTAssertEqual(order.values, [1, 2, 3])
        XCTAssertEqual(recorder.given!.childrenCount, 0)
    }

    func testARemovedChildIsNotDisposedAndTheSubscriberIsNoChild() {
        let subject = Subject<Int>()
        let box = Box()
        let kept = Disposable(), removed = Disposable()
        let recorder = Recorder(box, adding: [kept, removed])
        let subscription = subject.subscribe(recorder)
        let compound = recorder.given!
        compound.remove(removed)
        XCTAssertEqual(compound.childrenCount, 1)
        subject.sendNext(1)
        subscription.dispose()
        XCTAssertTrue(kept.isDisposed)
        XCTAssertFalse(removed.isDisposed)
        XCTAssertEqual(box.values, [1])
    }

    func testATerminalEventDisposesTheChildrenAndLaterAdditions() {
        let subject = Subject<Int>()
        let box = Box()
        let child = Disposable()
        let recorder = Recorder(box, adding: [child])
        let subscription = subject.subscribe(recorder)
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertTrue(recorder.completed)
        XCTAssertTrue(child.isDisposed)
        XCTAssertTrue(subscription.isDisposed)
        let late = Disposable()
        recorder.given!.add(late)
        XCTAssertTrue(late.isDisposed)
        XCTAssertEqual(box.values, [1])
    }

    func testTheSubscriberIsLetGoOfWhenTheSubscriptionEndsAndTheEntryLivesOn() {
        let subject = Subject<Int>()
        let box = Box()
        weak var released: Recorder?
        var subscription: Disposable?
        do {
            let recorder = Recorder(box)
            released = recorder
            subscription = subject.subscribe(recorder)
        }
        subject.sendNext(1)
        XCTAssertNotNil(released)
        subscription!.dispose()
        XCTAssertNil(released)
        XCTAssertNotNil(subscription)
        XCTAssertEqual(box.values, [1])
    }

    func testAnEntryDisposedBeforeItIsListedKeepsNoSubscriber() {
        // Disposed from `didSubscribe(with:)`: never listed, never given the subscriber.
        final class Disposing: Subscriber, @unchecked Sendable {
            func didSubscribe(with disposable: CompoundDisposable) { disposable.dispose() }
            func sendNext(_ value: Int) { XCTFail("a value after the disposal") }
            func sendError(_ error: any Error) {}
            func sendCompleted() {}
        }
        let subject = Subject<Int>()
        weak var released: Disposing?
        do {
            let disposing = Disposing()
            released = disposing
            let subscription = subject.subscribe(disposing)
            XCTAssertTrue(subscription.isDisposed)
        }
        subject.sendNext(1)
        XCTAssertNil(released)
    }
}
