import XCTest
import RACSwift
import RACSwiftTesting

/// The fixed-arity `combineLatest` and `zip` overloads (two to six signals,
/// CombineLatestAndZipArities.swift), each form at each arity, event by event; and the
/// any-arity forms at seven signals, which the overloads leave to them.
final class CombineLatestAndZipArityTests: RACTestCase {

    // MARK: 2 signals

    func testCombineLatestOfTwoSignalsSendsTuples() {
        assertCombineLatestSendsTuples(arity: 2) { i in Signal.combineLatest(i.a.signal, i.b.signal).map { "\($0)\($1)" } }
    }

    func testZipOfTwoSignalsSendsTuples() {
        assertZipSendsTuples(arity: 2) { i in Signal.zip(i.a.signal, i.b.signal).map { "\($0)\($1)" } }
    }

    func testCombineLatestOfTwoSignalsWithReduce() {
        assertCombineLatestReduceForm(arity: 2) { i in
            Signal.combineLatest(i.a.signal, i.b.signal, reduce: { v0, v1 in "\(v0)\(v1)" })
        }
    }

    func testZipOfTwoSignalsWithReduce() {
        assertZipReduceForm(arity: 2) { i in Signal.zip(i.a.signal, i.b.signal, reduce: { v0, v1 in "\(v0)\(v1)" }) }
    }

    // MARK: 3 signals

    func testCombineLatestOfThreeSignalsSendsTuples() {
        assertCombineLatestSendsTuples(arity: 3) { i in Signal.combineLatest(i.a.signal, i.b.signal, i.c.signal).map { "\($0)\($1)\($2)" } }
    }

    func testZipOfThreeSignalsSendsTuples() {
        assertZipSendsTuples(arity: 3) { i in Signal.zip(i.a.signal, i.b.signal, i.c.signal).map { "\($0)\($1)\($2)" } }
    }

    func testCombineLatestOfThreeSignalsWithReduce() {
        assertCombineLatestReduceForm(arity: 3) { i in
            Signal.combineLatest(i.a.signal, i.b.signal, i.c.signal, reduce: { v0, v1, v2 in "\(v0)\(v1)\(v2)" })
        }
    }

    func testZipOfThreeSignalsWithReduce() {
        assertZipReduceForm(arity: 3) { i in Signal.zip(i.a.signal, i.b.signal, i.c.signal, reduce: { v0, v1, v2 in "\(v0)\(v1)\(v2)" }) }
    }

    // MARK: 4 signals

    func testCombineLatestOfFourSignalsSendsTuples() {
        assertCombineLatestSendsTuples(arity: 4) { i in Signal.combineLatest(i.a.signal, i.b.signal, i.c.signal, i.d.signal).map { "\($0)\($1)\($2)\($3)" } }
    }

    func testZipOfFourSignalsSendsTuples() {
        assertZipSendsTuples(arity: 4) { i in Signal.zip(i.a.signal, i.b.signal, i.c.signal, i.d.signal).map { "\($0)\($1)\($2)\($3)" } }
    }

    func testCombineLatestOfFourSignalsWithReduce() {
        assertCombineLatestReduceForm(arity: 4) { i in
            Signal.combineLatest(i.a.signal, i.b.signal, i.c.signal, i.d.signal, reduce: { v0, v1, v2, v3 in "\(v0)\(v1)\(v2)\(v3)" })
        }
    }

    func testZipOfFourSignalsWithReduce() {
        assertZipReduceForm(arity: 4) { i in Signal.zip(i.a.signal, i.b.signal, i.c.signal, i.d.signal, reduce: { v0, v1, v2, v3 in "\(v0)\(v1)\(v2)\(v3)" }) }
    }

    // MARK: 5 signals

    func testCombineLatestOfFiveSignalsSendsTuples() {
        assertCombineLatestSendsTuples(arity: 5) { i in Signal.combineLatest(i.a.signal, i.b.signal, i.c.signal, i.d.signal, i.e.signal).map { "\($0)\($1)\($2)\($3)\($4)" } }
    }

    func testZipOfFiveSignalsSendsTuples() {
        assertZipSendsTuples(arity: 5) { i in Signal.zip(i.a.signal, i.b.signal, i.c.signal, i.d.signal, i.e.signal).map { "\($0)\($1)\($2)\($3)\($4)" } }
    }

    func testCombineLatestOfFiveSignalsWithReduce() {
        assertCombineLatestReduceForm(arity: 5) { i in
            Signal.combineLatest(i.a.signal, i.b.signal, i.c.signal, i.d.signal, i.e.signal, reduce: { v0, v1, v2, v3, v4 in "\(v0)\(v1)\(v2)\(v3)\(v4)" })
        }
    }

    func testZipOfFiveSignalsWithReduce() {
        assertZipReduceForm(arity: 5) { i in Signal.zip(i.a.signal, i.b.signal, i.c.signal, i.d.signal, i.e.signal, reduce: { v0, v1, v2, v3, v4 in "\(v0)\(v1)\(v2)\(v3)\(v4)" }) }
    }

    // MARK: 6 signals

