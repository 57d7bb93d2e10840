// Specta's shared examples (`sharedExamplesFor` / `itShouldBehaveLike`, as ReactiveObjC's
// RACStreamExamples share the stream operators' examples between signals and sequences) in
// Quick: an `AsyncBehavior` of a context type, and `itBehavesLike` with a closure making the
// context for each example.
import Foundation
import Nimble
import Quick
import RACSwift
import RACSwiftNimble
import RACSwiftTesting

/// What every cold signal of the one value 1 does, however it was made.
final class ASignalOfOneValue: AsyncBehavior<Signal<Int>> {
    override class func spec(_ context: @escaping () -> Signal<Int>) {
        // Off the main thread (where an AsyncSpec example runs) these signals send on the
        // subscription scheduler, after `subscribe` returned: `toEventually` waits for them
        // (on the main thread, or with a scheduler current, `to` would see them at once).
        it("should send its value, then complete") {
            await expect(context()).toEventually(sendValues([1], then: .completion))
        }

        it("should send it again to each subscriber") {
            let signal = context()
            await expect(signal).toEventually(sendValues([1], then: .completion))
            await expect(signal).toEventually(sendValues([1], then: .completion))
        }

        it("should leave no subscription alive") {
            expect(context().map { $0 * 2 }).to(endWithNoLiveSubscriptions())
        }
    }
}

final class SharedExamplesSpec: AsyncSpec {
    override class func spec() {
        let leaks = Locked(LeakBaseline())
        beforeEach { leaks.value = LeakBaseline() }
        afterEach { await leaks.value.check() }

        describe("Signal.return") {
            itBehavesLike(ASignalOfOneValue.self) { Signal.return(1) }
        }

        describe("Signal.from") {
            itBehavesLike(ASignalOfOneValue.self) { Signal.from([1]) }
        }

        describe("a replay subject, completed") {
            itBehavesLike(ASignalOfOneValue.self) {
                let subject = ReplaySubject<Int>()
                subject.sendNext(1)
                subject.sendCompleted()
                return subject
            }
        }
    }
}
