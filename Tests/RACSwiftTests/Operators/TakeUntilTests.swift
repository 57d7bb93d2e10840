import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

final class TakeUntilTests: RACTestCase {
    func testTakeUntilCompletesWhenTheTriggerSendsAValue() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-ab-c|")
        let trigger = scheduler.hot("---0", values: ["0": 0])
        scheduler.expectMarbles(source.take(until: trigger), "-ab|")
    }

    func testTakeUntilCompletesWhenTheTriggerCompletes() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a-b")
        let trigger = scheduler.hot("--|", values: [Character: Int]())
        scheduler.expectMarbles(source.take(until: trigger), "-a|")
    }

    /// RAC subscribes to the trigger without an error block: its error ends the trigger's
    /// subscription only, and the source goes on.
    func testTakeUntilIgnoresTheTriggersError() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a-b|")
        let trigger = scheduler.hot("--#", values: [Character: Int](), error: TestError.boom)
        scheduler.expectMarbles(source.take(until: trigger), "-a-b|")
    }

    func testTakeUntilDisposesTheSourceWhenTheTriggerFires() {
        let source = HigherProbe<Int>()
        let trigger = HigherProbe<Void>()
        let log = HigherLog(source.signal.take(until: trigger.signal))
        source.send(1)
        trigger.send(())
        XCTAssertEqual(log.events, ["1", "completed"])
        XCTAssertEqual([source.disposals, trigger.disposals], [1, 1])
        source.send(2)
        XCTAssertEqual(log.events, ["1", "completed"])
    }

    func testTakeUntilForwardsTheSourcesErrorAndDisposesTheTrigger() {
        assertErrorIsSentAtOnceAndDisposesTheOtherInput({ (source: Signal<Int>, trigger: Signal<Void>) in source.take(until: trigger) },
                                                        failing: .first, error: "source")
    }

    func testTakeUntilCompletesWithTheSourceAndDisposesTheTrigger() {
        let source = HigherProbe<Int>()
        let trigger = HigherProbe<Void>()
        let log = HigherLog(source.signal.take(until: trigger.signal))
        source.send(1)
        source.sendCompleted()
        XCTAssertEqual(log.events, ["1", "completed"])
        XCTAssertEqual(trigger.disposals, 1)
    }

    func testTakeUntilNeverSubscribesTheSourceWhenTheTriggerFiresAtOnce() {
        let source = HigherProbe<Int>()
        let log = HigherLog(source.signal.take(until: Signal<Int>.return(0)))
        XCTAssertEqual(log.events, ["completed"])
        XCTAssertEqual(source.subscriptions, 0)
        XCTAssertEqual(HigherLog(source.signal.take(until: Signal<Int>.empty)).events, ["completed"])
        XCTAssertEqual(source.subscriptions, 0)
    }

    func testTakeUntilTriggerThatFailsAtOnceLeavesTheSourceRunning() {
        let log = HigherLog(Signal.return(1).take(until: Signal<Int>.error(TestError.boom)))
        XCTAssertEqual(log.events, ["1", "completed"])
    }

    func testDisposingTakeUntilDisposesTheSourceAndTheTrigger() {
        let source = HigherProbe<Int>()
        let trigger = HigherProbe<Void>()
        let log = HigherLog(source.signal.take(until: trigger.signal))
        log.disposable.dispose()
        XCTAssertEqual([source.disposals, trigger.disposals], [1, 1])
    }

    func testTakeUntilResubscribesBothSignalsPerSubscription() {
        let source = HigherProbe<Int>()
        let trigger = HigherProbe<Void>()
        let taken = source.signal.take(until: trigger.signal)
        let first = HigherLog(taken)
        trigger.send(())
        let second = HigherLog(taken)
        source.send(5)
        XCTAssertEqual(first.events, ["completed"])
        XCTAssertEqual(second.events, ["5"])
        XCTAssertEqual([source.subscriptions, trigger.subscriptions], [2, 2])
        second.disposable.dispose()
    }
}
