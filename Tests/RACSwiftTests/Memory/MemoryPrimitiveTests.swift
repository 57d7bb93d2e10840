import Foundation
@testable import RACSwift
import XCTest

/// The memory fence's small primitives (Sources/RACSwift/Memory/, issue 39) doing what their
/// invariants promise when used by their rules: `UnretainedReference` keeps its object alive
/// exactly while a manual retain is outstanding, the current-scheduler slot names the
/// scheduler running a block and is put back after, `SoleReference` tells an object reachable
/// through one reference from one that is not, and the unchecked casts return their input.
/// (What each debug check stops: `MemoryFenceMisuseTests`.)
final class MemoryPrimitiveTests: RACTestCase {
    private final class Tracked {
        let released: Fixture.Log<String>
        init(_ released: Fixture.Log<String>) { self.released = released }
        deinit { released.append("freed") }
    }

    // MARK: UnretainedReference

    func testAnUnretainedReferenceDoesNotKeepItsObjectAlive() {
        let released = Fixture.Log<String>()
        var object: Tracked? = Tracked(released)
        let reference = UnretainedReference(object!)
        XCTAssertTrue(reference.object === object)
        object = nil
        XCTAssertEqual(released.all, ["freed"])
        _ = reference
    }

    func testARetainingReferenceKeepsItsObjectAliveUntilItsRelease() {
        let released = Fixture.Log<String>()
        var reference: UnretainedReference<Tracked>? = .retaining(Tracked(released))
        XCTAssertEqual(released.all, [])
        // Copies stand for one reference: a retain taken through one is given back through another.
        let copy = reference!
        copy.retain()
        reference!.release()
        XCTAssertEqual(released.all, [], "one retain still outstanding")
        XCTAssertEqual(copy.withObject { $0.released.all }, [])
        copy.release()
        XCTAssertEqual(released.all, ["freed"])
        reference = nil
    }

    func testWithObjectLendsTheObjectItself() {
        let object = Tracked(Fixture.Log<String>())
        let reference = UnretainedReference(object)
        XCTAssertTrue(reference.withObject { $0 } === object)
    }

    // MARK: Borrowed elements

    func testWithBorrowedElementLendsEachElementItselfInOrder() {
        let objects: ContiguousArray<Tracked> = [Tracked(Fixture.Log<String>()), Tracked(Fixture.Log<String>())]
        XCTAssertTrue(objects.withBorrowedElement(at: 0) { $0 } === objects[0])
        XCTAssertTrue(objects.withBorrowedElement(at: 1) { $0 } === objects[1])
    }

    func testABorrowedElementOfALocalCopyOutlivesItsRemovalFromTheOriginal() {
        // The delivery loop's case: the observers are a copy, and an observer leaves the hook's
        // array from inside its own call.
        let released = Fixture.Log<String>()
        var original: ContiguousArray<Tracked>? = [Tracked(released)]
        let copy = original!
        copy.withBorrowedElement(at: 0) { element in
            original = nil
            XCTAssertEqual(released.all, [], "the copy keeps the element alive")
            XCTAssertEqual(element.released.all, [])
        }
        XCTAssertEqual(released.all, [])
        _ = copy
    }

    // MARK: Borrowed fields

    private protocol Probe: AnyObject {}
    private final class ProbeObject: Probe {}
    private final class ProbeHolder {
        let probe: any Probe = ProbeObject()
        let tracked: Tracked
        init(_ tracked: Tracked) { self.tracked = tracked }
    }

    func testWithKnownClassBorrowedLendsTheFieldsObjectAsItsClass() {
        let holder = ProbeHolder(Tracked(Fixture.Log<String>()))
        // An existential field, opened in place (map's step reads `MapSink.downstream` so).
        let lent = withKnownClassBorrowed(holder.probe, as: ProbeObject.self) { $0 }
        XCTAssertTrue(lent === holder.probe)
        XCTAssertTrue(withKnownClassBorrowed(holder.tracked, as: Tracked.self) { $0 } === holder.tracked)
    }

    func testWithKnownClassBorrowedReturnsWhatTheBodyReturnsAndTakesNoReference() {
        let released = Fixture.Log<String>()
        var holder: ProbeHolder? = ProbeHolder(Tracked(released))
        let count = withKnownClassBorrowed(holder!.tracked, as: Tracked.self) { $0.released.all.count }
        XCTAssertEqual(count, 0)
        holder = nil
        XCTAssertEqual(released.all, ["freed"], "the borrow kept no reference to the object")
    }

    // MARK: The current-scheduler slot

    func testTheSlotNamesTheSchedulerRunningABlockAndIsPutBackAfter() {
        let outer = TestScheduler()
        let inner = TestScheduler()
        let seen = Fixture.Log<String>()
        let done = expectation(description: "thread done")
        // A thread of its own: the main thread adopts the main scheduler.
        Thread {
            seen.append("before: \(CurrentScheduler.get().map { $0 === outer } as Any)")
            outer.performAsCurrentScheduler {
                seen.append("outer: \(CurrentScheduler.get() === outer)")
                inner.performAsCurrentScheduler { seen.append("inner: \(CurrentScheduler.get() === inner)") }
                seen.append("outer again: \(CurrentScheduler.get() === outer)")
            }
            seen.append("after: \(CurrentScheduler.isSet)")
            done.fulfill()
        }.start()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(seen.all, ["before: nil", "outer: true", "inner: true", "outer again: true", "after: false"])
    }

    // MARK: SoleReference

    func testSoleReferenceTellsAnObjectReachableOnlyThroughOneReference() {
        var object = Tracked(Fixture.Log<String>())
        XCTAssertTrue(SoleReference.isOnlyStrongReference(&object))
        XCTAssertTrue(SoleReference.hasNoWeakOrUnownedReferences(object))
        do {
            let other = object
            XCTAssertFalse(SoleReference.isOnlyStrongReference(&object))
            withExtendedLifetime(other) {}
        }
        weak let observer = object
        XCTAssertFalse(SoleReference.hasNoWeakOrUnownedReferences(object))
        withExtendedLifetime(observer) {}
    }

    // MARK: Unchecked casts

    func testTheUncheckedCastAndUnwrapReturnTheirInput() {
        let signal: Signal<Int> = .return(3)
        XCTAssertTrue(knownClassCast(signal, to: type(of: signal)) === signal)
        XCTAssertEqual(Optional(4).uncheckedValue, 4)
    }
}
