import Foundation
import RACSwift
import XCTest

final class ZipWithTests: RACTestCase {
    private func sequence<T: Sendable>(_ values: [T]) -> Signal<T> {
        Signal.create { subscriber in
            for value in values { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }
    }

    private func pairs(_ recorder: EventLog<(Int, String)>) -> [String] {
        recorder.events.map { event in
            switch event {
            case .next(let (number, letter)): return "\(number)\(letter)"
            case .error(let error): return "error \(error)"
            case .completed: return "|"
            }
        }
    }

    func testOneToFiveWithAToDSendsFourPairsThenCompletes() {
        let recorder = EventLog(sequence([1, 2, 3, 4, 5]).zip(with: sequence(["A", "B", "C", "D"])))
        XCTAssertEqual(pairs(recorder), ["1A", "2B", "3C", "4D", "|"])
    }

    func testTheShorterSideFirstGivesTheSamePairs() {
        let recorder = EventLog(sequence(["A", "B"]).zip(with: sequence([1, 2, 3])))
        XCTAssertEqual(recorder.values.map { "\($0.0)\($0.1)" }, ["A1", "B2"])
        XCTAssertEqual(recorder.events.last?.isFinished, true)
    }

    /// `left.zip(with: right)` of two driven sources, and its log.
    private func zipOfTwoProbes() -> (left: HigherProbe<Int>, right: HigherProbe<String>, recorder: EventLog<(Int, String)>) {
        let left = HigherProbe<Int>()
        let right = HigherProbe<String>()
        return (left, right, EventLog(left.signal.zip(with: right.signal)))
    }

    func testPairsTheNthValuesWhateverTheArrivalOrder() {
        let (left, right, recorder) = zipOfTwoProbes()
        left.send(1)
        left.send(2)
        left.send(3)
        XCTAssertEqual(pairs(recorder), [])
        right.send("A")
        XCTAssertEqual(pairs(recorder), ["1A"])
        right.send("B")
        right.send("C")
        right.send("D")
        left.send(4)
        XCTAssertEqual(pairs(recorder), ["1A", "2B", "3C", "4D"])
        recorder.disposable?.dispose()
    }

    func testASideThatCompletesWithValuesBufferedWaitsForTheirPartners() {
        let (left, right, recorder) = zipOfTwoProbes()
        left.send(1)
        left.send(2)
        left.sendCompleted()
        XCTAssertEqual(pairs(recorder), [])
        right.send("A")
        XCTAssertEqual(pairs(recorder), ["1A"])
        right.send("B")
        XCTAssertEqual(pairs(recorder), ["1A", "2B", "|"], "left is exhausted: complete at once")
        XCTAssertEqual(right.disposals, 1, "the still-running side is disposed")
    }

    func testASideThatCompletesEmptyEndsTheZipAtOnce() {
        let (left, right, recorder) = zipOfTwoProbes()
        right.send("A")
        right.sendCompleted()
        XCTAssertEqual(pairs(recorder), [], "right still has A waiting for a partner")
        left.send(1)
        XCTAssertEqual(pairs(recorder), ["1A", "|"])
        XCTAssertEqual(left.disposals, 1)
    }

    // Regression: the last pair used to be followed by `completed` even when the subscriber
    // had disposed while receiving it.
    func testASubscriberThatDisposesOnTheLastPairGetsNoCompletion() {
        let left = HigherProbe<Int>()
        let right = HigherProbe<String>()
        let subscriber = Fixture.LoggingSubscriber<(Int, String)>()
        subscriber.onNext = { _, subscriber in subscriber.disposables.first?.dispose() }
        left.signal.zip(with: right.signal).subscribe(subscriber)
        left.send(1)
        left.sendCompleted()
        right.send("A")
        XCTAssertEqual(subscriber.log.all, ["didSubscribe", "next (1, \"A\")"])
        XCTAssertEqual(left.disposals + right.disposals, 2, "both sides are disposed")
    }

    func testAnErrorFromEitherSideIsForwardedAtOnce() {
        for failLeft in [true, false] {
            let (left, right, recorder) = zipOfTwoProbes()
            left.send(1)
            if failLeft { left.sendError() } else { right.sendError() }
            right.send("A")
            XCTAssertEqual(pairs(recorder), ["error boom"])
            XCTAssertEqual(left.disposals + right.disposals, 2, "both sides are disposed")
        }
    }

    func testDisposalDisposesBothSides() {
        let (left, right, recorder) = zipOfTwoProbes()
        left.send(1)
        recorder.disposable?.dispose()
        XCTAssertEqual(left.disposals, 1)
        XCTAssertEqual(right.disposals, 1)
        right.send("A")
        XCTAssertEqual(pairs(recorder), [])
    }

    func testSidesOnDifferentThreadsPairEveryValueWithoutOverlap() {
        let left = HigherProbe<Int>()
        let right = HigherProbe<Int>()
        let detector = Fixture.OverlapDetector()
        // Unlocked on purpose: the library serializes these deliveries, and TSan checks it.
        nonisolated(unsafe) var received: [(Int, Int)] = []
        let disposable = left.signal.zip(with: right.signal).subscribeNext { pair in
            detector.enter()
            received.append(pair)
            detector.leave()
        }
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            for value in 0..<2_000 {
                if side == 0 { left.send(value) } else { right.send(-value) }
            }
        }
        XCTAssertFalse(detector.didOverlap)
        XCTAssertEqual(received.count, 2_000)
        XCTAssertTrue(received.allSatisfy { $0.0 == -$0.1 })
        XCTAssertEqual(received.map(\.0), Array(0..<2_000))
        disposable.dispose()
    }
}
