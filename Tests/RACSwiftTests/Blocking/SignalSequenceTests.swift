import Foundation
import RACSwift
import XCTest

final class SignalSequenceTests: RACTestCase {
    func testSequenceHoldsTheSignalsValues() {
        let signal = Signal<Int>.create { s in
            for value in 1...3 { s.sendNext(value) }
            s.sendCompleted()
            return nil
        }
        XCTAssertEqual(Array(signal.sequence), [1, 2, 3])
    }

    func testSequenceSubscribesOnlyWhenFirstReadAndOnceForEveryPass() {
        nonisolated(unsafe) var sideEffects = 0
        let signal = Signal<Int>.create { s in
            sideEffects += 1
            for value in 1...3 { s.sendNext(value) }
            s.sendCompleted()
            return nil
        }
        let sequence = signal.sequence
        XCTAssertEqual(sideEffects, 0)
        XCTAssertEqual(Array(sequence), [1, 2, 3])
        XCTAssertEqual(Array(sequence), [1, 2, 3])
        XCTAssertEqual(sequence.map { $0 * 2 }, [2, 4, 6])
        XCTAssertEqual(sequence.first { $0 > 1 }, 2)
        XCTAssertEqual(sideEffects, 1)
    }

    func testSequenceOfAnEmptySignalIsEmpty() {
        XCTAssertEqual(Array(Signal<Int>.empty.sequence), [])
    }

    // RAC's RACSignalSequence ends where the signal fails; the error is kept for inspection.
    func testErrorEndsTheSequenceAndIsKept() {
        let signal = Signal<Int>.create { s in
            s.sendNext(1)
            s.sendError(TestError.boom)
            return nil
        }
        let sequence = signal.sequence
        XCTAssertNil(sequence.error)
        XCTAssertEqual(Array(sequence), [1])
        XCTAssertEqual(sequence.error as? TestError, .boom)
        XCTAssertEqual(Array(sequence), [1])
    }

    func testIterationBlocksOnlyForValuesNotYetArrived() {
        let gate = DispatchSemaphore(value: 0)
        let signal = Signal<Int>.create { s in
            s.sendNext(1)
            DispatchQueue.global().async {
                gate.wait()
                s.sendNext(2)
                s.sendCompleted()
            }
            return nil
        }
        let sequence = signal.sequence
        var iterator = sequence.makeIterator()
        // The first value is already there: no blocking.
        XCTAssertEqual(iterator.next(), 1)
        gate.signal()
        XCTAssertEqual(iterator.next(), 2)
        XCTAssertNil(iterator.next())
        XCTAssertEqual(Array(sequence), [1, 2])
    }

    func testSimultaneousIteratorsSeeTheSameValues() {
        let subject = Subject<Int>()
        let sequence = subject.sequence
        var a = sequence.makeIterator()
        // The first read subscribes; its values come from another thread.
        let done = expectation(description: "read")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) {
            subject.sendNext(1)
            subject.sendNext(2)
            subject.sendCompleted()
        }
        XCTAssertEqual(a.next(), 1)
        DispatchQueue.global().async {
            XCTAssertEqual(Array(sequence), [1, 2])
            done.fulfill()
        }
        XCTAssertEqual(a.next(), 2)
        XCTAssertNil(a.next())
        wait(for: [done], timeout: 10)
    }

    func testDroppingTheSequenceDisposesTheSubscription() {
        nonisolated(unsafe) var disposed = false
        let subject = Subject<Int>()
        let signal = Signal<Int>.create { s in
            s.sendNext(1)
            let inner = subject.subscribe(s)
            return Disposable {
                inner.dispose()
                disposed = true
            }
        }
        do {
            var iterator = signal.sequence.makeIterator()
            XCTAssertEqual(iterator.next(), 1)
        }
        XCTAssertTrue(disposed)
    }
}