    func testCombineLatestOfSixSignalsSendsTuples() {
        assertCombineLatestSendsTuples(arity: 6) { i in Signal.combineLatest(i.a.signal, i.b.signal, i.c.signal, i.d.signal, i.e.signal, i.f.signal).map { "\($0)\($1)\($2)\($3)\($4)\($5)" } }
    }

    func testZipOfSixSignalsSendsTuples() {
        assertZipSendsTuples(arity: 6) { i in Signal.zip(i.a.signal, i.b.signal, i.c.signal, i.d.signal, i.e.signal, i.f.signal).map { "\($0)\($1)\($2)\($3)\($4)\($5)" } }
    }

    func testCombineLatestOfSixSignalsWithReduce() {
        assertCombineLatestReduceForm(arity: 6) { i in
            Signal.combineLatest(i.a.signal, i.b.signal, i.c.signal, i.d.signal, i.e.signal, i.f.signal, reduce: { v0, v1, v2, v3, v4, v5 in "\(v0)\(v1)\(v2)\(v3)\(v4)\(v5)" })
        }
    }

    func testZipOfSixSignalsWithReduce() {
        assertZipReduceForm(arity: 6) { i in Signal.zip(i.a.signal, i.b.signal, i.c.signal, i.d.signal, i.e.signal, i.f.signal, reduce: { v0, v1, v2, v3, v4, v5 in "\(v0)\(v1)\(v2)\(v3)\(v4)\(v5)" }) }
    }

    // MARK: The checks, the same at every arity
    //
    // Each takes the form under test built from the first `arity` inputs and printed one
    // string per value ("1btrue" for (1, "b", true)).

    /// Nothing until the last input's first value, then a tuple on every value; completes
    /// only when every input has.
    private func assertCombineLatestSendsTuples(
        arity: Int, file: StaticString = #filePath, line: UInt = #line, _ build: (ArityInputs) -> Signal<String>
    ) {
        let inputs = ArityInputs(arity: arity)
        let log = HigherLog(build(inputs))
        let last = arity - 1
        for index in 0..<last { inputs.sendFirst(index) }
        XCTAssertEqual(log.events, [], file: file, line: line)
        inputs.sendFirst(last)
        XCTAssertEqual(log.events, [inputs.firsts], file: file, line: line)
        inputs.a.send(2)
        XCTAssertEqual(log.events, [inputs.firsts, inputs.firstsAfterA2], file: file, line: line)
        for index in 0..<last { inputs.complete(index) }
        XCTAssertEqual(log.events, [inputs.firsts, inputs.firstsAfterA2], file: file, line: line)
        inputs.complete(last)
        XCTAssertEqual(log.events, [inputs.firsts, inputs.firstsAfterA2, "completed"], file: file, line: line)
        XCTAssertEqual(inputs.disposals, inputs.eachOnce, file: file, line: line)
    }

    /// The n-th values go out together; the result completes once a completed input's values
    /// have all been zipped, and disposes every input.
    private func assertZipSendsTuples(
        arity: Int, file: StaticString = #filePath, line: UInt = #line, _ build: (ArityInputs) -> Signal<String>
    ) {
        let inputs = ArityInputs(arity: arity)
        let log = HigherLog(build(inputs))
        let last = arity - 1
        inputs.a.send(1)
        inputs.a.send(2)
        inputs.a.sendCompleted()
        for index in 1..<last { inputs.sendFirst(index) }
        XCTAssertEqual(log.events, [], file: file, line: line)
        inputs.sendFirst(last)
        XCTAssertEqual(log.events, [inputs.firsts], file: file, line: line)
        for index in 1...last { inputs.sendSecond(index) }
        XCTAssertEqual(log.events, [inputs.firsts, inputs.seconds, "completed"], file: file, line: line)
        XCTAssertEqual(inputs.disposals, inputs.eachOnce, file: file, line: line)
    }

    /// `reduce` gets the latest values as separate arguments; an error from any input is
    /// forwarded at once and disposes every input.
    private func assertCombineLatestReduceForm(
        arity: Int, file: StaticString = #filePath, line: UInt = #line, _ build: (ArityInputs) -> Signal<String>
    ) {
        let inputs = ArityInputs(arity: arity)
        assertReduceForm(build, inputs, sendsBeforeTheError: [inputs.firsts, inputs.firstsAfterA2], file: file, line: line)
    }

    /// `reduce` gets each set of n-th values as separate arguments; an error from any input
    /// is forwarded at once and disposes every input.
    private func assertZipReduceForm(
        arity: Int, file: StaticString = #filePath, line: UInt = #line, _ build: (ArityInputs) -> Signal<String>
    ) {
        let inputs = ArityInputs(arity: arity)
        assertReduceForm(build, inputs, sendsBeforeTheError: [inputs.firsts], file: file, line: line)
    }

