import RACSwift
import XCTest

/// A subject that terminates before any source subscribed stands in a shared, disposed
/// compound for its sources (issue 20c: no compound built per terminal event). These check
/// that sharing it mixes nothing between subjects.
final class SubjectTerminatedWithoutSourcesTests: RACTestCase {
    func testEverySubjectTerminatedWithoutSourcesDisposesALaterSourceAtOnce() {
        let completed = Subject<Int>(), failed = Subject<Int>()
        completed.sendCompleted()
        failed.sendError(TestError.boom)
        let first = HotCountingSource<Int>(), second = HotCountingSource<Int>()
        XCTAssertTrue(first.signal.subscribe(completed).isDisposed)
        XCTAssertTrue(second.signal.subscribe(failed).isDisposed)
        XCTAssertEqual([first.subscriptions, first.disposals, second.subscriptions, second.disposals], [1, 1, 1, 1])
        first.release()
        second.release()
    }

    func testALiveSubjectKeepsItsSourceWhileAnotherTerminatedWithoutSources() {
        let ended = Subject<Int>()
        ended.sendCompleted()
        let live = Subject<Int>()
        let log = HotEventLog<Int>()
        let logged = log.subscribe(to: live)
        let source = HotCountingSource<Int>()
        let subscription = source.signal.subscribe(live)
        source.sendNext(1)
        XCTAssertFalse(subscription.isDisposed)
        XCTAssertEqual(source.disposals, 0)
        // Ending the live subject disposes its own source, once.
        live.sendCompleted()
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(log.events, [.next(1), .completed])
        XCTAssertTrue(logged.isDisposed)
        source.release()
    }

    func testSecondTerminalEventWithoutSourcesChangesNothing() {
        let subject = Subject<Int>()
        let log = HotEventLog<Int>.subscribed(to: subject)
        subject.sendCompleted()
        subject.sendError(TestError.boom)
        XCTAssertEqual(log.events, [.completed])
        // Still usable after both: a later subscriber receives later sends.
        let late = HotEventLog<Int>()
        let subscription = late.subscribe(to: subject)
        subject.sendNext(2)
        XCTAssertEqual(late.events, [.next(2)])
        subscription.dispose()
    }
}
