import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

final class IfTests: RACTestCase {
    func testIfSendsTheBranchChosenByTheLatestCondition() {
        let scheduler = TestScheduler()
        let condition = scheduler.createHotSignal([.next(1, true), .next(3, false), .next(5, true), .completed(6)])
        let yes = scheduler.createColdSignal([.next(0, "yes"), .next(1, "yes again")])
        let no = scheduler.createColdSignal([.next(0, "no"), .completed(0)])
        let recorder = scheduler.record(Signal.if(condition, then: yes, else: no))
        scheduler.advance(to: TestScheduler.startDate.addingTimeInterval(10))
        XCTAssertEqual(recorder.events, [
            .next(1, "yes"), .next(2, "yes again"), .next(3, "no"), .next(5, "yes"), .next(6, "yes again"),
        ])
        recorder.disposable.dispose()
    }

    func testIfDisposesTheCurrentBranchWhenTheConditionChanges() {
        let condition = HigherProbe<Bool>()
        let yes = HigherProbe<String>()
        let no = HigherProbe<String>()
        let log = HigherLog(Signal.if(condition.signal, then: yes.signal, else: no.signal))
        condition.send(true)
        condition.send(false)
        XCTAssertEqual([yes.subscriptions, yes.disposals, no.subscriptions], [1, 1, 1])
        condition.send(false)
        XCTAssertEqual([no.subscriptions, no.disposals], [2, 1])
        log.disposable.dispose()
        XCTAssertEqual([no.disposals, condition.disposals], [2, 1])
    }

    func testIfCompletesWhenTheConditionAndTheCurrentBranchCompleted() {
        let condition = HigherProbe<Bool>()
        let yes = HigherProbe<String>()
        let log = HigherLog(Signal.if(condition.signal, then: yes.signal, else: .never))
        condition.send(true)
        condition.sendCompleted()
        yes.send("y")
        XCTAssertEqual(log.events, ["y"])
        yes.sendCompleted()
        XCTAssertEqual(log.events, ["y", "completed"])
    }

    func testIfForwardsErrorsOfTheConditionAndOfTheCurrentBranch() {
        let condition = HigherProbe<Bool>()
        let fromCondition = HigherLog(Signal.if(condition.signal, then: Signal<Int>.never, else: .never))
        condition.sendError(TestError("condition"))
        XCTAssertEqual(fromCondition.events, ["error condition"])

        let fromBranch = HigherLog(Signal.if(.return(false), then: .never, else: Signal<Int>.error(TestError("branch"))))
        XCTAssertEqual(fromBranch.events, ["error branch"])
    }
}

