import XCTest
import RACSwift
import RACSwiftTesting

/// The fixed-arity `combineLatest` and `zip` overloads (two to six signals,
/// CombineLatestAndZipArities.swift), each form at each arity, event by event; and the
/// any-arity forms at seven signals, which the overloads leave to them.
final class CombineLatestAndZipArityTests: RACTestCase {

    // MARK: 2 signals

    /// Nothing until the last input's first value, then a tuple on every value; completes
    /// only when every input has.
    func testCombineLatestOfTwoSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let combined: Signal<(Int, String)> = Signal.combineLatest(a.signal, b.signal)
        let log = HigherLog(combined.map { "\($0)\($1)" })
        a.send(1)
        XCTAssertEqual(log.events, [])
        b.send("b")
        XCTAssertEqual(log.events, ["1b"])
        a.send(2)
        XCTAssertEqual(log.events, ["1b", "2b"])
        a.sendCompleted()
        XCTAssertEqual(log.events, ["1b", "2b"])
        b.sendCompleted()
        XCTAssertEqual(log.events, ["1b", "2b", "completed"])
        XCTAssertEqual([a.disposals, b.disposals], [1, 1])
    }

    /// `reduce` gets the latest values as separate arguments; an error from any input is
    /// forwarded at once and disposes every input.
    func testCombineLatestOfTwoSignalsWithReduce() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let log = HigherLog(Signal.combineLatest(a.signal, b.signal, reduce: { v0, v1 in "\(v0)\(v1)" }))
        a.send(1)
        b.send("b")
        a.send(2)
        XCTAssertEqual(log.events, ["1b", "2b"])
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["1b", "2b", "error b"])
        XCTAssertEqual([a.disposals, b.disposals], [1, 1])
    }

    /// The n-th values go out together; the result completes once a completed input's values
    /// have all been zipped, and disposes every input.
    func testZipOfTwoSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let zipped: Signal<(Int, String)> = Signal.zip(a.signal, b.signal)
        let log = HigherLog(zipped.map { "\($0)\($1)" })
        a.send(1)
        a.send(2)
        a.sendCompleted()
        XCTAssertEqual(log.events, [])
        b.send("b")
        XCTAssertEqual(log.events, ["1b"])
        b.send("B")
        XCTAssertEqual(log.events, ["1b", "2B", "completed"])
        XCTAssertEqual([a.disposals, b.disposals], [1, 1])
    }

    /// `reduce` gets each set of n-th values as separate arguments; an error from any input
    /// is forwarded at once and disposes every input.
    func testZipOfTwoSignalsWithReduce() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let log = HigherLog(Signal.zip(a.signal, b.signal, reduce: { v0, v1 in "\(v0)\(v1)" }))
        a.send(1)
        b.send("b")
        a.send(2)
        XCTAssertEqual(log.events, ["1b"])
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["1b", "error b"])
        XCTAssertEqual([a.disposals, b.disposals], [1, 1])
    }

    // MARK: 3 signals

    /// Nothing until the last input's first value, then a tuple on every value; completes
    /// only when every input has.
    func testCombineLatestOfThreeSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let combined: Signal<(Int, String, Bool)> = Signal.combineLatest(a.signal, b.signal, c.signal)
        let log = HigherLog(combined.map { "\($0)\($1)\($2)" })
        a.send(1)
        b.send("b")
        XCTAssertEqual(log.events, [])
        c.send(true)
        XCTAssertEqual(log.events, ["1btrue"])
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue", "2btrue"])
        a.sendCompleted()
        b.sendCompleted()
        XCTAssertEqual(log.events, ["1btrue", "2btrue"])
        c.sendCompleted()
        XCTAssertEqual(log.events, ["1btrue", "2btrue", "completed"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals], [1, 1, 1])
    }

    /// `reduce` gets the latest values as separate arguments; an error from any input is
    /// forwarded at once and disposes every input.
    func testCombineLatestOfThreeSignalsWithReduce() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let log = HigherLog(Signal.combineLatest(a.signal, b.signal, c.signal, reduce: { v0, v1, v2 in "\(v0)\(v1)\(v2)" }))
        a.send(1)
        b.send("b")
        c.send(true)
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue", "2btrue"])
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["1btrue", "2btrue", "error b"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals], [1, 1, 1])
    }

    /// The n-th values go out together; the result completes once a completed input's values
    /// have all been zipped, and disposes every input.
    func testZipOfThreeSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let zipped: Signal<(Int, String, Bool)> = Signal.zip(a.signal, b.signal, c.signal)
        let log = HigherLog(zipped.map { "\($0)\($1)\($2)" })
        a.send(1)
        a.send(2)
        a.sendCompleted()
        b.send("b")
        XCTAssertEqual(log.events, [])
        c.send(true)
        XCTAssertEqual(log.events, ["1btrue"])
        b.send("B")
        c.send(false)
        XCTAssertEqual(log.events, ["1btrue", "2Bfalse", "completed"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals], [1, 1, 1])
    }

    /// `reduce` gets each set of n-th values as separate arguments; an error from any input
    /// is forwarded at once and disposes every input.
    func testZipOfThreeSignalsWithReduce() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let log = HigherLog(Signal.zip(a.signal, b.signal, c.signal, reduce: { v0, v1, v2 in "\(v0)\(v1)\(v2)" }))
        a.send(1)
        b.send("b")
        c.send(true)
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue"])
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["1btrue", "error b"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals], [1, 1, 1])
    }

    // MARK: 4 signals

    /// Nothing until the last input's first value, then a tuple on every value; completes
    /// only when every input has.
    func testCombineLatestOfFourSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let combined: Signal<(Int, String, Bool, Double)> = Signal.combineLatest(a.signal, b.signal, c.signal, d.signal)
        let log = HigherLog(combined.map { "\($0)\($1)\($2)\($3)" })
        a.send(1)
        b.send("b")
        c.send(true)
        XCTAssertEqual(log.events, [])
        d.send(0.5)
        XCTAssertEqual(log.events, ["1btrue0.5"])
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue0.5", "2btrue0.5"])
        a.sendCompleted()
        b.sendCompleted()
        c.sendCompleted()
        XCTAssertEqual(log.events, ["1btrue0.5", "2btrue0.5"])
        d.sendCompleted()
        XCTAssertEqual(log.events, ["1btrue0.5", "2btrue0.5", "completed"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals], [1, 1, 1, 1])
    }

    /// `reduce` gets the latest values as separate arguments; an error from any input is
    /// forwarded at once and disposes every input.
    func testCombineLatestOfFourSignalsWithReduce() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let log = HigherLog(Signal.combineLatest(a.signal, b.signal, c.signal, d.signal, reduce: { v0, v1, v2, v3 in "\(v0)\(v1)\(v2)\(v3)" }))
        a.send(1)
        b.send("b")
        c.send(true)
        d.send(0.5)
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue0.5", "2btrue0.5"])
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["1btrue0.5", "2btrue0.5", "error b"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals], [1, 1, 1, 1])
    }

    /// The n-th values go out together; the result completes once a completed input's values
    /// have all been zipped, and disposes every input.
    func testZipOfFourSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let zipped: Signal<(Int, String, Bool, Double)> = Signal.zip(a.signal, b.signal, c.signal, d.signal)
        let log = HigherLog(zipped.map { "\($0)\($1)\($2)\($3)" })
        a.send(1)
        a.send(2)
        a.sendCompleted()
        b.send("b")
        c.send(true)
        XCTAssertEqual(log.events, [])
        d.send(0.5)
        XCTAssertEqual(log.events, ["1btrue0.5"])
        b.send("B")
        c.send(false)
        d.send(1.5)
        XCTAssertEqual(log.events, ["1btrue0.5", "2Bfalse1.5", "completed"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals], [1, 1, 1, 1])
    }

    /// `reduce` gets each set of n-th values as separate arguments; an error from any input
    /// is forwarded at once and disposes every input.
    func testZipOfFourSignalsWithReduce() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let log = HigherLog(Signal.zip(a.signal, b.signal, c.signal, d.signal, reduce: { v0, v1, v2, v3 in "\(v0)\(v1)\(v2)\(v3)" }))
        a.send(1)
        b.send("b")
        c.send(true)
        d.send(0.5)
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue0.5"])
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["1btrue0.5", "error b"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals], [1, 1, 1, 1])
    }

    // MARK: 5 signals

    /// Nothing until the last input's first value, then a tuple on every value; completes
    /// only when every input has.
    func testCombineLatestOfFiveSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let e = HigherProbe<Int>()
        let combined: Signal<(Int, String, Bool, Double, Int)> = Signal.combineLatest(a.signal, b.signal, c.signal, d.signal, e.signal)
        let log = HigherLog(combined.map { "\($0)\($1)\($2)\($3)\($4)" })
        a.send(1)
        b.send("b")
        c.send(true)
        d.send(0.5)
        XCTAssertEqual(log.events, [])
        e.send(5)
        XCTAssertEqual(log.events, ["1btrue0.55"])
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue0.55", "2btrue0.55"])
        a.sendCompleted()
        b.sendCompleted()
        c.sendCompleted()
        d.sendCompleted()
        XCTAssertEqual(log.events, ["1btrue0.55", "2btrue0.55"])
        e.sendCompleted()
        XCTAssertEqual(log.events, ["1btrue0.55", "2btrue0.55", "completed"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals, e.disposals], [1, 1, 1, 1, 1])
    }

    /// `reduce` gets the latest values as separate arguments; an error from any input is
    /// forwarded at once and disposes every input.
    func testCombineLatestOfFiveSignalsWithReduce() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let e = HigherProbe<Int>()
        let log = HigherLog(Signal.combineLatest(a.signal, b.signal, c.signal, d.signal, e.signal, reduce: { v0, v1, v2, v3, v4 in "\(v0)\(v1)\(v2)\(v3)\(v4)" }))
        a.send(1)
        b.send("b")
        c.send(true)
        d.send(0.5)
        e.send(5)
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue0.55", "2btrue0.55"])
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["1btrue0.55", "2btrue0.55", "error b"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals, e.disposals], [1, 1, 1, 1, 1])
    }

    /// The n-th values go out together; the result completes once a completed input's values
    /// have all been zipped, and disposes every input.
    func testZipOfFiveSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let e = HigherProbe<Int>()
        let zipped: Signal<(Int, String, Bool, Double, Int)> = Signal.zip(a.signal, b.signal, c.signal, d.signal, e.signal)
        let log = HigherLog(zipped.map { "\($0)\($1)\($2)\($3)\($4)" })
        a.send(1)
        a.send(2)
        a.sendCompleted()
        b.send("b")
        c.send(true)
        d.send(0.5)
        XCTAssertEqual(log.events, [])
        e.send(5)
        XCTAssertEqual(log.events, ["1btrue0.55"])
        b.send("B")
        c.send(false)
        d.send(1.5)
        e.send(6)
        XCTAssertEqual(log.events, ["1btrue0.55", "2Bfalse1.56", "completed"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals, e.disposals], [1, 1, 1, 1, 1])
    }

    /// `reduce` gets each set of n-th values as separate arguments; an error from any input
    /// is forwarded at once and disposes every input.
    func testZipOfFiveSignalsWithReduce() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let e = HigherProbe<Int>()
        let log = HigherLog(Signal.zip(a.signal, b.signal, c.signal, d.signal, e.signal, reduce: { v0, v1, v2, v3, v4 in "\(v0)\(v1)\(v2)\(v3)\(v4)" }))
        a.send(1)
        b.send("b")
        c.send(true)
        d.send(0.5)
        e.send(5)
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue0.55"])
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["1btrue0.55", "error b"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals, e.disposals], [1, 1, 1, 1, 1])
    }

    // MARK: 6 signals

    /// Nothing until the last input's first value, then a tuple on every value; completes
    /// only when every input has.
    func testCombineLatestOfSixSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let e = HigherProbe<Int>()
        let f = HigherProbe<String>()
        let combined: Signal<(Int, String, Bool, Double, Int, String)> = Signal.combineLatest(a.signal, b.signal, c.signal, d.signal, e.signal, f.signal)
        let log = HigherLog(combined.map { "\($0)\($1)\($2)\($3)\($4)\($5)" })
        a.send(1)
        b.send("b")
        c.send(true)
        d.send(0.5)
        e.send(5)
        XCTAssertEqual(log.events, [])
        f.send("f")
        XCTAssertEqual(log.events, ["1btrue0.55f"])
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue0.55f", "2btrue0.55f"])
        a.sendCompleted()
        b.sendCompleted()
        c.sendCompleted()
        d.sendCompleted()
        e.sendCompleted()
        XCTAssertEqual(log.events, ["1btrue0.55f", "2btrue0.55f"])
        f.sendCompleted()
        XCTAssertEqual(log.events, ["1btrue0.55f", "2btrue0.55f", "completed"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals, e.disposals, f.disposals], [1, 1, 1, 1, 1, 1])
    }

    /// `reduce` gets the latest values as separate arguments; an error from any input is
    /// forwarded at once and disposes every input.
    func testCombineLatestOfSixSignalsWithReduce() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let e = HigherProbe<Int>()
        let f = HigherProbe<String>()
        let log = HigherLog(Signal.combineLatest(a.signal, b.signal, c.signal, d.signal, e.signal, f.signal, reduce: { v0, v1, v2, v3, v4, v5 in "\(v0)\(v1)\(v2)\(v3)\(v4)\(v5)" }))
        a.send(1)
        b.send("b")
        c.send(true)
        d.send(0.5)
        e.send(5)
        f.send("f")
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue0.55f", "2btrue0.55f"])
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["1btrue0.55f", "2btrue0.55f", "error b"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals, e.disposals, f.disposals], [1, 1, 1, 1, 1, 1])
    }

    /// The n-th values go out together; the result completes once a completed input's values
    /// have all been zipped, and disposes every input.
    func testZipOfSixSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let e = HigherProbe<Int>()
        let f = HigherProbe<String>()
        let zipped: Signal<(Int, String, Bool, Double, Int, String)> = Signal.zip(a.signal, b.signal, c.signal, d.signal, e.signal, f.signal)
        let log = HigherLog(zipped.map { "\($0)\($1)\($2)\($3)\($4)\($5)" })
        a.send(1)
        a.send(2)
        a.sendCompleted()
        b.send("b")
        c.send(true)
        d.send(0.5)
        e.send(5)
        XCTAssertEqual(log.events, [])
        f.send("f")
        XCTAssertEqual(log.events, ["1btrue0.55f"])
        b.send("B")
        c.send(false)
        d.send(1.5)
        e.send(6)
        f.send("F")
        XCTAssertEqual(log.events, ["1btrue0.55f", "2Bfalse1.56F", "completed"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals, e.disposals, f.disposals], [1, 1, 1, 1, 1, 1])
    }

    /// `reduce` gets each set of n-th values as separate arguments; an error from any input
    /// is forwarded at once and disposes every input.
    func testZipOfSixSignalsWithReduce() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let d = HigherProbe<Double>()
        let e = HigherProbe<Int>()
        let f = HigherProbe<String>()
        let log = HigherLog(Signal.zip(a.signal, b.signal, c.signal, d.signal, e.signal, f.signal, reduce: { v0, v1, v2, v3, v4, v5 in "\(v0)\(v1)\(v2)\(v3)\(v4)\(v5)" }))
        a.send(1)
        b.send("b")
        c.send(true)
        d.send(0.5)
        e.send(5)
        f.send("f")
        a.send(2)
        XCTAssertEqual(log.events, ["1btrue0.55f"])
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["1btrue0.55f", "error b"])
        XCTAssertEqual([a.disposals, b.disposals, c.disposals, d.disposals, e.disposals, f.disposals], [1, 1, 1, 1, 1, 1])
    }

    // MARK: Seven signals: the any-arity forms

    func testCombineLatestOfSevenSignalsUsesTheAnyArityForm() {
        let inputs = (0..<7).map { _ in HigherProbe<Int>() }
        let combined: Signal<(Int, Int, Int, Int, Int, Int, Int)> = Signal.combineLatest(
            inputs[0].signal, inputs[1].signal, inputs[2].signal, inputs[3].signal,
            inputs[4].signal, inputs[5].signal, inputs[6].signal)
        let log = HigherLog(combined.map { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)" })
        for (index, input) in inputs.enumerated() { input.send(index) }
        inputs[0].send(7)
        for input in inputs { input.sendCompleted() }
        XCTAssertEqual(log.events, ["0123456", "7123456", "completed"])
    }

    func testCombineLatestOfSevenSignalsWithReduceUsesTheAnyArityForm() {
        let inputs = (0..<7).map { _ in HigherProbe<Int>() }
        let log = HigherLog(Signal.combineLatest(
            inputs[0].signal, inputs[1].signal, inputs[2].signal, inputs[3].signal,
            inputs[4].signal, inputs[5].signal, inputs[6].signal,
            reduce: { (v0: Int, v1: Int, v2: Int, v3: Int, v4: Int, v5: Int, v6: Int) in v0 + v1 + v2 + v3 + v4 + v5 + v6 }))
        for (index, input) in inputs.enumerated() { input.send(index) }
        inputs[0].send(7)
        inputs[3].sendError(TestError("d"))
        XCTAssertEqual(log.events, ["21", "28", "error d"])
        XCTAssertEqual(inputs.map(\.disposals), Array(repeating: 1, count: 7))
    }

    func testZipOfSevenSignalsUsesTheAnyArityForm() {
        let inputs = (0..<7).map { _ in HigherProbe<Int>() }
        let zipped: Signal<(Int, Int, Int, Int, Int, Int, Int)> = Signal.zip(
            inputs[0].signal, inputs[1].signal, inputs[2].signal, inputs[3].signal,
            inputs[4].signal, inputs[5].signal, inputs[6].signal)
        let log = HigherLog(zipped.map { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)" })
        inputs[0].send(7)
        inputs[0].sendCompleted()
        for (index, input) in inputs.enumerated().dropFirst() { input.send(index) }
        XCTAssertEqual(log.events, ["7123456", "completed"])
    }

    func testZipOfSevenSignalsWithReduceUsesTheAnyArityForm() {
        let inputs = (0..<7).map { _ in HigherProbe<Int>() }
        let log = HigherLog(Signal.zip(
            inputs[0].signal, inputs[1].signal, inputs[2].signal, inputs[3].signal,
            inputs[4].signal, inputs[5].signal, inputs[6].signal,
            reduce: { (v0: Int, v1: Int, v2: Int, v3: Int, v4: Int, v5: Int, v6: Int) in v0 + v1 + v2 + v3 + v4 + v5 + v6 }))
        for (index, input) in inputs.enumerated() { input.send(index) }
        inputs[6].sendCompleted()
        XCTAssertEqual(log.events, ["21", "completed"])
    }
}
