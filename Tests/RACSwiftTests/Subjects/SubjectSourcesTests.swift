import XCTest
@testable import RACSwift

/// A subject's subscriptions to other signals (`didSubscribe(with:)`): held until its terminal
/// event or release, and a source that arrives after a terminal event is disposed at once —
/// also when it is the first, and when two arrive on two threads at once (the subject makes
/// the compound that holds them when the first arrives, or at a terminal event).
final class SubjectSourcesTests: RACTestCase {
    func testSourceAddedAfterATerminalEventIsDisposedAtOnce() {
        for terminal in ["completed", "error"] {
            let subject = Subject<Int>()
            if terminal == "completed" { subject.sendCompleted() } else { subject.sendError(TestError(code: 1)) }
            let source = StreamManualSource<Int>()
            source.signal.subscribe(subject)
            XCTAssertEqual(source.disposals, 1, terminal)
            source.release()
        }
    }

    func testFirstSourceIsHeldUntilTheTerminalEvent() {
        let subject = Subject<Int>()
        let received = Fixture.Log<Int>()
        let disposable = subject.subscribeNext { received.append($0) }
        let source = StreamManualSource<Int>()
        source.signal.subscribe(subject)
        source.send(1, 2)
        XCTAssertEqual(source.disposals, 0)
        subject.sendCompleted()
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(received.all, [1, 2])
        disposable.dispose()
        source.release()
    }

    func testReleasingTheSubjectDisposesItsSources() {
        let source = StreamManualSource<Int>()
        do {
            let subject = Subject<Int>()
            source.signal.subscribe(subject)
            XCTAssertEqual(source.disposals, 0)
            source.release()
        }
        XCTAssertEqual(source.disposals, 1)
    }

    func testSubjectWithoutSourcesIsReleasedAndStillEndsItsSubscribers() {
        weak var weakSubject: Subject<Int>?
        let events = Fixture.Log<String>()
        do {
            let subject = Subject<Int>()
            weakSubject = subject
            subject.subscribe(next: { events.append("next \($0)") }, completed: { events.append("completed") })
            subject.sendNext(1)
            subject.sendCompleted()
        }
        XCTAssertNil(weakSubject)
        XCTAssertEqual(events.all, ["next 1", "completed"])
    }

    func testSourcesArrivingOnTwoThreadsAtOnceAreAllHeld() {
        for _ in 0..<200 {
            let subject = Subject<Int>()
            let subscriptions = [CompoundDisposable(), CompoundDisposable()]
            // Straight to `didSubscribe(with:)`, as a source calls it, both threads making the
            // subject's compound at once.
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                subject.didSubscribe(with: subscriptions[index])
            }
            XCTAssertEqual(subscriptions.map(\.isDisposed), [false, false])
            subject.sendCompleted()
            XCTAssertEqual(subscriptions.map(\.isDisposed), [true, true])
        }
    }
}
