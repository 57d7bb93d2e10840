import Foundation
import RACSwift
import XCTest

/// Deterministic, single-threaded regressions for the terminal-event-after-disposal gap: a
/// disposable that runs early in the operator's disposal makes another input complete or
/// fail synchronously while `dispose()` is still running; nothing may reach the subscriber.
/// The multi-input operators keep the rule in one place, `OutputPoint`.
/// (merge, combineLatest and switchToLatest complete only once every input has, which a
/// disposal on one thread cannot bring about; StressTests races them across threads.)
final class DisposalGapTests: RACTestCase {
    func testTakeUntilSendsNoCompletionFromASourceCompletingDuringDisposal() {
        let source = StressSource<Int>()
        // The trigger is subscribed first, so its subscription is disposed first; disposing
        // it makes the source send a value and complete, synchronously.
        let trigger = Signal<Int>.create { _ in
            Disposable {
                source.subscriber.sendNext(1)
                source.subscriber.sendCompleted()
            }
        }
        nonisolated(unsafe) var events: [String] = []
        let disposable = source.signal.take(until: trigger).subscribe(
            next: { events.append("next(\($0))") }, completed: { events.append("completed") })
        disposable.dispose()
        // The value is dropped (disposal has begun); RAC drops the completion too.
        XCTAssertFalse(events.contains("next(1)"))
        XCTAssertEqual(events, [], "events delivered while dispose() ran")
        source.release()
    }

    func testZipWithSendsNoCompletionFromAnInputCompletingDuringDisposal() {
        let second = StressSource<Int>()
        let first = Signal<Int>.create { _ in
            Disposable { second.subscriber.sendCompleted() }
        }
        nonisolated(unsafe) var events: [String] = []
        let disposable = first.zip(with: second.signal).subscribe(
            next: { events.append("next(\($0))") }, completed: { events.append("completed") })
        disposable.dispose()
        XCTAssertEqual(events, [], "events delivered while dispose() ran")
        second.release()
    }

    func testMapOverCreateSendsNothingDuringDisposal() {
        // The same shape through a single input keeps the rule: the create subscriber checks
        // one disposed flag for values and completion.
        let source = StressSource<Int>()
        nonisolated(unsafe) var events: [String] = []
        let cleanup = Disposable {
            source.subscriber.sendNext(1)
            source.subscriber.sendCompleted()
        }
        let disposable = Signal<Int>.create { subscriber in
            source.signal.subscribe(subscriber)
            return cleanup
        }.map { $0 }.subscribe(next: { events.append("next(\($0))") }, completed: { events.append("completed") })
        disposable.dispose()
        XCTAssertEqual(events, [])
        source.release()
    }

    func testBindSendsNoErrorFromABoundSignalFailingDuringDisposal() {
        let inner = StressSource<Int>()
        // The source's subscription is disposed first; disposing it makes the bound signal
        // fail, synchronously, while the bind's disposal is still running.
        let source = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            return Disposable { inner.subscriber.sendError(TestError.boom) }
        }
        nonisolated(unsafe) var events: [String] = []
        let disposable = source.bind { { _, _ in inner.signal } }.subscribe(
            next: { events.append("next(\($0))") }, error: { _ in events.append("error") },
            completed: { events.append("completed") })
        disposable.dispose()
        XCTAssertEqual(events, [], "events delivered while dispose() ran")
        inner.release()
    }

    func testTakeUntilReplacementSendsNoErrorFromTheReplacementFailingDuringDisposal() {
        let replacement = StressSource<Int>()
        // The source's subscription is disposed first; disposing it makes the replacement
        // fail, synchronously, while the result's disposal is still running.
        let source = Signal<Int>.create { _ in
            Disposable { replacement.subscriber.sendError(TestError.boom) }
        }
        nonisolated(unsafe) var events: [String] = []
        let disposable = source.take(untilReplacement: replacement.signal).subscribe(
            next: { events.append("next(\($0))") }, error: { _ in events.append("error") },
            completed: { events.append("completed") })
        disposable.dispose()
        XCTAssertEqual(events, [], "events delivered while dispose() ran")
        replacement.release()
    }
}
