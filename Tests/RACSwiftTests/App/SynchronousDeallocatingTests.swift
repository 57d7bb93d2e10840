// ReactiveObjC's NSObjectRACDeallocatingSpec, ported against `ReactiveObject` (whose
// `lifetime` is `rac_deallocDisposable` / `rac_willDeallocSignal`) and `Lifetime.Token` (any
// class): one test per `it`.
//
// Skipped, as they need the Objective-C runtime:
// - "-dealloc swizzling: should not invoke superclass -dealloc method twice" and "should invoke
//   superclass -dealloc method swizzled in after the subclass": they swizzle `-dealloc` with
//   `class_replaceMethod`; Swift has no method swizzling, and RACSwift needs none (the lifetime
//   ends from `ReactiveObject`'s own `deinit`).
import Foundation
import XCTest
@testable import RACSwift

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class SynchronousDeallocatingTests: RACTestCase {
    // MARK: -rac_deallocDisposable

    func testShouldDisposeOfTheDisposableWhenItIsDeallocated() {
        let wasDisposed = EndFlag()
        do {
            let object = SyncTestObject()
            object.lifetime.disposable.add(Disposable { wasDisposed.set() })
            XCTAssertFalse(wasDisposed.isSet)
        }
        XCTAssertTrue(wasDisposed.isSet)
    }

    func testShouldDisposeOfTheDisposableWhenAnyClassHoldingAToken() {
        // Any class: one stored token (Linux has no deallocation hook to attach it to).
        final class Plain {
            let token = Lifetime.Token()
        }
        let wasDisposed = EndFlag()
        do {
            let object = Plain()
            object.token.lifetime.disposable.add(Disposable { wasDisposed.set() })
            XCTAssertFalse(wasDisposed.isSet)
        }
        XCTAssertTrue(wasDisposed.isSet)
    }

    func testShouldBeAbleToUseTheObjectDuringDisposal() {
        let seen = Fixture.Locked<Int?>(nil)
        do {
            let object = SyncTestObject()
            object.objectValue = 42
            // RAC's __unsafe_unretained: the lifetime ends in ReactiveObject's deinit, before
            // the object's stored properties are destroyed.
            unowned(unsafe) let unretained = object
            object.lifetime.disposable.add(Disposable { seen.value = unretained.objectValue })
        }
        XCTAssertEqual(seen.value, 42)
    }

    // MARK: -rac_willDeallocSignal

    func testShouldCompleteOnDealloc() {
        let completed = EndFlag()
        do {
            SyncTestObject().lifetime.ended.subscribeCompleted { completed.set() }
        }
        XCTAssertTrue(completed.isSet)
    }

    func testShouldNotSendAnything() {
        // `ended` is a Signal<Never>: no value can be sent; its events, materialized, are the
        // completion only.
        let events = Fixture.Log<String>()
        do {
            SyncTestObject().lifetime.ended.materialize().subscribeNext { events.append("\($0)") }
        }
        XCTAssertEqual(events.all.count, 1)
        XCTAssertTrue(events.all.first?.contains("completed") ?? false, "\(events.all)")
    }

    func testShouldCompleteUponSubscriptionIfAlreadyDeallocated() {
        let deallocated = EndFlag()
        var signal: Signal<Never>!
        do {
            let object = SyncTestObject()
            signal = object.lifetime.ended
            signal.subscribeCompleted { deallocated.set() }
        }
        XCTAssertTrue(deallocated.isSet)
        let lateCompleted = EndFlag()
        signal.subscribeCompleted { lateCompleted.set() }
        XCTAssertTrue(lateCompleted.isSet)
    }

    func testShouldCompleteBeforeTheObjectIsInvalid() {
        let objectValue = Fixture.Locked<Int?>(nil)
        do {
            let object = SyncTestObject()
            object.objectValue = 7
            unowned(unsafe) let unretained = object
            object.lifetime.ended.subscribeCompleted { objectValue.value = unretained.objectValue }
        }
        XCTAssertEqual(objectValue.value, 7)
    }
}
