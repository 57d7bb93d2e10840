import Foundation
import RACSwift
import XCTest

/// Issue 30, finding 1, as reported: `dispose()` from inside a delivery of merge / flattenMap /
/// combineLatest while another thread sends into a different input subject. The sending thread
/// held `busy`'s lock for its whole delivery and waited for the operator's lock; the disposing
/// thread held that lock and waited for `busy`'s to unregister (14 of 15 runs deadlocked).
/// Now unregistration never waits for a lock held across a delivery.
final class DisposeInsideDeliveryRegressionTests: RACTestCase {
    /// Rounds until `rounds` or 3 s, whichever comes first. Per round: one thread sends into
    /// `busy` while another sends a value into `other`, whose delivery disposes the
    /// subscription. On main (a94100e) merge and combineLatest deadlocked within a few rounds.
    private func race(
        rounds: Int = 30, file: StaticString = #filePath, line: UInt = #line,
        make: (_ busy: Subject<Int>, _ other: Subject<Int>) -> Signal<Int>
    ) {
        let deadline = Date().addingTimeInterval(3)
        var round = 0
        while round < rounds, Date() < deadline {
            let busy = Subject<Int>(), other = Subject<Int>()
            let received = StressTally(), afterDispose = StressTally()
            let disposed = StressFlag()
            let box = DisposableBox()
            box.disposable = make(busy, other).subscribeNext { value in
                if disposed.value { afterDispose.add() }
                received.add()
                if value < 0 {
                    // Give the busy thread time to come in behind this delivery: it then holds
                    // `busy`'s lock and waits for the operator's.
                    for _ in 0..<200 { sched_yield() }
                    box.disposable?.dispose()
                    disposed.value = true
                }
            }
            let flowing = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            DispatchQueue.global().async(group: done) {
                busy.sendNext(0)
                flowing.signal()
                // Until shortly after the disposal (bounded: 1,000,000 values at most).
                var value = 1, after = 0
                while value < 1_000_000, after < 100 {
                    busy.sendNext(value)
                    if disposed.value { after += 1 }
                    value += 1
                }
            }
            DispatchQueue.global().async(group: done) {
                flowing.wait()
                other.sendNext(-1)
            }
            guard done.wait(timeout: .now() + 10) == .success else {
                XCTFail("deadlock in round \(round)", file: file, line: line)
                return
            }
            XCTAssertTrue(disposed.value, "round \(round): the value that disposes never arrived", file: file, line: line)
            XCTAssertEqual(afterDispose.value, 0, "round \(round): values after dispose() returned", file: file, line: line)
            round += 1
        }
    }

    func testDisposeInsideAMergeDeliveryWhileAnotherThreadSendsIntoAnotherInput() {
        race { busy, other in Signal.merge([busy, other]) }
    }

    func testDisposeInsideAFlattenMapDeliveryWhileAnotherThreadSendsIntoAnotherInner() {
        race { busy, other in
            let outer = Subject<Signal<Int>>()
            return Signal.create { subscriber in
                let subscription = outer.flattenMap { $0 }.subscribe(subscriber)
                outer.sendNext(busy)
                outer.sendNext(other)
                return subscription
            }
        }
    }

    func testDisposeInsideACombineLatestDeliveryWhileAnotherThreadSendsIntoAnotherInput() {
        race { busy, other in
            Signal.create { subscriber in
                let subscription = busy.combineLatest(with: other).map { $0.1 }.subscribe(subscriber)
                other.sendNext(0)
                return subscription
            }
        }
    }
}

/// Issue 30, finding 2: a value sent into a subject from inside one subscriber's terminal event
/// reaches the subscribers not yet terminated (RAC enumerates a copy of its subscribers; each
/// stays subscribed until its turn). RACSwift took them all out first.
final class TerminalEventCopyRegressionTests: RACTestCase {
    func testAValueSentFromInsideACompletionReachesTheSubscribersNotYetCompleted() {
        let subject = Subject<Int>()
        let log = Fixture.Log<String>()
        subject.subscribe(next: { log.append("A \($0)") }, completed: {
            log.append("A completed")
            subject.sendNext(42)
        })
        subject.subscribe(next: { log.append("B \($0)") }, completed: { log.append("B completed") })
        subject.sendCompleted()
        XCTAssertEqual(log.all, ["A completed", "B 42", "B completed"])
    }

    func testAValueSentFromInsideAnErrorReachesTheSubscribersNotYetFailed() {
        let subject = Subject<Int>()
        let log = Fixture.Log<String>()
        subject.subscribe(next: { log.append("A \($0)") }, error: { _ in
            log.append("A error")
            subject.sendNext(42)
        })
        subject.subscribe(next: { log.append("B \($0)") }, error: { _ in log.append("B error") })
        subject.sendError(TestError("boom"))
        XCTAssertEqual(log.all, ["A error", "B 42", "B error"])
    }

    func testASubscriberAddedDuringTheTerminalEventStaysForLaterEvents() {
        // As in RAC: it is not in the copy being ended, so it receives the value sent after it
        // joined, no terminal event, and what is sent to the subject later.
        let subject = Subject<Int>()
        let log = Fixture.Log<String>()
        let late = CompositeBox()
        subject.subscribe(next: { log.append("A \($0)") }, completed: {
            late.disposable = subject.subscribe(next: { log.append("C \($0)") }, completed: { log.append("C completed") })
            subject.sendNext(42)
        })
        subject.subscribe(next: { log.append("B \($0)") }, completed: { log.append("B completed") })
        subject.sendCompleted()
        subject.sendNext(7)
        XCTAssertEqual(log.all, ["B 42", "C 42", "B completed", "C 7"])
        late.disposable?.dispose()
    }

    func testACompletionSentFromInsideACompletionEndsEachSubscriberOnce() {
        let subject = Subject<Int>()
        let log = Fixture.Log<String>()
        subject.subscribe(completed: {
            log.append("A completed")
            subject.sendCompleted()
        })
        subject.subscribe(completed: { log.append("B completed") })
        subject.sendCompleted()
        XCTAssertEqual(log.all, ["A completed", "B completed"])
    }

    func testABehaviorSubjectKeepsTheValueSentFromInsideACompletion() {
        let subject = BehaviorSubject(defaultValue: 0)
        let log = Fixture.Log<String>()
        subject.subscribe(next: { log.append("A \($0)") }, completed: { subject.sendNext(42) })
        subject.subscribe(next: { log.append("B \($0)") }, completed: { log.append("B completed") })
        subject.sendCompleted()
        XCTAssertEqual(log.all, ["A 0", "B 0", "B 42", "B completed"])
        XCTAssertEqual(subject.value, 42)
    }
}

/// A disposable set after the subscribe call that returns it, read from inside deliveries.
private final class DisposableBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Disposable?
    var disposable: Disposable? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

private typealias CompositeBox = DisposableBox
