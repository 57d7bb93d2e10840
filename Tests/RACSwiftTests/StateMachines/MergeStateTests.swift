import XCTest
@testable import RACSwift

/// The merge point's rules (`MergeState`) as a pure function of state and event: no signals,
/// no threads. Inner signals are letters; an action is compared by its name (with the inner it starts).
final class MergeStateTests: RACTestCase {
    private typealias State = MergeState<String>

    private func name(_ action: MergeAction) -> String {
        switch action {
        case .none: return "none"
        case .start: return "start"
        case .drain: return "drain"
        case .startNested: return "startNested"
        case .complete: return "complete"
        case .fail: return "fail"
        }
    }

    /// `innerArrived`, naming the inner it starts.
    private func arrive(_ state: inout State, _ inner: String) -> String {
        let action = state.innerArrived(inner)
        if case .start = action { return "start(\(inner))" }
        return name(action)
    }

    /// `nextWaiting`, naming the inner it hands back to start.
    private func nextWaiting(_ state: inout State, isOpen: Bool) -> String {
        var next: String?
        let action = state.nextWaiting(isOpen: isOpen, into: &next)
        if case .start = action { return "start(\(next ?? "nil"))" }
        XCTAssertNil(next, "only `start` hands an inner back")
        return name(action)
    }

    private func expect(_ action: MergeAction, _ expected: String, _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(name(action), expected, message, line: line)
    }

    private func expect(_ described: String, _ expected: String, _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(described, expected, message, line: line)
    }

    /// maxConcurrent 1 with a, b and c arrived: a completes and the drain loop starts b, c waits.
    private func loopStartingB(line: UInt = #line) -> State {
        var state = State(maxConcurrent: 1, arrived: "a", "b", "c")
        expect(state.innerCompleted(), "drain", line: line)
        expect(nextWaiting(&state, isOpen: true), "start(b)", line: line)
        return state
    }

    // MARK: Unbounded (merge, flatten, flattenMap, bind)

    func testUnboundedStartsEveryInnerAtOnce() {
        var state = State(maxConcurrent: 0)
        for inner in ["a", "b", "c"] {
            expect(arrive(&state, inner), "start(\(inner))")
        }
        XCTAssertEqual(state.active, 3)
        XCTAssertEqual(state.waitingCount, 0)
    }

    func testInnerCompletingWhileSourceLiveDoesNotComplete() {
        var state = State(maxConcurrent: 0, arrived: "a")
        expect(state.innerCompleted(), "none", "the source may still send inners")
        XCTAssertEqual(state.active, 0)
        XCTAssertFalse(state.isFinished)
        expect(state.sourceCompleted(), "complete")
        XCTAssertTrue(state.isFinished)
    }

    func testSourceCompletingWithInnersLiveWaitsForTheLastInner() {
        var state = State(maxConcurrent: 0, arrived: "a", "b")
        expect(state.sourceCompleted(), "none")
        XCTAssertTrue(state.isSourceDone)
        expect(state.innerCompleted(), "none", "one inner still runs")
        expect(state.innerCompleted(), "complete")
        expect(state.innerCompleted(), "none", "nothing more after completion")
    }

    func testSourceCompletingWithNothingLiveCompletesAtOnce() {
        var state = State(maxConcurrent: 0)
        expect(state.sourceCompleted(), "complete")
    }

    // Bind's `stop` (or a nil signal) ends the source while the signal it returned still runs;
    // a completion the source sends later changes nothing.
    func testStopEndsTheSourceAndALaterSourceEndChangesNothing() {
        var state = State(maxConcurrent: 0, arrived: "a")
        expect(state.sourceCompleted(), "none")
        expect(state.sourceCompleted(), "none")
        expect(state.innerCompleted(), "complete")
    }

    func testFailureEndsEverythingOnce() {
        var state = State(maxConcurrent: 0, arrived: "a")
        expect(state.failed(), "fail")
        XCTAssertTrue(state.isFinished)
        expect(state.failed(), "none", "a second error is not forwarded")
        expect(arrive(&state, "b"), "none", "nothing starts after a terminal event")
        expect(state.innerCompleted(), "none")
        expect(state.sourceCompleted(), "none")
    }

    func testInnersArrivingAfterCompletionAreDropped() {
        var state = State(maxConcurrent: 0)
        expect(state.sourceCompleted(), "complete")
        expect(arrive(&state, "a"), "none")
        XCTAssertEqual(state.active, 0)
    }

    // MARK: Bounded (flatten(maxConcurrent:), concat)

