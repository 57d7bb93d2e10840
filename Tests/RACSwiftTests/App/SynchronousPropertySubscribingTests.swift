// ReactiveObjC's NSObjectRACPropertySubscribingSpec and NSObjectRACPropertySubscribingExamples,
// ported against a synchronously observed model (`ReactiveObject` with `@Observed`
// properties): one test per `it`. `rac_valuesForKeyPath:observer:` is `signal(for:)` ended by
// the observer's lifetime (`take(during:)`).
//
// Skipped, as they need the Objective-C runtime:
// - "+rac_signalWithChangesFor:keyPath:options:observer: KVO options argument" (7 its: sends a
//   KVO dictionary, a kind key, NSKeyValueObservingOptionNew/Prior/Old/Initial values, index
//   changes of KVC collection proxies): they test KVO's change dictionaries, which Swift
//   observation has no equivalent of (it sends the value only).
// The "mutating collections" group uses KVC's mutable collection proxies
// (`mutableOrderedSetValueForKey:`); its three cases are ported as in-place mutations of an
// `@Observed` array, Swift's way to insert, remove and replace elements of a property.
import Foundation
import XCTest
@testable import RACSwift

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class SynchronousPropertySubscribingTests: RACTestCase {
    // MARK: -rac_valuesAndChangesForKeyPath:options:observer:

    func testShouldCompleteImmediatelyIfTheReceiverHasDeallocated() {
        var signal: Signal<Int?>!
        do {
            let object = SyncTestObject()
            signal = object.signal(for: \.objectValue)
        }
        let completed = EndFlag()
        signal.subscribeCompleted { completed.set() }
        XCTAssertTrue(completed.isSet)
    }

    func testShouldCompleteImmediatelyIfTheObserverHasDeallocated() {
        let object = SyncTestObject()
        var signal: Signal<Int?>!
        do {
            let observer = SyncTestObject()
            signal = object.signal(for: \.objectValue).take(during: observer.lifetime)
        }
        let completed = EndFlag()
        signal.subscribeCompleted { completed.set() }
        XCTAssertTrue(completed.isSet)
    }

    // MARK: RACPropertySubscribingExamples

    /// The examples' setup: an object whose value is 0, with its value signal subscribed.
    private func subscribedObject() -> (SyncTestObject, Fixture.Log<Int?>, Disposable) {
        let object = SyncTestObject()
        let signal = object.signal(for: \.objectValue)
        let values = Fixture.Log<Int?>()
        object.objectValue = 0
        let subscription = signal.subscribeNext { values.append($0) }
        return (object, values, subscription)
    }

    func testShouldSendTheCurrentValueOnceOnSubscription() {
        let (_, values, subscription) = subscribedObject()
        XCTAssertEqual(values.all, [0])
        subscription.dispose()
    }

    func testShouldSendTheNewValueWhenItChanges() {
        let (object, values, subscription) = subscribedObject()
        XCTAssertEqual(values.all, [0])
        object.objectValue = 1
        XCTAssertEqual(values.all, [0, 1])
        subscription.dispose()
    }

    func testShouldStopObservingWhenDisposed() {
        let (object, values, subscription) = subscribedObject()
        object.objectValue = 1
        XCTAssertEqual(values.all, [0, 1])
        subscription.dispose()
        object.objectValue = 2
        XCTAssertEqual(values.all, [0, 1])
    }

    func testShouldNotSendAnyMoreValuesAfterTheObserverIsGone() {
        let observerDeallocated = EndFlag()
        let object = SyncTestObject()
        let values = Fixture.Log<Int?>()
        do {
            let observer = SyncTestObject(settingOnDeallocation: observerDeallocated)
            let signal = object.signal(for: \.objectValue).take(during: observer.lifetime)
            object.objectValue = 1
            signal.subscribeNext { values.append($0) }
        }
        XCTAssertTrue(observerDeallocated.isSet)
        XCTAssertEqual(values.all, [1])
        object.objectValue = 2
        XCTAssertEqual(values.all, [1])
    }

    func testShouldNotKeepEitherObjectAliveUnnaturallyLong() {
        let objectDeallocated = EndFlag()
        let scopeObjectDeallocated = EndFlag()
        do {
            let object = SyncTestObject(settingOnDeallocation: objectDeallocated)
            let scopeObject = SyncTestObject(settingOnDeallocation: scopeObjectDeallocated)
            object.signal(for: \.objectValue).take(during: scopeObject.lifetime).subscribeNext { _ in }
        }
        XCTAssertTrue(objectDeallocated.isSet)
        XCTAssertTrue(scopeObjectDeallocated.isSet)
    }

    func testShouldNotKeepTheSignalAlivePastTheLifetimeOfTheObject() {
        let objectDeallocated = EndFlag()
        weak var weakSignal: Signal<Int?>?
        do {
            let object = SyncTestObject(settingOnDeallocation: objectDeallocated)
            let signal = object.signal(for: \.objectValue).map { $0 }
            weakSignal = signal
            signal.subscribeNext { _ in }
        }
        // RAC waits for the signal's deallocation (toEventually); here it is synchronous.
        XCTAssertNil(weakSignal)
        XCTAssertTrue(objectDeallocated.isSet)
    }

    func testShouldNotCrashWhenTheValueIsChangedOnADifferentQueue() {
        let value = Fixture.Locked<Int?>(nil)
        do {
            let object = SyncTestObject()
            let subscription = object.signal(for: \.objectValue).subscribeNext { value.value = $0 }
            let queue = OperationQueue()
            queue.addOperation { object.objectValue = 1 }
            queue.waitUntilAllOperationsAreFinished()
            // Sent on the queue's thread, before the operation finished: no waiting needed.
            XCTAssertEqual(value.value, 1)
            subscription.dispose()
        }
    }

    // MARK: mutating collections

    private func observedCollection() -> (SyncTestObject, Fixture.Locked<[Int]?>, Disposable) {
        let object = SyncTestObject()
        object.orderedSetValue = [1]
        let lastValue = Fixture.Locked<[Int]?>(nil)
        let subscription = object.signal(for: \.orderedSetValue).subscribeNext { lastValue.value = $0 }
        return (object, lastValue, subscription)
    }

    func testSendsTheNewestObjectWhenInsertingValuesIntoAnObservedObject() {
        let (object, lastValue, subscription) = observedCollection()
        object.orderedSetValue.append(2)
        XCTAssertEqual(lastValue.value, [1, 2])
        subscription.dispose()
    }

    func testSendsTheNewestObjectWhenRemovingValuesInAnObservedObject() {
        let (object, lastValue, subscription) = observedCollection()
        object.orderedSetValue.removeAll()
        XCTAssertEqual(lastValue.value, [])
        subscription.dispose()
    }

    func testSendsTheNewestObjectWhenReplacingValuesInAnObservedObject() {
        let (object, lastValue, subscription) = observedCollection()
        object.orderedSetValue[0] = 2
        XCTAssertEqual(lastValue.value, [2])
        subscription.dispose()
    }
}
