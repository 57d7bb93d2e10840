import XCTest
@testable import RACSwift

/// `ZipState` driven as a pure function: each transition and the action it asks the sink to
/// perform, with no signals and no threads.
final class ZipStateTests: RACTestCase {
    func testNoInputsCompletesAtStart() {
        var state = ZipState(inputCount: 0)
        XCTAssertEqual(state.start(), .complete)
        XCTAssertTrue(state.isFinished)
        XCTAssertEqual(state.start(), .none)
    }

    func testStartWithInputsAsksForNothing() {
        var state = ZipState(inputCount: 2)
        XCTAssertEqual(state.start(), .none)
        XCTAssertFalse(state.isFinished)
    }

    func testATupleIsDueWhenEveryInputHasAValue() {
        var state = ZipState(inputCount: 3)
        XCTAssertEqual(state.received(from: 0), .none)
        XCTAssertEqual(state.received(from: 2), .none)
        XCTAssertEqual(state.received(from: 1), .sendHead)
        XCTAssertEqual(state.sentHead(), .none)
    }

    func testValuesBufferedOnOneSideArePairedInOrderAsTheOtherSends() {
        var state = ZipState(inputCount: 2)
        for _ in 0..<3 { XCTAssertEqual(state.received(from: 0), .none) }
        for _ in 0..<3 {
            XCTAssertEqual(state.received(from: 1), .sendHead)
            XCTAssertEqual(state.sentHead(), .none)
        }
        // Both buffers are empty again: the next value waits for a partner.
        XCTAssertEqual(state.received(from: 1), .none)
        XCTAssertEqual(state.received(from: 0), .sendHead)
    }

    func testCompletionWithNothingBufferedCompletes() {
        var state = ZipState(inputCount: 2)
        XCTAssertEqual(state.received(from: 1), .none)
        XCTAssertEqual(state.completed(input: 0), .complete)
        XCTAssertTrue(state.isFinished)
    }

    func testCompletionWithBufferedValuesWaitsUntilTheyArePaired() {
        var state = ZipState(inputCount: 2)
        XCTAssertEqual(state.received(from: 0), .none)
        XCTAssertEqual(state.received(from: 0), .none)
        XCTAssertEqual(state.completed(input: 0), .none)
        XCTAssertEqual(state.received(from: 1), .sendHead)
        XCTAssertEqual(state.sentHead(), .none)  // one value of input 0 still buffered
        XCTAssertEqual(state.received(from: 1), .sendHead)
        XCTAssertEqual(state.sentHead(), .complete)  // the last one paired
        XCTAssertTrue(state.isFinished)
    }

    func testAnEmptyInputCompletingCompletesWhileOthersStillHoldValues() {
        // Seed 001's rule: 1…5 zipped with A…D ends after D; 5 is never paired.
        var state = ZipState(inputCount: 2)
        XCTAssertEqual(state.received(from: 0), .none)
        XCTAssertEqual(state.received(from: 0), .none)
        XCTAssertEqual(state.received(from: 1), .sendHead)
        XCTAssertEqual(state.sentHead(), .none)
        XCTAssertEqual(state.completed(input: 1), .complete)
    }

    func testATupleThatEmptiesACompletedInputCompletesAfterItWentOut() {
        var state = ZipState(inputCount: 2)
        XCTAssertEqual(state.received(from: 1), .none)
        XCTAssertEqual(state.completed(input: 1), .none)
        XCTAssertEqual(state.received(from: 0), .sendHead)
        XCTAssertEqual(state.sentHead(), .complete)
    }

    func testAnErrorFailsOnceAndEndsTheState() {
        var state = ZipState(inputCount: 2)
        XCTAssertEqual(state.received(from: 0), .none)
        XCTAssertEqual(state.failed(), .fail)
        XCTAssertTrue(state.isFinished)
        XCTAssertEqual(state.failed(), .none)
        XCTAssertEqual(state.received(from: 1), .none)
        XCTAssertEqual(state.completed(input: 1), .none)
    }

    func testNothingIsAskedForAfterCompletion() {
        var state = ZipState(inputCount: 2)
        XCTAssertEqual(state.completed(input: 0), .complete)
        XCTAssertEqual(state.received(from: 1), .none)
        XCTAssertEqual(state.completed(input: 1), .none)
        XCTAssertEqual(state.failed(), .none)
        XCTAssertEqual(state.start(), .none)
    }

    func testAValueArrivingBeforeTheExhaustionCheckIsPaired() {
        // RAC checks for completion after the tuple went out, with the lock held: a value that
        // arrives while the tuple is delivered (re-entrantly) is paired first.
        var state = ZipState(inputCount: 2)
        XCTAssertEqual(state.received(from: 0), .none)
        XCTAssertEqual(state.received(from: 0), .none)
        XCTAssertEqual(state.completed(input: 0), .none)
        XCTAssertEqual(state.received(from: 1), .sendHead)
        // Delivered re-entrantly, before `sentHead` of the first tuple:
        XCTAssertEqual(state.received(from: 1), .sendHead)
        XCTAssertEqual(state.sentHead(), .complete)
        XCTAssertEqual(state.sentHead(), .none)
    }

    // MARK: The buffer the state counts for

    func testBufferKeepsOrderAcrossWrapAroundAndGrowth() {
        let buffer = ZipBuffer<Int>()
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
            let buffer = ZipBuffer<Token>()
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