    func testMaxConcurrentOneQueuesInnersInArrivalOrder() {
        var state = State(maxConcurrent: 1)
        expect(arrive(&state, "a"), "start(a)")
        expect(arrive(&state, "b"), "none", "b waits for a")
        expect(arrive(&state, "c"), "none")
        XCTAssertEqual(state.waitingCount, 2)
        expect(state.innerCompleted(), "drain", "a's completion makes room")
        XCTAssertTrue(state.isDraining)
        expect(nextWaiting(&state, isOpen: true), "start(b)")
        expect(nextWaiting(&state, isOpen: true), "none", "no room while b runs")
        XCTAssertFalse(state.isDraining)
        expect(state.innerCompleted(), "drain")
        expect(nextWaiting(&state, isOpen: true), "start(c)")
        expect(nextWaiting(&state, isOpen: true), "none")
        XCTAssertEqual(state.waitingCount, 0)
    }

    func testMaxConcurrentTwoStartsTwoThenQueues() {
        var state = State(maxConcurrent: 2)
        expect(arrive(&state, "a"), "start(a)")
        expect(arrive(&state, "b"), "start(b)")
        expect(arrive(&state, "c"), "none")
        XCTAssertEqual(state.active, 2)
        expect(state.innerCompleted(), "drain")
        expect(nextWaiting(&state, isOpen: true), "start(c)")
        expect(nextWaiting(&state, isOpen: true), "none")
        XCTAssertEqual(state.active, 2)
    }

    // Another thread's completion while the loop runs leaves the next start to the loop.
    func testInnerCompletingOffTheDrainingThreadLeavesTheNextStartToTheLoop() {
        var state = loopStartingB()
        expect(state.innerCompleted(), "none", "b ended on another thread while the loop subscribed it")
        expect(nextWaiting(&state, isOpen: true), "start(c)")
    }

    /// `innerCompletedInDrain`, naming the inner it starts nested.
    private func completedInDrain(_ state: inout State, isOpen: Bool = true) -> String {
        var next: String?
        let action = state.innerCompletedInDrain(isOpen: isOpen, into: &next)
        if case .startNested = action { return "startNested(\(next ?? "?"))" }
        return name(action)
    }

    // As in RAC, a synchronous inner that completes on the draining thread, inside the loop's
    // start, starts the next waiting one right there, nested in its completion.
    func testInnerCompletingInsideTheDrainLoopStartsTheNextOneNested() {
        var state = loopStartingB()
        expect(completedInDrain(&state), "startNested(c)", "b ended synchronously while the loop subscribed it")
        XCTAssertEqual(state.drainDepth, 2)
        expect(completedInDrain(&state), "none", "nothing waits; the source still runs")
        state.nestedStartReturned()
        XCTAssertEqual(state.drainDepth, 1)
    }

    func testNestedStartsStopAtTheNestingLimitAndTheLoopGoesOn() {
        var state = State(maxConcurrent: 1)
        let inners = (0..<(concatNestingLimit + 2)).map { "s\($0)" }
        var first: String?
        expect(state.sourceSentAll(inners, first: &first), "drain")
        XCTAssertEqual(first, "s0", "the loop's first step")
        XCTAssertEqual(state.drainDepth, 1)
        for index in 1..<concatNestingLimit {
            expect(completedInDrain(&state), "startNested(s\(index))")
        }
        XCTAssertEqual(state.drainDepth, concatNestingLimit)
        expect(completedInDrain(&state), "none", "at the limit the run unwinds")
        for _ in 1..<concatNestingLimit { state.nestedStartReturned() }
        expect(nextWaiting(&state, isOpen: true), "start(s\(concatNestingLimit))", "the loop starts the next run")
        XCTAssertEqual(state.drainDepth, 1)
        expect(completedInDrain(&state), "startNested(s\(concatNestingLimit + 1))")
        expect(completedInDrain(&state), "complete", "the last one completes the output, nested")
    }

    func testNoNestedStartOnceTheOutputIsClosedOrWithoutRoom() {
        var state = loopStartingB()
        expect(completedInDrain(&state, isOpen: false), "none", "disposed meanwhile")
        var two = State(maxConcurrent: 2, arrived: "a", "b", "c", "d")
        expect(two.innerCompleted(), "drain")
        expect(nextWaiting(&two, isOpen: true), "start(c)")
        expect(completedInDrain(&two), "startNested(d)", "c's completion makes room for d")
    }

    func testConcatOfSignalsGivenUpFrontDrainsThemFromTheSubscribingThread() {
        var state = State(maxConcurrent: 1)
        var first: String?
        expect(state.sourceSentAll(["a", "b"], first: &first), "drain")
        XCTAssertEqual(first, "a", "started by this thread, not queued")
        XCTAssertTrue(state.isSourceDone)
        XCTAssertEqual(state.waitingCount, 1)
        expect(completedInDrain(&state), "startNested(b)")
        expect(completedInDrain(&state), "complete")
        var empty = State(maxConcurrent: 1)
        var none: String?
        expect(empty.sourceSentAll([], first: &none), "complete", "an empty concat completes at once")
    }

