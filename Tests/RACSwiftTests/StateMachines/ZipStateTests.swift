import XCTest
@testable import RACSwift

/// `ZipState` driven as a pure function: each transition and the action it asks the sink to
/// perform, with no signals and no threads. Each test is a script: a call, and the action it
/// must return, step by step.
final class ZipStateTests: RACTestCase {
    private enum Step {
        case start, received(from: Int), sentHead, completed(input: Int), failed
    }

    /// Runs `steps` on `state` in order, checking each step's action.
    private func play(
        _ state: inout ZipState, _ steps: [(Step, ZipState.Action)], file: StaticString = #filePath, line: UInt = #line
    ) {
        for (index, (step, expected)) in steps.enumerated() {
            let action: ZipState.Action
            switch step {
            case .start: action = state.start()
            case .received(let input): action = state.received(from: input)
            case .sentHead: action = state.sentHead()
            case .completed(let input): action = state.completed(input: input)
            case .failed: action = state.failed()
            }
            XCTAssertEqual(action, expected, "step \(index): \(step)", file: file, line: line)
        }
    }

    func testNoInputsCompletesAtStart() {
        var state = ZipState(inputCount: 0)
        play(&state, [(.start, .complete)])
        XCTAssertTrue(state.isFinished)
        play(&state, [(.start, .none)])
    }

    func testStartWithInputsAsksForNothing() {
        var state = ZipState(inputCount: 2)
        play(&state, [(.start, .none)])
        XCTAssertFalse(state.isFinished)
    }

    func testATupleIsDueWhenEveryInputHasAValue() {
        var state = ZipState(inputCount: 3)
        play(&state, [(.received(from: 0), .none), (.received(from: 2), .none), (.received(from: 1), .sendHead), (.sentHead, .none)])
    }

    func testValuesBufferedOnOneSideArePairedInOrderAsTheOtherSends() {
        var state = ZipState(inputCount: 2)
        for _ in 0..<3 { play(&state, [(.received(from: 0), .none)]) }
        for _ in 0..<3 { play(&state, [(.received(from: 1), .sendHead), (.sentHead, .none)]) }
        // Both buffers are empty again: the next value waits for a partner.
        play(&state, [(.received(from: 1), .none), (.received(from: 0), .sendHead)])
    }

    func testCompletionWithNothingBufferedCompletes() {
        var state = ZipState(inputCount: 2)
        play(&state, [(.received(from: 1), .none), (.completed(input: 0), .complete)])
        XCTAssertTrue(state.isFinished)
    }

    func testCompletionWithBufferedValuesWaitsUntilTheyArePaired() {
        var state = ZipState(inputCount: 2)
        play(&state, [
            (.received(from: 0), .none), (.received(from: 0), .none), (.completed(input: 0), .none),
            (.received(from: 1), .sendHead),
            (.sentHead, .none),  // one value of input 0 still buffered
            (.received(from: 1), .sendHead),
            (.sentHead, .complete),  // the last one paired
        ])
        XCTAssertTrue(state.isFinished)
    }

    func testAnEmptyInputCompletingCompletesWhileOthersStillHoldValues() {
        // Seed 001's rule: 1…5 zipped with A…D ends after D; 5 is never paired.
        var state = ZipState(inputCount: 2)
        play(&state, [
            (.received(from: 0), .none), (.received(from: 0), .none), (.received(from: 1), .sendHead), (.sentHead, .none),
            (.completed(input: 1), .complete),
        ])
    }

    func testATupleThatEmptiesACompletedInputCompletesAfterItWentOut() {
        var state = ZipState(inputCount: 2)
        play(&state, [(.received(from: 1), .none), (.completed(input: 1), .none), (.received(from: 0), .sendHead), (.sentHead, .complete)])
    }

    func testAnErrorFailsOnceAndEndsTheState() {
        var state = ZipState(inputCount: 2)
        play(&state, [(.received(from: 0), .none), (.failed, .fail)])
        XCTAssertTrue(state.isFinished)
        play(&state, [(.failed, .none), (.received(from: 1), .none), (.completed(input: 1), .none)])
    }

    func testNothingIsAskedForAfterCompletion() {
        var state = ZipState(inputCount: 2)
        play(&state, [
            (.completed(input: 0), .complete), (.received(from: 1), .none), (.completed(input: 1), .none), (.failed, .none),
            (.start, .none),
        ])
    }

    func testAValueArrivingBeforeTheExhaustionCheckIsPaired() {
        // RAC checks for completion after the tuple went out, with the lock held: a value that
        // arrives while the tuple is delivered (re-entrantly) is paired first.
        var state = ZipState(inputCount: 2)
        play(&state, [
            (.received(from: 0), .none), (.received(from: 0), .none), (.completed(input: 0), .none),
            (.received(from: 1), .sendHead),
            (.received(from: 1), .sendHead),  // delivered re-entrantly, before the first tuple's `sentHead`
            (.sentHead, .complete), (.sentHead, .none),
        ])
    }

    // MARK: The buffer the state counts for

    func testBufferKeepsOrderAcrossWrapAroundAndGrowth() {
        let buffer = RingBuffer<Int>()
        var expected: [Int] = []
        var next = 0
        // Interleave appends and removals so the ring wraps, then grows while wrapped.
        for round in 1...6 {
            for _ in 0..<(round * 3) {
                buffer.append(next)
                expected.append(next)
                next += 1
            }
            for _ in 0..<(round * 2) { XCTAssertEqual(buffer.removeFirst(), expected.removeFirst()) }
        }
        while !expected.isEmpty { XCTAssertEqual(buffer.removeFirst(), expected.removeFirst()) }
    }

    func testBufferReleasesItsValuesOnRemoveAllAndOnDeinit() {
        final class Token {}
        weak var kept: Token?
        weak var dropped: Token?
        do {
            let buffer = RingBuffer<Token>()
            do {
                let first = Token(), second = Token()
                dropped = first
                buffer.append(first)
                buffer.append(second)
                buffer.removeAll()
            }
            XCTAssertNil(dropped)
            do {
                let third = Token()
                kept = third
                buffer.append(third)
            }
            XCTAssertNotNil(kept)
        }
        XCTAssertNil(kept)
    }
}
