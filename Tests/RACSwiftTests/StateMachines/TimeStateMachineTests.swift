import XCTest
@testable import RACSwift

/// The pure rules behind throttle, buffer and delay, transition by transition.
final class TimeStateMachineTests: RACTestCase {
    func testThrottleMachineIgnoresTimerOfReplacedValue() {
        var machine = ThrottleState<String>()
        guard case .startTimer(let first) = machine.receive("a", isThrottled: true),
              case .startTimer(let second) = machine.receive("b", isThrottled: true)
        else { return XCTFail("throttled values start timers") }
        XCTAssertNil(machine.timerFired(generation: first), "a stale timer that fires anyway sends nothing")
        XCTAssertEqual(machine.timerFired(generation: second), "b")
        XCTAssertNil(machine.timerFired(generation: second), "a value is sent once")
    }

    func testThrottleMachineUnthrottledValueDropsWaitingOne() {
        var machine = ThrottleState<String>()
        guard case .startTimer(let generation) = machine.receive("a", isThrottled: true) else {
            return XCTFail("a throttled value starts a timer")
        }
        guard case .send("X") = machine.receive("X", isThrottled: false) else {
            return XCTFail("an unthrottled value is sent at once")
        }
        XCTAssertNil(machine.timerFired(generation: generation))
        guard case .complete(flushing: nil) = machine.complete() else {
            return XCTFail("nothing left to flush")
        }
    }

    func testThrottleMachineIgnoresEverythingAfterTermination() {
        var machine = ThrottleState<Int>()
        _ = machine.receive(1, isThrottled: true)
        XCTAssertTrue(machine.fail())
        XCTAssertFalse(machine.fail())
        guard case .ignore = machine.receive(2, isThrottled: false), case .ignore = machine.complete() else {
            return XCTFail("a terminated throttle ignores events")
        }
        XCTAssertNil(machine.timerFired(generation: 1))
    }

    func testBufferMachineOpensWindowOnFirstValueOnly() {
        var machine = BufferState<Int>()
        guard case .startTimer = machine.receive(1), case .none = machine.receive(2) else {
            return XCTFail("only the first value of a window starts the timer")
        }
        XCTAssertEqual(machine.timerFired(), [1, 2])
        XCTAssertNil(machine.timerFired(), "an empty window sends nothing")
        guard case .startTimer = machine.receive(3) else { return XCTFail("a new window opens") }
        XCTAssertEqual(machine.complete(), [3])
        XCTAssertNil(machine.complete())
        XCTAssertFalse(machine.fail())
    }

    func testBufferMachineErrorDropsWindow() {
        var machine = BufferState<Int>()
        _ = machine.receive(1)
        XCTAssertTrue(machine.fail())
        XCTAssertNil(machine.timerFired())
        XCTAssertNil(machine.complete())
    }

    func testDelayMachineTerminatesOnce() {
        var machine = DelayState()
        XCTAssertTrue(machine.shouldSchedule())
        XCTAssertTrue(machine.terminate())
        XCTAssertFalse(machine.terminate())
        XCTAssertFalse(machine.shouldSchedule())
        XCTAssertFalse(machine.shouldSendValue())
    }
}