    // Order is kept: while a loop runs, a newly arrived inner queues behind the waiting ones
    // even if there is room.
    func testInnerArrivingDuringTheDrainLoopQueuesBehindTheWaitingOnes() {
        var state = State(maxConcurrent: 1, arrived: "a", "b")
        expect(state.innerCompleted(), "drain")
        expect(arrive(&state, "c"), "none", "c must not overtake b")
        expect(nextWaiting(&state, isOpen: true), "start(b)")
        expect(state.innerCompleted(), "none")
        expect(nextWaiting(&state, isOpen: true), "start(c)")
    }

    func testInnerCompletingWithInnersWaitingWhileALoopRunsDoesNotStartASecondLoop() {
        var state = State(maxConcurrent: 2, arrived: "a", "b", "c", "d")
        expect(state.innerCompleted(), "drain")
        expect(state.innerCompleted(), "none", "another thread's completion leaves it to the running loop")
        expect(nextWaiting(&state, isOpen: true), "start(c)")
        expect(nextWaiting(&state, isOpen: true), "start(d)")
        expect(nextWaiting(&state, isOpen: true), "none")
    }

    func testSourceCompletingWhileInnersWaitCompletesAfterTheLastOne() {
        var state = State(maxConcurrent: 1, arrived: "a", "b")
        expect(state.sourceCompleted(), "none", "b still waits")
        expect(state.innerCompleted(), "drain")
        expect(nextWaiting(&state, isOpen: true), "start(b)")
        expect(nextWaiting(&state, isOpen: true), "none")
        expect(state.innerCompleted(), "complete")
    }

    // The last inner completes while the loop is still subscribing it: the output completes at
    // once (as in RAC), and the loop ends without a second completion.
    func testLastInnerCompletingInsideTheLoopCompletesAtOnce() {
        var state = State(maxConcurrent: 1, arrived: "a", "b")
        _ = state.sourceCompleted()
        expect(state.innerCompleted(), "drain")
        expect(nextWaiting(&state, isOpen: true), "start(b)")
        expect(state.innerCompleted(), "complete")
        expect(nextWaiting(&state, isOpen: true), "none")
    }

    func testLoopEndingWithNothingLeftCompletes() {
        var state = State(maxConcurrent: 1, arrived: "a", "b")
        expect(state.innerCompleted(), "drain")
        _ = state.sourceCompleted()  // another thread, between the completion and the loop
        expect(nextWaiting(&state, isOpen: true), "start(b)")
        expect(nextWaiting(&state, isOpen: true), "none")
        expect(state.innerCompleted(), "complete")
    }

    func testTerminalErrorWhileInnersQueuedDropsThem() {
        var state = State(maxConcurrent: 1, arrived: "a", "b", "c")
        XCTAssertEqual(state.waitingCount, 2)
        expect(state.failed(), "fail", "b and c are dropped unsubscribed")
        XCTAssertEqual(state.waitingCount, 0)
        expect(state.innerCompleted(), "none", "a's completion after the error starts nothing")
        expect(arrive(&state, "d"), "none")
        XCTAssertEqual(state.waitingCount, 0)
    }

    func testErrorDuringTheLoopEndsIt() {
        var state = loopStartingB()
        expect(state.failed(), "fail", "b failed while it was subscribed")
        XCTAssertEqual(state.waitingCount, 0, "c is dropped unsubscribed")
        expect(nextWaiting(&state, isOpen: false), "none")
        XCTAssertFalse(state.isDraining)
    }

    func testLoopStopsOnceTheOutputIsClosed() {
        var state = State(maxConcurrent: 1, arrived: "a", "b")
        _ = state.sourceCompleted()
        expect(state.innerCompleted(), "drain")
        expect(nextWaiting(&state, isOpen: false), "none", "disposed from outside: b is not started")
        XCTAssertEqual(state.waitingCount, 1)
    }

    func testDisposalReturnsTheWaitingInnersAndStopsEverything() {
        var state = State(maxConcurrent: 1, arrived: "a", "b", "c")
        XCTAssertEqual(state.waitingCount, 2)
        state.disposed()
        XCTAssertEqual(state.waitingCount, 0, "b and c are released at once")
        XCTAssertTrue(state.isFinished)
        expect(arrive(&state, "d"), "none")
        expect(state.innerCompleted(), "none")
        expect(state.sourceCompleted(), "none")
        expect(state.failed(), "none")
        XCTAssertEqual(state.waitingCount, 0)
    }

    func testUnboundedDisposalHasNothingToRelease() {
        var state = State(maxConcurrent: 0, arrived: "a")
        state.disposed()
        XCTAssertTrue(state.isFinished)
        expect(state.innerCompleted(), "none")
    }
}

private extension MergeState {
    /// A state in which `inners` have arrived, in order.
    init(maxConcurrent: Int, arrived inners: Inner...) {
        self.init(maxConcurrent: maxConcurrent)
        for inner in inners { _ = innerArrived(inner) }
    }
}
