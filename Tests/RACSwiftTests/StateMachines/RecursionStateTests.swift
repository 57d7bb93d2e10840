import XCTest
@testable import RACSwift

/// `RecursionState` driven as a pure function (the block is a plain value here): each
/// transition and the action it asks the trampoline to perform, with no scheduler and no
/// threads.
final class RecursionStateTests: RACTestCase {
    private func started(_ state: inout RecursionState<String>, file: StaticString = #filePath, line: UInt = #line) {
        guard case .run(let block) = state.runStarted() else {
            return XCTFail("the run was skipped", file: file, line: line)
        }
        XCTAssertEqual(block, "block", file: file, line: line)
    }

    private func isPerformRun(_ action: RecursionState<String>.Action) -> Bool {
        if case .performRun = action { return true }
        return false
    }

    func testARunThatAsksForNothingEndsWithNothingToDo() {
        var state = RecursionState(block: "block")
        started(&state)
        XCTAssertFalse(isPerformRun(state.runEnded()))
        XCTAssertFalse(state.isDraining)
    }

    func testARescheduleOutsideARunIsPerformedAtOnce() {
        var state = RecursionState(block: "block")
        XCTAssertTrue(isPerformRun(state.reschedule()))
        XCTAssertEqual(state.pending, 0)
    }

    func testReschedulesWhileRunningAreCountedAndPerformedOneByOneAfterTheRun() {
        var state = RecursionState(block: "block")
        started(&state)
        for _ in 0..<3 { XCTAssertFalse(isPerformRun(state.reschedule())) }
        XCTAssertEqual(state.pending, 3)
        // The ending run's frame takes the count and performs the first at once...
        XCTAssertTrue(isPerformRun(state.runEnded()))
        XCTAssertTrue(state.isDraining)
        XCTAssertEqual(state.pending, 2)
        // ... then the others, one per call.
        XCTAssertTrue(isPerformRun(state.performedRun()))
        XCTAssertTrue(isPerformRun(state.performedRun()))
        XCTAssertFalse(isPerformRun(state.performedRun()))
        XCTAssertFalse(state.isDraining)
        XCTAssertEqual(state.pending, 0)
    }

    /// A queue scheduler's trampoline queues every counted reschedule at once when the run
    /// ends (RAC's loop); nothing stays pending, no frame drains.
    func testAQueueingRunEndTakesEveryRescheduleAtOnce() {
        var state = RecursionState(block: "block")
        started(&state)
        for _ in 0..<3 { XCTAssertFalse(isPerformRun(state.reschedule())) }
        XCTAssertEqual(state.runEndedQueueingAll(), 3)
        XCTAssertEqual(state.pending, 0)
        XCTAssertFalse(state.isDraining)
        // A reschedule once no run executes is performed at once again.
        XCTAssertTrue(isPerformRun(state.reschedule()))
        started(&state)
        XCTAssertEqual(state.runEndedQueueingAll(), 0)
        // Disposed during a run: its reschedules are dropped.
        started(&state)
        XCTAssertFalse(isPerformRun(state.reschedule()))
        _ = state.dispose()
        XCTAssertEqual(state.runEndedQueueingAll(), 0)
    }

    func testAReschedulePerformedInlineWhileDrainingIsCountedNotNested() {
        // On an inline scheduler the drain loop runs the block itself (no runStarted): its
        // reschedule joins the count instead of growing the stack.
        var state = RecursionState(block: "block")
        started(&state)
        _ = state.reschedule()
        XCTAssertTrue(isPerformRun(state.runEnded()))
        XCTAssertFalse(isPerformRun(state.reschedule()))  // from the block run by the loop
        XCTAssertEqual(state.pending, 1)
        XCTAssertTrue(isPerformRun(state.performedRun()))
        XCTAssertFalse(isPerformRun(state.performedRun()))
    }

    func testARunStartedByTheDrainLoopDoesNotTakeTheCountOverFromIt() {
        // A non-inline scheduler can start the scheduled run while the loop still owns the
        // count: that run's end leaves the count to the loop.
        var state = RecursionState(block: "block")
        started(&state)
        _ = state.reschedule()
        _ = state.reschedule()
        XCTAssertTrue(isPerformRun(state.runEnded()))
        started(&state)
        _ = state.reschedule()
        XCTAssertFalse(isPerformRun(state.runEnded()))
        XCTAssertEqual(state.pending, 2)
        XCTAssertTrue(isPerformRun(state.performedRun()))
        XCTAssertTrue(isPerformRun(state.performedRun()))
        XCTAssertFalse(isPerformRun(state.performedRun()))
    }

    func testNestedRunsCountUntilTheOuterOneEnds() {
        // A run that steps its own (virtual) scheduler can start another run of the same
        // recursion inside it; reschedules are deferred until a run ends.
        var state = RecursionState(block: "block")
        started(&state)
        started(&state)
        XCTAssertFalse(isPerformRun(state.reschedule()))
        XCTAssertTrue(isPerformRun(state.runEnded()))
        XCTAssertFalse(isPerformRun(state.performedRun()))
        XCTAssertFalse(isPerformRun(state.reschedule()), "the outer run is still executing")
        XCTAssertTrue(isPerformRun(state.runEnded()))
    }

    func testDisposalReturnsTheBlockOnceAndSkipsLaterRuns() {
        var state = RecursionState(block: "block")
        XCTAssertEqual(state.dispose(), "block")
        XCTAssertTrue(state.isDisposed)
        XCTAssertNil(state.dispose())
        guard case .skip = state.runStarted() else { return XCTFail("a disposed recursion ran") }
        XCTAssertFalse(isPerformRun(state.reschedule()))
        XCTAssertEqual(state.pending, 0)
    }

    func testDisposalDuringARunDropsItsReschedules() {
        var state = RecursionState(block: "block")
        started(&state)
        _ = state.reschedule()
        _ = state.reschedule()
        XCTAssertEqual(state.dispose(), "block")
        XCTAssertFalse(isPerformRun(state.runEnded()))
        XCTAssertFalse(state.isDraining)
    }

    func testDisposalWhileDrainingStopsTheLoop() {
        var state = RecursionState(block: "block")
        started(&state)
        for _ in 0..<3 { _ = state.reschedule() }
        XCTAssertTrue(isPerformRun(state.runEnded()))
        _ = state.dispose()
        XCTAssertFalse(isPerformRun(state.performedRun()))
        XCTAssertFalse(state.isDraining)
        XCTAssertEqual(state.pending, 0)
    }
}
