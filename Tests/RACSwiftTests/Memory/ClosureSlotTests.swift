#if DEBUG
import Foundation
@testable import RACSwift
import Testing

/// `ClosureSlot` (Memory/ClosureSlot.swift), the closure of a subject's `subscribeNext` entry:
/// calls reach the closure, taking it lets go of its captures exactly when what the take handed
/// back is released, and its debug checks stop the process (in a child process) when the
/// invariants its file states are broken.
@Suite("ClosureSlot calls its closure borrowed and lets go of it by hand")
struct ClosureSlotTests {
    final class Probe: @unchecked Sendable {
        var values: [Int] = []
    }

    @Test func callsReachTheClosureAndTheTakeHandsBackWhatKeepsItsCaptures() {
        weak var gone: Probe?
        var slot: ClosureSlot<Int>
        do {
            let probe = Probe()
            gone = probe
            slot = ClosureSlot { probe.values.append($0) }
        }
        slot.call(1)
        slot.call(2)
        #expect(gone?.values == [1, 2])
        let heldBefore = slot.isHeld
        let taken = slot.take()
        let heldAfter = slot.isHeld
        #expect(heldBefore && !heldAfter)
        #expect(taken != nil)
        // Taken, not yet released: the captures are alive.
        #expect(gone != nil)
        taken?.release()
        #expect(gone == nil)
        let again = slot.take()
        #expect(again == nil)
    }

    @Test func aClosureTakenAsAClosureKeepsWorking() {
        let probe = Probe()
        var slot = ClosureSlot<Int> { probe.values.append($0) }
        let closure = slot.takeClosure()
        let held = slot.isHeld
        #expect(!held)
        closure?(3)
        #expect(probe.values == [3])
        let again = slot.takeClosure()
        #expect(again == nil)
    }

    @Test func aSubscribeNextClosureGoesWhenTheHeldSubscriptionIsDisposed() {
        // The subject's use: the entry (the disposable) outlives the closure.
        weak var gone: Probe?
        let subject = Subject<Int>()
        let subscription: Disposable
        do {
            let probe = Probe()
            gone = probe
            subscription = subject.subscribeNext { probe.values.append($0) }
        }
        subject.sendNext(1)
        #expect(gone?.values == [1])
        subscription.dispose()
        #expect(gone == nil)
        subject.sendNext(2)
        withExtendedLifetime(subscription) {}
    }

    @Test func aSubscribeNextClosureDisposingItselfIsReleasedAfterTheSend() {
        weak var gone: Probe?
        let subject = Subject<Int>()
        let box = DisposableBox()
        do {
            let probe = Probe()
            gone = probe
            box.disposable = subject.subscribeNext { value in
                probe.values.append(value)
                box.disposable?.dispose()
                box.aliveDuringItsOwnDisposal = probe.values == [value]
            }
        }
        subject.sendNext(7)
        #expect(box.aliveDuringItsOwnDisposal)
        #expect(gone == nil)
    }

    final class DisposableBox: @unchecked Sendable {
        var disposable: Disposable?
        var aliveDuringItsOwnDisposal = false
    }

    @Test func aCallOnATakenSlotStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var slot = ClosureSlot<Int> { _ in }
            slot.take()?.release()
            slot.call(1)
        }
        expectStandardError(result, contains: "ClosureSlot.call: the closure was taken")
    }

    @Test func aClosureReleasedWhileItRunsStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Holder: @unchecked Sendable { @exclusivity(unchecked) var slot: ClosureSlot<Int>? }
            let holder = Holder()
            let probe = Probe()
            holder.slot = ClosureSlot { _ in
                // The bug the subject avoids by keeping the taken context until its send ends.
                holder.slot!.take()?.release()
                _ = probe
            }
            holder.slot!.call(1)
        }
        expectStandardError(result, contains: "ClosureSlot: the closure was released while a call through it was running")
    }
}
#endif
