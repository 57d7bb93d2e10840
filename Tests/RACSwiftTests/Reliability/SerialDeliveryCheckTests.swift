#if DEBUG
import Foundation
import RACSwift
import Testing

/// The debug builds' serial-delivery check (Core/SerialDeliveryCheck.swift), in a child
/// process (as `MisuseTests`): a signal that breaks the contract into its subscriber stops the
/// program with a message naming the signal and the kind of violation. The sources here are
/// hand-written signals — the check sits in the library's subscriptions, so each goes through
/// `map`, whose sink forwards without a lock, as every single-input operator does.
/// Not run when the suite runs unwrapped (`RACSWIFT_UNWRAPPED=1`, the check off; CI's second run).
@Suite(
    "The serial-delivery check stops a debug build at a contract violation",
    .disabled(if: ProcessInfo.processInfo.environment["RACSWIFT_UNWRAPPED"] == "1",
              "RACSWIFT_UNWRAPPED=1 turns the check off"))
struct SerialDeliveryCheckTests {
    /// A hand-written signal that runs `body` with its subscriber, breaking whatever it likes.
    final class Unruly: Signal<Int>, @unchecked Sendable {
        let body: @Sendable (any Subscriber<Int>) -> Void
        init(_ body: @escaping @Sendable (any Subscriber<Int>) -> Void) { self.body = body }

        override func subscribe(_ subscriber: some Subscriber<Int>) -> Disposable {
            let disposable = CompoundDisposable()
            subscriber.didSubscribe(with: disposable)
            body(subscriber)
            return disposable
        }
    }

    @Test func aValueAfterCompletionStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Unruly { subscriber in
                subscriber.sendCompleted()
                subscriber.sendNext(1)
            }.map { $0 * 2 }.setName("doubled").subscribe(next: { _ in })
        }
        expectStandardError(result, contains: "RACSwift contract violation: doubled → ")
        expectStandardError(result, contains: "sendNext after sendCompleted (contract §2: nothing follows a terminal event)")
    }

    @Test func aSecondTerminalEventStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Failure: Error {}
            _ = Unruly { subscriber in
                subscriber.sendError(Failure())
                subscriber.sendCompleted()
            }.map { $0 }.subscribe(error: { _ in })
        }
        expectStandardError(result, contains: "sendCompleted after sendError (contract §2: nothing follows a terminal event)")
    }

    @Test func twoDeliveriesAtOnceFromTwoThreadsStopTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Two threads send into the subscriber with nothing serializing them; each
            // delivery lasts seconds, so the second arrives while the first is in progress.
            _ = Unruly { subscriber in
                for value in 0..<2 {
                    Thread { subscriber.sendNext(value) }.start()
                }
            }.map { $0 }.subscribe(next: { _ in Thread.sleep(forTimeInterval: 5) })
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 30)
        }
        expectStandardError(result, contains: "while a delivery is in progress on thread")
        expectStandardError(result, contains: "(contract §1: events are serialized)")
    }

    @Test func aNestedDeliveryOnTheSameThreadIsAllowed() {
        // A subscriber that sends into its source from inside a delivery gets a nested one, on
        // the same thread: that is RAC's behaviour, not a violation.
        let subject = Subject<Int>()
        let seen = Fixture.Log<Int>()
        let subscription = subject.map { $0 }.subscribe(next: { value in
            seen.append(value)
            if value == 1 { subject.sendNext(2) }
        })
        subject.sendNext(1)
        subscription.dispose()
        #expect(seen.all == [1, 2])
    }
}
#endif
