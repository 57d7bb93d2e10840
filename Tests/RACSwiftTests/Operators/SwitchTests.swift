import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

final class SwitchTests: RACTestCase {
    func testSwitchSendsTheCaseOfTheLatestKey() {
        let scheduler = TestScheduler()
        let values: [Character: Int] = ["1": 1, "2": 2, "t": 10]
        let keys = scheduler.hot("-a-ba|")
        let a = scheduler.cold("12-|", values: values)
        let b = scheduler.cold("t", values: values)
        scheduler.expectMarbles(Signal.switch(keys, cases: ["a": a, "b": b], default: nil), "-12t12-|", values: values)
    }

    func testSwitchUsesTheDefaultForAKeyWithNoCase() {
        let keys = Signal<Int>.create { s in s.sendNext(1); s.sendNext(2); s.sendCompleted(); return nil }
        let log = HigherLog(Signal.switch(keys, cases: [1: .return("one")], default: .return("other")))
        XCTAssertEqual(log.events, ["one", "other", "completed"])
    }

    func testSwitchFailsWithNoMatchingCaseForAKeyWithNoCaseAndNoDefault() {
        let keys = Signal<Int>.create { s in s.sendNext(1); s.sendNext(3); s.sendNext(1); s.sendCompleted(); return nil }
        nonisolated(unsafe) var events: [Event<String>] = []
        Signal.switch(keys, cases: [1: .return("one")], default: nil).subscribe(
            next: { events.append(.next($0)) }, error: { events.append(.error($0)) },
            completed: { events.append(.completed) })
        XCTAssertEqual(events, [.next("one"), .error(SignalError.noMatchingCase("3"))])
        XCTAssertEqual(SignalError.noMatchingCase("3").description, "No matching signal found for value 3")
    }

    func testSwitchDisposesTheCurrentCaseWhenANewKeyArrivesAndOnDisposal() {
        let keys = HigherProbe<String>()
        let a = HigherProbe<Int>()
        let b = HigherProbe<Int>()
        let log = HigherLog(Signal.switch(keys.signal, cases: ["a": a.signal, "b": b.signal], default: nil))
        keys.send("a")
        keys.send("b")
        XCTAssertEqual([a.subscriptions, a.disposals, b.subscriptions], [1, 1, 1])
        a.send(1)
        b.send(2)
        log.disposable.dispose()
        XCTAssertEqual([b.disposals, keys.disposals], [1, 1])
        XCTAssertEqual(log.events, ["2"])
    }

    func testSwitchForwardsAnErrorOfTheKeys() {
        let keys = HigherProbe<Int>()
        let log = HigherLog(Signal<Int>.switch(keys.signal, cases: [:], default: .never))
        keys.send(1)
        keys.sendError(TestError("keys"))
        XCTAssertEqual(log.events, ["error keys"])
    }
}
