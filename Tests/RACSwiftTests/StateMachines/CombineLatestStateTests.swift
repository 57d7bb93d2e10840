import XCTest
@testable import RACSwift

/// `CombineLatestState` driven as a pure function: each transition and the action it asks the
/// sink to perform, with no signals and no threads.
final class CombineLatestStateTests: RACTestCase {
    func testNoInputsCompletesAtStart() {
        var state = CombineLatestState(inputCount: 0)
        XCTAssertEqual(state.start(), .complete)
        XCTAssertTrue(state.isFinished)
        XCTAssertEqual(state.start(), .none)
    }

    func testStartWithInputsAsksForNothing() {
        var state = CombineLatestState(inputCount: 2)
        XCTAssertEqual(state.start(), .none)
    }

    func testNothingGoesOutUntilEveryInputHasSent() {
        var state = CombineLatestState(inputCount: 3)
        XCTAssertEqual(state.received(isFirst: true), .none)
        XCTAssertEqual(state.received(isFirst: false), .none)  // the same input again
        XCTAssertEqual(state.received(isFirst: true), .none)
        XCTAssertEqual(state.received(isFirst: true), .sendLatest)
    }

    func testEveryValueAfterTheFirstRoundSends() {
        var state = CombineLatestState(inputCount: 2)
        _ = state.received(isFirst: true)
        XCTAssertEqual(state.received(isFirst: true), .sendLatest)
        XCTAssertEqual(state.received(isFirst: false), .sendLatest)
        XCTAssertEqual(state.received(isFirst: false), .sendLatest)
    }

    func testCompletesOnlyWhenEveryInputHasCompleted() {
        var state = CombineLatestState(inputCount: 2)
        _ = state.received(isFirst: true)
        _ = state.received(isFirst: true)
        XCTAssertEqual(state.completed(), .none)
        XCTAssertEqual(state.received(isFirst: false), .sendLatest)  // the other still sends
        XCTAssertEqual(state.completed(), .complete)
        XCTAssertTrue(state.isFinished)
    }

    func testAnInputCompletingBeforeItSentStillWaitsForTheOthers() {
        // RAC: nothing is ever sent, but the result completes only when all have completed.
        var state = CombineLatestState(inputCount: 2)
        XCTAssertEqual(state.completed(), .none)
        XCTAssertEqual(state.received(isFirst: true), .none)
        XCTAssertEqual(state.received(isFirst: false), .none)
        XCTAssertFalse(state.isFinished)
        XCTAssertEqual(state.completed(), .complete)
    }

    func testAnErrorFailsOnceAndEndsTheState() {
        var state = CombineLatestState(inputCount: 2)
        _ = state.received(isFirst: true)
        XCTAssertEqual(state.failed(), .fail)
        XCTAssertTrue(state.isFinished)
        XCTAssertEqual(state.failed(), .none)
        XCTAssertEqual(state.received(isFirst: true), .none)
        XCTAssertEqual(state.completed(), .none)
        XCTAssertEqual(state.completed(), .none)
    }

    func testNothingIsAskedForAfterCompletion() {
        var state = CombineLatestState(inputCount: 1)
        XCTAssertEqual(state.received(isFirst: true), .sendLatest)
        XCTAssertEqual(state.completed(), .complete)
        XCTAssertEqual(state.received(isFirst: false), .none)
        XCTAssertEqual(state.failed(), .none)
        XCTAssertEqual(state.start(), .none)
    }
}
