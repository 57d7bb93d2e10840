import XCTest
@testable import RACSwift

/// switchToLatest's rules (`SwitchToLatestState`) as a pure function of state and event: no
/// signals, no threads.
final class SwitchToLatestStateTests: RACTestCase {
    func testEachInnerGetsANewGeneration() {
        var state = SwitchToLatestState()
        XCTAssertEqual(state.innerArrived(isOpen: true), .switchTo(generation: 1))
        XCTAssertEqual(state.innerArrived(isOpen: true), .switchTo(generation: 2))
        XCTAssertEqual(state.generation, 2)
        XCTAssertTrue(state.isInnerActive)
    }

    func testInnerArrivingOnceClosedIsNotSubscribed() {
        var state = SwitchToLatestState()
        XCTAssertEqual(state.innerArrived(isOpen: false), .none)
        XCTAssertEqual(state.generation, 0)
        XCTAssertFalse(state.isInnerActive)
    }

    func testOnlyTheLatestInnerIsForwarded() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        XCTAssertEqual(state.innerSentValue(generation: 1), .send)
        _ = state.innerArrived(isOpen: true)
        XCTAssertEqual(state.innerSentValue(generation: 1), .none, "a replaced inner mid-send is dropped")
        XCTAssertEqual(state.innerSentValue(generation: 2), .send)
    }

    func testSubscriptionOfTheLatestIsHeldAndOfAReplacedOneDisposed() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        _ = state.innerArrived(isOpen: true)
        XCTAssertEqual(state.innerSubscribed(generation: 1, hasTerminated: false), .dispose)
        XCTAssertEqual(state.innerSubscribed(generation: 2, hasTerminated: false), .hold)
        XCTAssertEqual(state.innerSubscribed(generation: 2, hasTerminated: true), .dispose,
                       "the output ended while the latest inner was being subscribed")
    }

    func testLatestInnerCompletingWhileSourceRunsReleasesIt() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        XCTAssertEqual(state.innerCompleted(generation: 1), .release)
        XCTAssertFalse(state.isInnerActive)
        XCTAssertEqual(state.sourceCompleted(), .complete, "nothing runs any more")
    }

    func testSourceCompletingWaitsForTheLatestInner() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        XCTAssertEqual(state.sourceCompleted(), .none)
        XCTAssertTrue(state.isSourceDone)
        XCTAssertEqual(state.innerCompleted(generation: 1), .complete)
    }

    func testSourceCompletingBeforeAnyInnerCompletesAtOnce() {
        var state = SwitchToLatestState()
        XCTAssertEqual(state.sourceCompleted(), .complete)
    }

    func testReplacedInnerCompletingChangesNothing() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        _ = state.innerArrived(isOpen: true)
        XCTAssertEqual(state.sourceCompleted(), .none)
        XCTAssertEqual(state.innerCompleted(generation: 1), .none, "a replaced inner cannot complete the output")
        XCTAssertTrue(state.isInnerActive)
        XCTAssertEqual(state.innerCompleted(generation: 2), .complete)
    }

    func testOnlyTheLatestInnerCanFail() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        _ = state.innerArrived(isOpen: true)
        XCTAssertEqual(state.innerFailed(generation: 1), .none)
        XCTAssertEqual(state.innerFailed(generation: 2), .fail)
    }

    func testNewInnerAfterTheLatestCompletedIsActiveAgain() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        _ = state.innerCompleted(generation: 1)
        XCTAssertEqual(state.innerArrived(isOpen: true), .switchTo(generation: 2))
        XCTAssertEqual(state.sourceCompleted(), .none, "the new inner still runs")
        XCTAssertEqual(state.innerCompleted(generation: 2), .complete)
    }
}
