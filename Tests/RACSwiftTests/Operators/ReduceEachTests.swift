import XCTest
@testable import RACSwift

final class ReduceEachTests: RACTestCase {
    // Seed 000: a signal of pairs reduced with `num1 + num2`.
    func testReduceEachAddsPairsAsInTheSeed() {
        let probe = SyncSource<(Int, Int)>(values: [(1, 2), (3, 4)])
        let sums = probe.signal.reduceEach { (a: Int, b: Int) in a + b }
        XCTAssertEqual(EventLog(sums).events, .valuesThenCompleted([3, 7]))
    }

    // RACStreamExamples "should reduce tuples".
    func testReduceEachReducesStringPairs() {
        let probe = SyncSource<(String, String)>(values: [("foo", "bar"), ("buzz", "baz"), ("", "_")])
        XCTAssertEqual(EventLog(probe.signal.reduceEach { $0 + $1 }).events,
                       .valuesThenCompleted(["foobar", "buzzbaz", "_"]))
    }

    func testReduceEachOnTriplesOfMixedTypes() {
        let probe = SyncSource<(String, Int, Bool)>(values: [("a", 1, true), ("b", 2, false)])
        let reduced = probe.signal.reduceEach { (s: String, n: Int, flag: Bool) in "\(s)\(n)\(flag ? "!" : "?")" }
        XCTAssertEqual(EventLog(reduced).events, .valuesThenCompleted(["a1!", "b2?"]))
    }

    func testReduceEachOnSixTuples() {
        let probe = SyncSource<(Int, Int, Int, Int, Int, Int)>(values: [(1, 2, 3, 4, 5, 6), (0, 0, 0, 0, 0, 1)])
        let reduced = probe.signal.reduceEach { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) -> Int in
            a * 100_000 + b * 10_000 + c * 1_000 + d * 100 + e * 10 + f
        }
        XCTAssertEqual(EventLog(reduced).events, .valuesThenCompleted([123_456, 1]))
    }

    func testReduceEachKeepsNilElements() {
        let probe = SyncSource<(Int?, String)>(values: [(nil, "x"), (1, "y")])
        let reduced = probe.signal.reduceEach { (n: Int?, s: String) in "\(n.map(String.init) ?? "nil")\(s)" }
        XCTAssertEqual(EventLog(reduced).events, .valuesThenCompleted(["nilx", "1y"]))
    }

    func testReduceEachForwardsError() {
        let probe = SyncSource<(Int, Int)>(values: [(1, 1)], then: .error(TestError(code: 1)))
        XCTAssertEqual(EventLog(probe.signal.reduceEach { (a: Int, b: Int) in a - b }).events,
                       [.next(0), .error(TestError(code: 1))])
        XCTAssertEqual(probe.disposals, 1)
    }

    func testDisposingReduceEachDisposesTheSource() {
        assertDisposingStopsValuesAndDisposesTheSource({ $0.reduceEach { (a: Int, b: Int) in a * b } }, sending: [(2, 3)], thenAfterDisposal: [(4, 5)], receives: [6])
    }

    func testReduceEachResubscriptionRunsTheSourceAgain() {
        assertResubscriptionRunsTheSourceAgain({ $0.reduceEach { (a: Int, b: Int) in a + b } }, values: [(1, 2)], receives: [3])
    }

    func testReduceEachAfterZipWith() {
        let numbers = SyncSource(values: [1, 2, 3]).signal
        let letters = SyncSource(values: ["a", "b"]).signal
        let reduced = numbers.zip(with: letters).reduceEach { (n: Int, s: String) in "\(n)\(s)" }
        XCTAssertEqual(EventLog(reduced).events, .valuesThenCompleted(["1a", "2b"]))
    }
}
