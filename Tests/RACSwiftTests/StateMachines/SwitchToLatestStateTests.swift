import XCTest
@testable import RACSwift

/// switchToLatest's rules (`SwitchToLatestState`) as a pure function of state and event: no
/// signals, no threads.
final class SwitchToLatestStateTests: RACTestCase {
    func testEachInnerGetsANewGeneration() {
        var state = SwitchToLatestState()
        XCTAssertEqual(state.innerArrived(isOpen: true), .switchTo(generation: 1, replacing: false))
        XCTAssertEqual(state.innerArrived(isOpen: true), .switchTo(generation: 2, replacing: true),
                       "the first still runs: it is disposed once the second is subscribed")
        XCTAssertEqual(state.generation, 2)
        XCTAssertTrue(state.isInnerActive)
    }

    func testInnerArrivingOnceClosedIsNotSubscribed() {
        var state = SwitchToLatestState()
        XCTAssertEqual(state.innerArrived(isOpen: false), .none)
        XCTAssertEqual(state.generation, 0)
        XCTAssertFalse(state.isInnerActive)
    }

    func testAReplacedInnerIsForwardedUntilItIsDisposed() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        XCTAssertEqual(state.innerSentValue(generation: 1), .send)
        _ = state.innerArrived(isOpen: true)
        XCTAssertEqual(state.innerSentValue(generation: 1), .send, "live while its successor is subscribed, as in RAC")
        XCTAssertEqual(state.innerSentValue(generation: 2), .send)
        state.replacedDisposed()
        XCTAssertEqual(state.innerSentValue(generation: 1), .none, "a disposed inner mid-send is dropped")
        XCTAssertEqual(state.innerSentValue(generation: 2), .send)
    }

    func testInnersReplacedByANestedArrivalStayLiveUntilTheNewestIsSubscribed() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        _ = state.innerArrived(isOpen: true)  // while 1 runs
        XCTAssertEqual(state.innerArrived(isOpen: true), .switchTo(generation: 3, replacing: true),
                       "arrived while 2 was being subscribed")
        XCTAssertEqual([1, 2, 3].map { state.innerSentValue(generation: $0) }, [.send, .send, .send])
        state.replacedDisposed()
        XCTAssertEqual([1, 2, 3].map { state.innerSentValue(generation: $0) }, [.none, .none, .send])
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

    func testOnlyALiveInnerCanFail() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        _ = state.innerArrived(isOpen: true)
        XCTAssertEqual(state.innerFailed(generation: 1), .fail, "not yet disposed: its error ends the output, as in RAC")
        state.replacedDisposed()
        XCTAssertEqual(state.innerFailed(generation: 1), .none)
        XCTAssertEqual(state.innerFailed(generation: 2), .fail)
    }

    func testNewInnerAfterTheLatestCompletedIsActiveAgain() {
        var state = SwitchToLatestState()
        _ = state.innerArrived(isOpen: true)
        _ = state.innerCompleted(generation: 1)
        XCTAssertEqual(state.innerArrived(isOpen: true), .switchTo(generation: 2, replacing: false),
                       "nothing to replace: the first has completed")
        XCTAssertEqual(state.sourceCompleted(), .none, "the new inner still runs")
        XCTAssertEqual(state.innerCompleted(generation: 2), .complete)
    }
}