    /// Every input sends its first value, then `a` its second; then `b` fails.
    private func assertReduceForm(
        _ build: (ArityInputs) -> Signal<String>, _ inputs: ArityInputs, sendsBeforeTheError expected: [String],
        file: StaticString, line: UInt
    ) {
        let log = HigherLog(build(inputs))
        for index in 0..<inputs.arity { inputs.sendFirst(index) }
        inputs.a.send(2)
        XCTAssertEqual(log.events, expected, file: file, line: line)
        inputs.b.sendError(TestError("b"))
        XCTAssertEqual(log.events, expected + ["error b"], file: file, line: line)
        XCTAssertEqual(inputs.disposals, inputs.eachOnce, file: file, line: line)
    }

    // MARK: Seven signals: the any-arity forms

    /// Seven fresh inputs, made by each test: held by the test case instance instead (which
    /// XCTest never frees), their weak-reference side tables were reported by LeakSanitizer.
    private func makeSeven() -> [HigherProbe<Int>] { (0..<7).map { _ in HigherProbe<Int>() } }
    private static func sumOfSeven(_ v0: Int, _ v1: Int, _ v2: Int, _ v3: Int, _ v4: Int, _ v5: Int, _ v6: Int) -> Int {
        v0 + v1 + v2 + v3 + v4 + v5 + v6
    }

    func testCombineLatestOfSevenSignalsUsesTheAnyArityForm() {
        let seven = makeSeven()
        let s = seven.map(\.signal)
        let combined: Signal<(Int, Int, Int, Int, Int, Int, Int)> = Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
        let log = HigherLog(combined.map { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)" })
        for (index, input) in seven.enumerated() { input.send(index) }
        seven[0].send(7)
        for input in seven { input.sendCompleted() }
        XCTAssertEqual(log.events, ["0123456", "7123456", "completed"])
    }

    func testCombineLatestOfSevenSignalsWithReduceUsesTheAnyArityForm() {
        let seven = makeSeven()
        let s = seven.map(\.signal)
        let log = HigherLog(Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], reduce: Self.sumOfSeven))
        for (index, input) in seven.enumerated() { input.send(index) }
        seven[0].send(7)
        seven[3].sendError(TestError("d"))
        XCTAssertEqual(log.events, ["21", "28", "error d"])
        XCTAssertEqual(seven.map(\.disposals), Array(repeating: 1, count: 7))
    }

    func testZipOfSevenSignalsUsesTheAnyArityForm() {
        let seven = makeSeven()
        let s = seven.map(\.signal)
        let zipped: Signal<(Int, Int, Int, Int, Int, Int, Int)> = Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
        let log = HigherLog(zipped.map { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)" })
        seven[0].send(7)
        seven[0].sendCompleted()
        for (index, input) in seven.enumerated().dropFirst() { input.send(index) }
        XCTAssertEqual(log.events, ["7123456", "completed"])
    }

    func testZipOfSevenSignalsWithReduceUsesTheAnyArityForm() {
        let seven = makeSeven()
        let s = seven.map(\.signal)
        let log = HigherLog(Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], reduce: Self.sumOfSeven))
        for (index, input) in seven.enumerated() { input.send(index) }
        seven[6].sendCompleted()
        XCTAssertEqual(log.events, ["21", "completed"])
    }
}

/// Six inputs of mixed types; a test at arity n combines the first n (`a`, `b`, ...). Each
/// input has a first and a second value, and the checks expect them printed side by side.
private struct ArityInputs {
    let arity: Int
    let a = HigherProbe<Int>()
    let b = HigherProbe<String>()
    let c = HigherProbe<Bool>()
    let d = HigherProbe<Double>()
    let e = HigherProbe<Int>()
    let f = HigherProbe<String>()
    private let inputs: [Input]

    init(arity: Int) {
        self.arity = arity
        inputs = Array([
            Input(a, 1, 2), Input(b, "b", "B"), Input(c, true, false),
            Input(d, 0.5, 1.5), Input(e, 5, 6), Input(f, "f", "F"),
        ].prefix(arity))
    }

    func sendFirst(_ index: Int) { inputs[index].sendFirst() }
    func sendSecond(_ index: Int) { inputs[index].sendSecond() }
    func complete(_ index: Int) { inputs[index].complete() }

    var disposals: [Int] { inputs.map { $0.disposals() } }
    var eachOnce: [Int] { Array(repeating: 1, count: arity) }

    /// Every input's first value, e.g. "1btrue" at arity 3.
    var firsts: String { inputs.map(\.first).joined() }
    /// Every input's second value, e.g. "2Bfalse" at arity 3.
    var seconds: String { inputs.map(\.second).joined() }
    /// The first values after `a` has sent its second, e.g. "2btrue" at arity 3.
    var firstsAfterA2: String { inputs[0].second + inputs.dropFirst().map(\.first).joined() }

    /// One probe with its two values, whatever its value type.
    private struct Input {
        let first: String
        let second: String
        let sendFirst: () -> Void
        let sendSecond: () -> Void
        let complete: () -> Void
        let disposals: () -> Int

        init<Value>(_ probe: HigherProbe<Value>, _ first: Value, _ second: Value) {
            self.first = "\(first)"
            self.second = "\(second)"
            sendFirst = { probe.send(first) }
            sendSecond = { probe.send(second) }
            complete = { probe.sendCompleted() }
            disposals = { probe.disposals }
        }
    }
}
