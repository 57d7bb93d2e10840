#if DEBUG
import Foundation
@testable import RACSwift
import Testing

/// The debug checks of the memory fence's primitives (Sources/RACSwift/Memory/, issue 39): each
/// stops the process with its message when the invariant its file states is broken — in a child
/// process (Swift Testing exit tests), as the misuse tests do. The checks are compiled out of
/// release builds, so these tests exist in debug builds only.
@Suite("The memory primitives' debug checks stop a broken invariant")
struct MemoryFenceMisuseTests {
    // MARK: UnretainedReference

    @Test func unretainedReferenceStopsAReleaseWithNoRetainOutstanding() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let object = FenceProbe()
            let reference = UnretainedReference(object)
            reference.release()
            withExtendedLifetime(object) {}
        }
        expectStandardError(
            result, contains: "UnretainedReference<FenceProbe>.release(): released with no retain outstanding")
    }

    @Test func unretainedReferenceStopsASecondReleaseOfItsOnlyRetain() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let object = FenceProbe()
            let reference = UnretainedReference.retaining(object)
            let copy = reference
            reference.release()
            copy.release()
            withExtendedLifetime(object) {}
        }
        expectStandardError(
            result, contains: "UnretainedReference<FenceProbe>.release(): released with no retain outstanding")
    }

    @Test func unretainedReferenceStopsAUseAfterTheObjectWasFreed() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var object: FenceProbe? = FenceProbe()
            let reference = UnretainedReference(object!)
            object = nil
            reference.withObject { _ in }
        }
        expectStandardError(result, contains: "UnretainedReference<FenceProbe>: the object was used after it was freed")
    }

    // MARK: Borrowed elements

    @Test func withBorrowedElementStopsABorrowWhoseElementWasFreed() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Stands for a borrow from an array that the body lets go of (a stored property read
            // without its lock): the element's last reference goes while it is borrowed. (Safe
            // Swift cannot do it: the array value the method is called on stays alive.)
            let elements: ContiguousArray<FenceProbe> = [FenceProbe()]
            elements.withBorrowedElement(at: 0) { element in Unmanaged.passUnretained(element).release() }
        }
        expectStandardError(result, contains: "withBorrowedElement(at:): the element was freed while borrowed")
    }

    // MARK: Borrowed fields

    @Test func withKnownClassBorrowedStopsAnotherClass() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            withKnownClassBorrowed(FenceProbe(), as: OtherFenceProbe.self) { _ in }
        }
        expectStandardError(result, contains: "withKnownClassBorrowed(_:as:_:): a FenceProbe is not a OtherFenceProbe")
    }

    @Test func withKnownClassBorrowedStopsABorrowWhoseObjectWasFreed() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Stands for a field that the body lets go of (a `var`, or a field of an object the
            // body frees): the object's last reference, the caller's temporary here, goes while
            // it is borrowed.
            withKnownClassBorrowed(FenceProbe(), as: FenceProbe.self) { probe in
                Unmanaged.passUnretained(probe).release()
            }
        }
        expectStandardError(result, contains: "withKnownClassBorrowed(_:as:_:): the object was freed while borrowed")
    }

    // MARK: ThreadAddress

    #if !canImport(Darwin)
    @Test func threadAddressStopsASecondLiveThreadReadingTheSameAddress() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let owned = ThreadAddress.current
            // A thread that has read no address yet, while this one (its owner) is alive.
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                ThreadAddress.debugCheck(owned)
                done.signal()
            }
            done.wait()
        }
        expectStandardError(result, contains: "ThreadAddress.current: two live threads read the same address")
    }

    @Test func threadAddressStopsAThreadWhoseAddressMoved() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let address = ThreadAddress.current
            ThreadAddress.debugCheck(address &+ 8)
        }
        expectStandardError(result, contains: "ThreadAddress.current: this thread's address moved")
    }
    #endif

    // MARK: DisposableContent

    @Test func disposableContentStopsAnActionReadAsChildren() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var content = DisposableContent(action: {})
            _ = content.takeFirst()
        }
        expectStandardError(result, contains: "DisposableContent.takeFirst(): the words hold action")
    }

    @Test func disposableContentStopsChildrenReadAsAnAction() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var content = DisposableContent()
            content.setFirst(Disposable())
            _ = content.takeAction()
        }
        expectStandardError(result, contains: "DisposableContent.takeAction(): the words hold children")
    }

    // MARK: The current-scheduler slot

    @Test func currentSchedulerSlotStopsAReadOfAFreedScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Set and never put back, then freed: the slot would name freed memory.
            var scheduler: TestScheduler? = TestScheduler()
            CurrentScheduler.set(scheduler)
            scheduler = nil
            _ = CurrentScheduler.get()
        }
        expectStandardError(
            result, contains: "CurrentScheduler.get(): the current scheduler was freed while still current")
    }

    // MARK: Unchecked casts

    @Test func knownClassCastStopsAnotherClass() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = knownClassCast(FenceProbe(), to: OtherFenceProbe.self)
        }
        expectStandardError(result, contains: "knownClassCast(_:to:): a FenceProbe is not a OtherFenceProbe")
    }

    @Test func uncheckedValueStopsNil() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = fenceMissingNumber().uncheckedValue
        }
        expectStandardError(result, contains: "Optional.uncheckedValue: nil where a value was promised")
    }

    // MARK: RingBuffer

    @Test func ringBufferStopsABrokenInvariant() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let ring = RingBuffer<Int>()
            ring.append(1)
            ring.head = 9
            ring.checkInvariants()
        }
        expectStandardError(result, contains: "RingBuffer: broken invariant (head 9, count 1, capacity 4)")
    }

    @Test func ringBufferStopsARemovalFromAnEmptyRing() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let ring = RingBuffer<Int>()
            ring.append(1)
            ring.removeFirst()
            ring.removeFirst()
        }
        expectStandardError(result, contains: "RingBuffer.removeFirst(): the buffer is empty")
    }

    @Test func ringBufferStopsAReadPastItsCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let ring = RingBuffer<Int>()
            ring.append(1)
            _ = ring.element(at: 1)
        }
        expectStandardError(result, contains: "RingBuffer.element(at:): offset 1 out of range")
    }

    // MARK: IndexedChildren

    @Test func indexedChildrenStopsACompactionThatLostAChild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let children = IndexedChildren([Disposable(), Disposable()])
            // As if `compact` had kept one of its two live children.
            children.checkCompaction(kept: 1, count: 2)
        }
        expectStandardError(result, contains: "IndexedChildren.compact(): kept 1 children of 2 slots, 2 live")
    }

    // MARK: The pthread layer

    #if !canImport(Darwin) && !RACSWIFT_TSAN
    @Test func parkingLotBucketStopsAnUnlockByAThreadNotHoldingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ParkingLot.shared.buckets[0].unlock()
        }
        expectStandardError(result, contains: "ParkingLot.Bucket.unlock(): pthread error 1")
    }
    #endif

    #if RACSWIFT_TSAN
    @Test func pthreadMutexStopsAnUnlockByAThreadNotHoldingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            PthreadMutex(recursive: false).unlock()
        }
        expectStandardError(result, contains: "PthreadMutex.unlock(): pthread error 1")
    }

    @Test func pthreadMutexStopsARelockByItsHolder() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let mutex = PthreadMutex(recursive: false)
            mutex.lock()
            mutex.lock()
        }
        expectStandardError(result, contains: "PthreadMutex.lock(): pthread error")
    }
    #endif
}

final class FenceProbe {}
final class OtherFenceProbe {}

// Out of the optimizer's sight, so that nothing is folded at compile time.
@inline(never) func fenceMissingNumber() -> Int? { nil }
#endif
