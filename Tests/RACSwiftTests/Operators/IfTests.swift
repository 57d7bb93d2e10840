import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

final class IfTests: RACTestCase {
    func testIfSendsTheBranchChosenByTheLatestCondition() {
        let scheduler = TestScheduler()
        let values: [Character: String] = ["y": "yes", "z": "yes again", "n": "no"]
        let condition = scheduler.hot("-t-f-t|", values: ["t": true, "f": false])
        let yes = scheduler.cold("yz", values: values)
        let no = scheduler.cold("(n|)", values: values)
        scheduler.expectMarbles(Signal.if(condition, then: yes, else: no), "-yzn-yz", values: values, until: 10)
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

