import Foundation
import Observation
import XCTest
@testable import RACSwift

/// Synchronous observation (`ReactiveObject`, `@Observed`, `@ObservedWeak`): KVO's timing,
/// Observation compatibility, ends at deinit, names.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class SynchronousObservationTests: RACTestCase {
    func testEachAssignmentSendsItsValueAtOnceAfterItIsStored() {
        let object = SyncTestObject()
        let values = Fixture.Log<Int>()
        let readInDelivery = Fixture.Log<Int>()
        let subscription = object.signal(for: \.integerValue).subscribeNext { value in
            values.append(value)
            readInDelivery.append(object.integerValue)
        }
        object.integerValue = 1
        object.integerValue = 2
        object.integerValue = 2
        // One value per assignment, nothing coalesced, equal values included (as KVO).
        XCTAssertEqual(values.all, [0, 1, 2, 2])
        XCTAssertEqual(readInDelivery.all, [0, 1, 2, 2], "the value is stored before it is sent")
        subscription.dispose()
    }

    func testValuesAreSentOnTheAssigningThread() {
        let object = SyncTestObject()
        let threads = Fixture.Locked<[Bool]>([])
        let subscription = object.signal(for: \.integerValue).skip(1).subscribeNext { _ in
            threads.value.append(Thread.isMainThread)
        }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            object.integerValue = 1
            done.signal()
        }
        done.wait()
        object.integerValue = 2
        XCTAssertEqual(threads.value, [false, true])
        subscription.dispose()
    }

    func testAModelStaysObservableForWithObservationTracking() {
        let object = SyncTestObject()
        let changed = Fixture.Counter()
        let read = withObservationTracking { object.integerValue } onChange: { changed.increment() }
        XCTAssertEqual(read, 0)
        object.stringValue = "other property"
        XCTAssertEqual(changed.value, 0)
        object.integerValue = 1
        XCTAssertEqual(changed.value, 1)
    }

    func testObservationTrackingSeesAWeakPropertyAndItsTargetGoingAway() {
        let object = SyncTestObject()
        var target: SyncTestObject? = SyncTestObject()
        object.weakTestObjectValue = target
        let changed = Fixture.Counter()
        _ = withObservationTracking { object.weakTestObjectValue } onChange: { changed.increment() }
        target = nil
        XCTAssertEqual(changed.value, 1)
        XCTAssertNil(object.weakTestObjectValue)
    }

    func testObservationCompletesSynchronouslyAtDeinit() {
        let log = Fixture.Log<String>()
        var object: SyncTestObject? = SyncTestObject()
        object!.signal(for: \.integerValue).subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        object = nil
        XCTAssertEqual(log.all, ["next 0", "completed"])
    }

    func testSetKeyPathEndsAtDeinit() {
        let subject = Subject<Int>()
        let disposed = EndFlag()
        let source = Signal<Int>.create { subscriber in
            subject.subscribe(subscriber)
            return Disposable { disposed.set() }
        }
        var object: SyncTestObject? = SyncTestObject()
        source.setKeyPath(\.integerValue, on: object!)
        subject.sendNext(3)
        XCTAssertEqual(object?.integerValue, 3)
        XCTAssertFalse(disposed.isSet)
        object = nil
        XCTAssertTrue(disposed.isSet, "the binding's subscription ends with the object")
        subject.sendCompleted()
    }

    func testTakeDuringEndsAtDeinit() {
        let log = Fixture.Log<String>()
        let subject = Subject<Int>()
        var owner: SyncTestObject? = SyncTestObject()
        let subscription = subject.take(during: owner!.lifetime)
            .subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        subject.sendNext(1)
        owner = nil
        subject.sendNext(2)
        XCTAssertEqual(log.all, ["next 1", "completed"])
        subscription.dispose()
    }

    func testTheLifetimeEndsBeforeTheObservationsComplete() {
        let log = Fixture.Log<String>()
        do {
            let object = SyncTestObject()
            object.lifetime.disposable.add(Disposable { log.append("disposable") })
            object.lifetime.ended.subscribeCompleted { log.append("ended") }
            object.signal(for: \.integerValue).subscribeCompleted { log.append("observation completed") }
        }
        XCTAssertEqual(log.all, ["disposable", "ended", "observation completed"])
    }

    func testAKeyPathThroughAnotherObjectFollowsBothObjects() {
        let object = SyncTestObject()
        let values = Fixture.Log<String?>()
        let subscription = object.signal(for: \.strongTestObjectValue?.stringValue).subscribeNext { values.append($0) }
        let first = SyncTestObject()
        first.stringValue = "first"
        object.strongTestObjectValue = first
        first.stringValue = "first, changed"
        let second = SyncTestObject()
        second.stringValue = "second"
        object.strongTestObjectValue = second
        first.stringValue = "no longer observed"
        second.stringValue = "second, changed"
        XCTAssertEqual(values.all, [nil, "first", "first, changed", "second", "second, changed"])
        subscription.dispose()
    }

    func testAWeakPropertyChangesToNilWhenItsTargetGoesAway() {
        let object = SyncTestObject()
        let values = Fixture.Log<Bool>()
        let subscription = object.signal(for: \.weakTestObjectValue).subscribeNext { values.append($0 != nil) }
        do {
            let target = SyncTestObject()
            object.weakTestObjectValue = target
        }
        XCTAssertEqual(values.all, [false, true, false])
        subscription.dispose()
    }

    func testAComputedPropertyOverAnObservedOneIsObservedThroughIt() {
        // RVM's `active` with its equality guard.
        final class Guarded: ReactiveObject, @unchecked Sendable {
            @Observed private var stored = false
            var active: Bool {
                get { stored }
                set { if newValue != stored { stored = newValue } }
            }
        }
        let model = Guarded()
        let values = valuesSent(by: model.signal(for: \.active)) {
            model.active = true
            model.active = true
            model.active = false
        }
        XCTAssertEqual(values, [false, true, false])
    }

    func testAnAssignmentFromInsideADeliveryIsSentInOrder() {
        let object = SyncTestObject()
        let values = Fixture.Log<Int>()
        let subscription = object.signal(for: \.integerValue).subscribeNext { value in
            values.append(value)
            if value == 1 { object.integerValue = 2 }
        }
        object.integerValue = 1
        XCTAssertEqual(values.all, [0, 1, 2])
        XCTAssertEqual(object.integerValue, 2)
        subscription.dispose()
    }

    func testAnAssignmentWhileTheFirstValueIsHandledIsSentNestedAsKVODid() {
        // KVO sent the initial value from inside `addObserver`, and a change made while it was
        // handled was a nested notification.
        let object = SyncTestObject()
        let log = Fixture.Log<String>()
        let subscription = object.signal(for: \.integerValue).subscribeNext { value in
            log.append("begin \(value)")
            if value == 0 { object.integerValue = 1 }
            log.append("end \(value)")
        }
        XCTAssertEqual(log.all, ["begin 0", "begin 1", "end 1", "end 0"])
        let inner = SyncTestObject()
        object.strongTestObjectValue = inner
        let throughKeyPath = Fixture.Log<String>()
        let second = object.signal(for: \.strongTestObjectValue?.integerValue).subscribeNext { value in
            throughKeyPath.append("begin \(value ?? -1)")
            if value == 0 { inner.integerValue = 2 }
            throughKeyPath.append("end \(value ?? -1)")
        }
        XCTAssertEqual(throughKeyPath.all, ["begin 0", "begin 2", "end 2", "end 0"])
        subscription.dispose()
        second.dispose()
    }

    func testAClassWithASuperclassConformsWithAStoredCenter() {
        class Screen {}
        final class TitledScreen: Screen, SynchronouslyObservable, @unchecked Sendable {
            let observationCenter = ObservationCenter()
            @Observed var title = "untitled"
        }
        let log = Fixture.Log<String>()
        do {
            let screen = TitledScreen()
            screen.lifetime.disposable.add(Disposable { log.append("disposed") })
            screen.signal(for: \.title).subscribe(next: { log.append($0) }, completed: { log.append("completed") })
            screen.title = "Inbox"
        }
        XCTAssertEqual(log.all, ["untitled", "Inbox", "disposed", "completed"])
    }

    func testObservationNamesNameTheProperty() {
        let object = SyncTestObject()
        // Signal names are set when RAC_DEBUG_SIGNAL_NAMES is; this is the name they get.
        XCTAssertEqual(observationName(object, \.integerValue), "RACObserve(SyncTestObject, \\SyncTestObject.integerValue)")
        XCTAssertEqual(
            observationName(object, \.strongTestObjectValue?.stringValue),
            "RACObserve(SyncTestObject, \\SyncTestObject.strongTestObjectValue)")
        XCTAssertEqual(object.channelTerminal(for: \.stringValue).name, "channelTerminal(SyncTestObject, \\SyncTestObject.stringValue)")
    }

    func testADisposedObservationSendsNothingMore() {
        let object = SyncTestObject()
        let values = Fixture.Log<Int>()
        let subscription = object.signal(for: \.integerValue).subscribeNext { values.append($0) }
        subscription.dispose()
        object.integerValue = 1
        XCTAssertEqual(values.all, [0])
    }

    func testAnotherPropertyAssignedFromInsideADeliveryLeavesTheRestTheAssignedValue() {
        // The count of nested assignments is the object's: an observer assigning another
        // property moves it too, and the observers after it are sent the property's value read
        // again — the one assigned — once each, in subscription order.
        let object = SyncTestObject()
        let log = Fixture.Log<String>()
        let first = object.signal(for: \.integerValue).subscribeNext { value in
            log.append("first \(value)")
            if value == 1 { object.stringValue = "changed" }
        }
        let strings = object.signal(for: \.stringValue).subscribeNext { log.append("string \($0 ?? "nil")") }
        let second = object.signal(for: \.integerValue).subscribeNext { log.append("second \($0)") }
        object.integerValue = 1
        XCTAssertEqual(log.all, [
            "first 0", "string nil", "second 0",
            "first 1", "string changed", "second 1",
        ])
        object.integerValue = 2
        XCTAssertEqual(log.all.suffix(2), ["first 2", "second 2"])
        first.dispose()
        strings.dispose()
        second.dispose()
    }

    func testAnObserverDisposedFromInsideAnEarlierOnesDeliveryIsSentNothingMore() {
        // The delivery goes to the observers the assignment found (a copy, whose elements the
        // loop borrows): one disposed from inside an earlier observer's delivery leaves the
        // hook at once but stays in the copy, is skipped (its disposal is seen before its
        // turn), and is released after the loop.
        let object = SyncTestObject()
        let log = Fixture.Log<String>()
        let second = SerialDisposable()
        let first = object.signal(for: \.integerValue).subscribeNext { value in
            log.append("first \(value)")
            if value == 1 { second.dispose() }
        }
        second.disposable = object.signal(for: \.integerValue).subscribeNext { log.append("second \($0)") }
        object.integerValue = 1
        object.integerValue = 2
        XCTAssertEqual(log.all, ["first 0", "second 0", "first 1", "first 2"])
        first.dispose()
    }

    func testWithASchedulerValuesAreDeliveredOnIt() {
        let scheduler = TestScheduler()
        let object = SyncTestObject()
        let values = Fixture.Log<Int>()
        let subscription = object.signal(for: \.integerValue, on: scheduler).subscribeNext { values.append($0) }
        object.integerValue = 1
        object.integerValue = 2
        XCTAssertEqual(values.all, [])
        scheduler.run()
        XCTAssertEqual(values.all, [0, 1, 2])
        subscription.dispose()
    }
}
