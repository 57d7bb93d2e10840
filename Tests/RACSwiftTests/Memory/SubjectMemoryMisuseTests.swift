#if DEBUG
import Foundation
@testable import RACSwift
import Testing

/// The debug checks of the subjects' memory primitives (SubscriptionGate and the subject's
/// try-retain, ManuallyRetained, SubjectEntryList): each stops the process, in a child process,
/// when the invariant its file states is broken; and the normal use they guard works.
@Suite("The subjects' memory primitives check their invariants")
struct SubjectMemoryMisuseTests {
    final class Probe: @unchecked Sendable {}

    // MARK: SubscriptionGate

    @Test func aGateOpenedTwiceStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let gate = SubscriptionGate()
            gate.openGate()
            gate.openGate()
        }
        expectStandardError(result, contains: "SubscriptionGate: opened twice")
    }

    @Test func aGateClosedTwiceStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let gate = SubscriptionGate()
            gate.openGate()
            _ = gate.closeGate()
            _ = gate.closeGate()
        }
        expectStandardError(result, contains: "SubscriptionGate: closed twice")
    }

    @Test func aGateClosedWithoutBeingOpenedStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SubscriptionGate().closeGate()
        }
        expectStandardError(result, contains: "SubscriptionGate: closed without being opened")
    }

    @Test func aVisitRetainsTheObjectOnlyWhileTheGateIsOpen() {
        let gate = SubscriptionGate()
        let object = Probe()
        let reference = UnretainedReference(object)
        let beforeOpening = gate.visitRetaining(reference)
        #expect(!beforeOpening, "a closed gate lets nobody in")
        gate.openGate()
        let whileOpen = gate.visitRetaining(reference)
        #expect(whileOpen)
        #expect(reference.takeRetainedObject() === object)
        let visitorInside = gate.closeGate()
        #expect(!visitorInside, "no visitor is inside once the visit has returned")
        let afterClosing = gate.visitRetaining(reference)
        #expect(!afterClosing)
    }

    @Test func theTryRetainFailsOnceTheDeinitHasBegun() {
        // What a disposer racing the subject's deinit meets: the gate still open (the deinit
        // waits for it), the object being deinitialized.
        final class Watched: @unchecked Sendable {
            let gate = SubscriptionGate()
            // Made before the deinit, as a subscription's is (a debug build's reference keeps a
            // weak shadow, which cannot be formed during a deinit).
            var reference: UnretainedReference<Watched>?
            deinit {
                Self.results.append(gate.visitRetaining(reference!))
            }
            nonisolated(unsafe) static var results: [Bool] = []
        }
        do {
            let watched = Watched()
            watched.reference = UnretainedReference(watched)
            watched.gate.openGate()
        }
        #expect(Watched.results == [false])
    }

    // MARK: ManuallyRetained

    @Test func aManualRetainReleasedTwiceStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let object = Probe()
            // The balance is process-wide: start from a count of zero in the child.
            while manuallyRetainedOutstanding.value > 0 { _ = manuallyRetainedOutstanding.add(-1) }
            let retained = ManuallyRetained.retain(object)
            retained.release()
            _ = object  // still held here: the second release is the bug, not a crash of its own
            let again = ManuallyRetained.retain(object)
            again.release()
            again.release()
        }
        expectStandardError(result, contains: "ManuallyRetained: released more often than retained")
    }

    // MARK: SubjectEntryList

    @Test func aListChangedWhileASendWalksItStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = Subject<Int>()
            var list = SubjectEntryList()
            list.append(SubjectEntry<Subject<Int>>(subject: subject))
            list.append(SubjectEntry<Subject<Int>>(subject: subject))
            let walked = list
            walked.forEachUnretained { entry in list.append(entry) }
        }
        expectStandardError(result, contains: "SubjectEntryList: an entry appended while a send walks the list")
    }

    @Test func aListFreedWhileASendWalksItStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = Subject<Int>()
            var list = SubjectEntryList()
            list.append(SubjectEntry<Subject<Int>>(subject: subject))
            let walked = list
            walked.forEachUnretained { _ in list.free() }
        }
        expectStandardError(result, contains: "SubjectEntryList: the list freed while a send walks the list")
    }

    @Test func aCopyMayChangeWhileTheOriginalIsWalked() {
        // What `Subject.willChangeEntries` does: the walk goes on over the retired list while
        // the change goes to a copy of its own.
        let subject = Subject<Int>()
        var list = SubjectEntryList()
        list.append(SubjectEntry<Subject<Int>>(subject: subject))
        var copy = list.copy()
        var walked = 0
        list.forEachUnretained { entry in
            walked += 1
            copy.append(entry)
        }
        #expect(walked == 1)
        #expect(copy.count == 2)
        copy.free()
        list.free()
    }
}
#endif
