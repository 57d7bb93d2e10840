import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

final class TakeUntilReplacementTests: RACTestCase {
    /// The source speaks until the replacement's first value at 3; from then on, only the
    /// replacement (the source's c at 4 is dropped), up to the replacement's completion.
    func testTakeUntilReplacementSwitchesToTheReplacementOnItsFirstValue() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-ab-c")
        let replacement = scheduler.hot("---x-y|")
        scheduler.expectMarbles(source.take(untilReplacement: replacement), "-abx-y|")
    }

    func testTakeUntilReplacementDoesNotCompleteWhenTheSourceCompletes() {
        let source = HigherProbe<Int>()
        let replacement = HigherProbe<Int>()
        let log = HigherLog(source.signal.take(untilReplacement: replacement.signal))
        source.send(1)
        source.sendCompleted()
        XCTAssertEqual(log.events, ["1"])
        replacement.send(2)
        replacement.sendCompleted()
        XCTAssertEqual(log.events, ["1", "2", "completed"])
    }

    func testTakeUntilReplacementForwardsTheSourcesError() {
        assertErrorIsSentAtOnceAndDisposesTheOtherInput({ (source: Signal<Int>, replacement: Signal<Int>) in source.take(untilReplacement: replacement) },
                                                        failing: .first, error: "source")
    }

    func testTakeUntilReplacementDisposesTheSourceOnTheReplacementsFirstValue() {
        let source = HigherProbe<Int>()
        let replacement = HigherProbe<Int>()
        let log = HigherLog(source.signal.take(untilReplacement: replacement.signal))
        replacement.send(9)
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(log.events, ["9"])
        log.disposable.dispose()
        XCTAssertEqual(replacement.disposals, 1)
    }

    func testTakeUntilReplacementEndsWithTheReplacementsTerminalEvents() {
        let source = HigherProbe<Int>()
        let replacement = HigherProbe<Int>()
        let failed = HigherLog(source.signal.take(untilReplacement: replacement.signal))
        source.send(1)
        replacement.sendError(TestError("replacement"))
        XCTAssertEqual(failed.events, ["1", "error replacement"])
        XCTAssertEqual(source.disposals, 1)

        let completed = HigherLog(source.signal.take(untilReplacement: replacement.signal))
        replacement.sendCompleted()
        XCTAssertEqual(completed.events, ["completed"])
        XCTAssertEqual(source.disposals, 2)
    }

    func testTakeUntilReplacementNeverSubscribesTheSourceWhenTheReplacementSendsAtOnce() {
        let source = HigherProbe<Int>()
        let log = HigherLog(source.signal.take(untilReplacement: .return(7)))
        XCTAssertEqual(log.events, ["7", "completed"])
        XCTAssertEqual(source.subscriptions, 0)
    }

    func testDisposingTakeUntilReplacementDisposesBothSignals() {
        let source = HigherProbe<Int>()
        let replacement = HigherProbe<Int>()
        let log = HigherLog(source.signal.take(untilReplacement: replacement.signal))
        log.disposable.dispose()
        XCTAssertEqual([source.disposals, replacement.disposals], [1, 1])
    }
}
