import Foundation
import XCTest
import RACSwift
import RACSwiftTesting

final class CombineLatestTests: RACTestCase {
    // MARK: combineLatest(with:)

    /// Nothing until both have sent (b1 at 2), then a pair on every value of either.
    func testCombineLatestWithSendsOnceBothSentThenOnEveryValue() {
        let scheduler = TestScheduler()
        let a = scheduler.hot("-1-23|", values: ["1": 1, "2": 2, "3": 3])
        let b = scheduler.hot("--x-y-|")
        scheduler.expectMarbles(a.combineLatest(with: b).map { "\($0)\($1)" },
                                "--pq(rs)-|", values: ["p": "1x", "q": "2x", "r": "3x", "s": "3y"])
    }

    func testCombineLatestWithCompletesOnlyWhenBothCompleted() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<Int>()
        let log = HigherLog(a.signal.combineLatest(with: b.signal).map { $0 + $1 })
        a.send(1)
        b.send(10)
        a.sendCompleted()
        XCTAssertEqual(log.events, ["11"])
        b.send(20)
        XCTAssertEqual(log.events, ["11", "21"])
        b.sendCompleted()
        XCTAssertEqual(log.events, ["11", "21", "completed"])
    }

    /// RAC's `-combineLatestWith:` completes on both completions, whether or not they sent:
    /// an input that completes empty means no value ever, but no early completion either.
    func testCombineLatestWithAnInputThatCompletesWithoutSendingWaitsForTheOther() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<Int>()
        let log = HigherLog(a.signal.combineLatest(with: b.signal).map { $0 + $1 })
        a.sendCompleted()
        b.send(1)
        b.send(2)
        XCTAssertEqual(log.events, [])
        XCTAssertEqual(b.disposals, 0)
        b.sendCompleted()
        XCTAssertEqual(log.events, ["completed"])
    }

    func testCombineLatestWithForwardsAnErrorAtOnceAndDisposesTheOther() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<Int>()
        let log = HigherLog(a.signal.combineLatest(with: b.signal).map { $0 + $1 })
        a.send(1)
        b.sendError(TestError("b"))
        XCTAssertEqual(log.events, ["error b"])
        XCTAssertEqual(a.disposals, 1)
        a.send(2)
        XCTAssertEqual(log.events, ["error b"])
    }

    func testDisposingCombineLatestWithDisposesBothInputs() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<Int>()
        let log = HigherLog(a.signal.combineLatest(with: b.signal).map { $0 + $1 })
        log.disposable.dispose()
        XCTAssertEqual([a.disposals, b.disposals], [1, 1])
        a.send(1)
        b.send(1)
        XCTAssertEqual(log.events, [])
    }

    /// The subscription's disposable, disposed (or ended by the inputs) and still held, keeps
    /// nothing: not the sink, whose cycle through its inputs it cut, nor the subscriber's
    /// closures (issue 37: the compound cuts the cycle itself, without a cutter child).
    func testAHeldCombineLatestSubscriptionKeepsNothingOnceEnded() {
        final class Token: Sendable {}
        for ending in ["dispose", "complete", "error"] {
            let a = Subject<Int>(), b = Subject<Int>()
            var token: Token? = Token()
            weak let weakToken = token
            let d = a.combineLatest(with: b).subscribe(
                next: { [token] _ in _ = token }, error: { [token] _ in _ = token },
                completed: { [token] in _ = token })
            token = nil
            a.sendNext(1)
            b.sendNext(2)
            XCTAssertNotNil(weakToken, ending)
            switch ending {
            case "dispose": d.dispose()
            case "complete": a.sendCompleted(); b.sendCompleted()
            default: a.sendError(TestError("a"))
            }
            XCTAssertNil(weakToken, "\(ending): the held subscription kept its subscriber")
            XCTAssertTrue(d.isDisposed, ending)
        }
        // The three-signal form, whose inputs' compound holds its inputs (as the two-signal
        // forms' does).
        for ending in ["dispose", "complete", "error"] {
            let a = Subject<Int>(), b = Subject<Int>(), c = Subject<Int>()
            var token: Token? = Token()
            weak let weakToken = token
            let d = Signal.combineLatest(a, b, c).subscribe(
                next: { [token] _ in _ = token }, error: { [token] _ in _ = token },
                completed: { [token] in _ = token })
            token = nil
            a.sendNext(1)
            b.sendNext(2)
            c.sendNext(3)
            XCTAssertNotNil(weakToken, ending)
            switch ending {
            case "dispose": d.dispose()
            case "complete": a.sendCompleted(); b.sendCompleted(); c.sendCompleted()
            default: c.sendError(TestError("c"))
            }
            XCTAssertNil(weakToken, "three signals, \(ending): the held subscription kept its subscriber")
            XCTAssertTrue(d.isDisposed, ending)
        }
    }

    /// The other forms, whose inputs' compound cuts the sink's cycle since the subscription's
    /// own compound became a plain one (issue 37, tenth pass): a held subscription of an array,
    /// of four typed signals and of seven (the pack form), ended each way, keeps nothing.
    func testAHeldCombineLatestSubscriptionOfTheOtherFormsKeepsNothingOnceEnded() {
        final class Token: Sendable {}
        let forms: [(String, ([Subject<Int>]) -> Signal<Int>)] = [
            ("array", { s in Signal.combineLatest(s.map { $0 as Signal<Int> }).map { $0.reduce(0, +) } }),
            ("four", { s in Signal.combineLatest(s[0], s[1], s[2], s[3]).map { $0 + $1 + $2 + $3 } }),
            ("seven", { s in
                Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { $0 + $1 + $2 + $3 + $4 + $5 + $6 }
            }),
        ]
        for (form, make) in forms {
            for ending in ["dispose", "complete", "error"] {
                let subjects = (0..<(form == "seven" ? 7 : form == "four" ? 4 : 3)).map { _ in Subject<Int>() }
                var token: Token? = Token()
                weak let weakToken = token
                let values = Locked<[Int]>([])
                let d = make(subjects).subscribe(
                    next: { [token] in _ = token; values.append($0) }, error: { [token] _ in _ = token },
                    completed: { [token] in _ = token })
                token = nil
                for (i, subject) in subjects.enumerated() { subject.sendNext(i + 1) }
                let n = subjects.count
                XCTAssertEqual(values.value, [n * (n + 1) / 2], "\(form), \(ending)")
                XCTAssertNotNil(weakToken, "\(form), \(ending)")
                switch ending {
                case "dispose": d.dispose()
                case "complete": for subject in subjects { subject.sendCompleted() }
                default: subjects[1].sendError(TestError("b"))
                }
                XCTAssertNil(weakToken, "\(form), \(ending): the held subscription kept its subscriber")
                XCTAssertTrue(d.isDisposed, "\(form), \(ending)")
                subjects[0].sendNext(10)
                XCTAssertEqual(values.value, [n * (n + 1) / 2], "\(form), \(ending): nothing after the end")
            }
        }
    }

    /// Plain subjects as inputs, event by event, in every form: in release builds (where
    /// subscriptions are not wrapped) each input is its subject's entry itself (issue 37, tenth
    /// pass), and the two- and three-signal forms' first input is also the inputs' compound, so
    /// the first subject's terminal event must end that input alone. The leak counter checks at
    /// the end that nothing stays alive.
    func testCombineLatestOfPlainSubjectsEventByEvent() {
        let forms: [(String, ([Subject<Int>]) -> Signal<String>)] = [
            ("with", { s in s[0].combineLatest(with: s[1]).map { "\($0)\($1)" } }),
            ("two", { s in Signal.combineLatest(s[0], s[1]).map { "\($0)\($1)" } }),
            ("three", { s in Signal.combineLatest(s[0], s[1], s[2], reduce: { "\($0)\($1)\($2)" }) }),
            ("array", { s in Signal.combineLatest(s.map { $0 as Signal<Int> }).map { $0.map(String.init).joined() } }),
        ]
        for (form, make) in forms {
            // Completion: only once every input has completed, the first one first.
            var subjects = (0..<(form == "three" || form == "array" ? 3 : 2)).map { _ in Subject<Int>() }
            var log = HigherLog(make(subjects))
            let last = subjects.count - 1
            for (i, subject) in subjects.enumerated() where i < last { subject.sendNext(i + 1) }
            XCTAssertEqual(log.events, [], form)
            subjects[last].sendNext(9)
            let first = String((1...last).map(String.init).joined()) + "9"
            XCTAssertEqual(log.events, [first], form)
            subjects[0].sendCompleted()
            XCTAssertEqual(log.events, [first], "\(form): the first input's completion ends nothing else")
            subjects[last].sendNext(8)
            let second = String((1...last).map(String.init).joined()) + "8"
            XCTAssertEqual(log.events, [first, second], "\(form): the others still send")
            for subject in subjects.dropFirst() { subject.sendCompleted() }
            XCTAssertEqual(log.events, [first, second, "completed"], form)
            XCTAssertTrue(log.disposable.isDisposed, form)

            // An error from the first input: at once, and nothing after it.
            subjects = subjects.map { _ in Subject<Int>() }
            log = HigherLog(make(subjects))
            for (i, subject) in subjects.enumerated() { subject.sendNext(i) }
            subjects[0].sendError(TestError.boom)
            for subject in subjects { subject.sendNext(7) }
            XCTAssertEqual(log.events.count, 2, form)
            XCTAssertEqual(log.events.last, "error boom", form)

            // Disposed from outside, then sent to: nothing.
            subjects = subjects.map { _ in Subject<Int>() }
            log = HigherLog(make(subjects))
            log.disposable.dispose()
            for subject in subjects { subject.sendNext(1); subject.sendCompleted() }
            XCTAssertEqual(log.events, [], form)
        }
        // The same subject as both inputs: each value reaches the first input, then the second.
        let s = Subject<Int>()
        let log = HigherLog(s.combineLatest(with: s).map { "\($0)\($1)" })
        s.sendNext(1)
        s.sendNext(2)
        s.sendCompleted()
        XCTAssertEqual(log.events, ["11", "21", "22", "completed"])
    }

    func testCombineLatestWithCarriesOptionalValuesIncludingNil() {
        let a = Signal<Int?>.create { s in s.sendNext(nil); s.sendCompleted(); return nil }
        let b = Signal<Int?>.create { s in s.sendNext(2); s.sendNext(nil); s.sendCompleted(); return nil }
        let log = HigherLog(a.combineLatest(with: b).map { "\(String(describing: $0)),\(String(describing: $1))" })
        XCTAssertEqual(log.events, ["nil,Optional(2)", "nil,nil", "completed"])
    }

    func testCombineLatestWithStartsFreshForEachSubscription() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<Int>()
        let combined = a.signal.combineLatest(with: b.signal).map { $0 * 10 + $1 }
        let first = HigherLog(combined)
        a.send(1)
        b.send(2)
        first.disposable.dispose()
        let second = HigherLog(combined)
        a.send(3)
        XCTAssertEqual(second.events, [], "the second subscription has no value from b yet")
        b.send(4)
        XCTAssertEqual(first.events, ["12"])
        XCTAssertEqual(second.events, ["34"])
        second.disposable.dispose()
    }

    // MARK: Arrays

    func testCombineLatestOfAnArraySendsArraysInInputOrder() {
        let inputs = [HigherProbe<Int>(), HigherProbe<Int>(), HigherProbe<Int>()]
        let log = HigherLog(Signal.combineLatest(inputs.map(\.signal)))
        inputs[2].send(3)
        inputs[0].send(1)
        XCTAssertEqual(log.events, [])
        inputs[1].send(2)
        inputs[0].send(10)
        XCTAssertEqual(log.events, ["[1, 2, 3]", "[10, 2, 3]"])
        inputs.forEach { $0.sendCompleted() }
        XCTAssertEqual(log.events.last, "completed")
    }

    func testCombineLatestOfAnArrayCompletesOnlyWhenEveryInputCompleted() {
        let inputs = [HigherProbe<Int>(), HigherProbe<Int>(), HigherProbe<Int>()]
        let log = HigherLog(Signal.combineLatest(inputs.map(\.signal)))
        inputs[0].sendCompleted()
        inputs[2].sendCompleted()
        XCTAssertEqual(log.events, [])
        inputs[1].sendCompleted()
        XCTAssertEqual(log.events, ["completed"])
    }

    /// RAC joins no signals into `+empty`.
    func testCombineLatestOfAnEmptyArrayCompletesAtOnce() {
        XCTAssertEqual(HigherLog(Signal<[Int]>.combineLatest([Signal<Int>]())).events, ["completed"])
    }

    func testCombineLatestOfOneSignalWrapsEachValue() {
        let one = Signal<Int>.create { s in s.sendNext(1); s.sendNext(2); s.sendCompleted(); return nil }
        XCTAssertEqual(HigherLog(Signal.combineLatest([one])).events, ["[1]", "[2]", "completed"])
    }

    func testCombineLatestOfAnArrayForwardsAnErrorAndDisposesEveryInput() {
        let inputs = [HigherProbe<Int>(), HigherProbe<Int>(), HigherProbe<Int>()]
        let log = HigherLog(Signal.combineLatest(inputs.map(\.signal)))
        inputs[1].sendError(TestError.boom)
        XCTAssertEqual(log.events, ["error boom"])
        XCTAssertEqual(inputs.map(\.disposals), [1, 1, 1])
    }

    func testCombineLatestOfAnArraySubscribesEveryInputEvenAfterASynchronousError() {
        // As RAC's fold of -combineLatestWith:: the later input is subscribed and its
        // subscription disposed at once.
        let later = HigherProbe<Int>()
        let log = HigherLog(Signal.combineLatest([Signal<Int>.error(TestError.boom), later.signal]))
        XCTAssertEqual(log.events, ["error boom"])
        XCTAssertEqual(later.subscriptions, 1)
        XCTAssertEqual(later.disposals, 1)
    }

    func testDisposingCombineLatestOfAnArrayDisposesEveryInput() {
        let inputs = [HigherProbe<Int>(), HigherProbe<Int>(), HigherProbe<Int>()]
        let log = HigherLog(Signal.combineLatest(inputs.map(\.signal)))
        inputs.forEach { $0.send(1) }
        log.disposable.dispose()
        XCTAssertEqual(inputs.map(\.disposals), [1, 1, 1])
        XCTAssertEqual(log.events, ["[1, 1, 1]"])
    }

    func testCombineLatestOfAnArrayWithReduce() {
        let a = Signal<Int>.return(1)
        let b = Signal<Int>.create { s in s.sendNext(2); s.sendNext(3); s.sendCompleted(); return nil }
        let log = HigherLog(Signal.combineLatest([a, b]) { $0.reduce(0, +) })
        XCTAssertEqual(log.events, ["3", "4", "completed"])
    }

    // MARK: Any arity

    func testCombineLatestOfThreeTypedSignalsSendsTuples() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Bool>()
        let combined: Signal<(Int, String, Bool)> = Signal.combineLatest(a.signal, b.signal, c.signal)
        let log = HigherLog(combined.map { "\($0)\($1)\($2)" })
        a.send(1)
        b.send("x")
        XCTAssertEqual(log.events, [])
        c.send(true)
        b.send("y")
        XCTAssertEqual(log.events, ["1xtrue", "1ytrue"])
        a.sendCompleted()
        c.sendCompleted()
        XCTAssertEqual(log.events.count, 2)
        b.sendCompleted()
        XCTAssertEqual(log.events, ["1xtrue", "1ytrue", "completed"])
    }

    func testCombineLatestOfTypedSignalsWithReduce() {
        let a = Signal<Int>.return(2)
        let b = Signal<String>.create { s in s.sendNext("a"); s.sendNext("b"); s.sendCompleted(); return nil }
        let c = Signal<Double>.return(0.5)
        let signal = Signal.combineLatest(a, b, c) { n, s, d in String(repeating: s, count: n) + "\(d)" }
        XCTAssertEqual(HigherLog(signal).events, ["bb0.5", "completed"])
    }

    func testCombineLatestOfTypedSignalsForwardsAnErrorAndDisposesEveryInput() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let log = HigherLog(Signal.combineLatest(a.signal, b.signal).map { "\($0)\($1)" })
        a.send(1)
        a.sendError(TestError("a"))
        XCTAssertEqual(log.events, ["error a"])
        XCTAssertEqual([a.disposals, b.disposals], [1, 1])
    }

    func testDisposingCombineLatestOfTypedSignalsDisposesEveryInput() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<String>()
        let c = HigherProbe<Int>()
        let log = HigherLog(Signal.combineLatest(a.signal, b.signal, c.signal).map { "\($0)\($1)\($2)" })
        log.disposable.dispose()
        XCTAssertEqual([a.disposals, b.disposals, c.disposals], [1, 1, 1])
    }

    // MARK: The same signal more than once

    /// A cold signal combined with itself runs twice, once per input.
    func testCombineLatestWithTheSameSideEffectingSignalSubscribesItOncePerInput() {
        nonisolated(unsafe) var counter = 0
        let sideEffecting = Signal<Int>.create { s in
            counter += 1
            s.sendNext(counter); s.sendCompleted(); return nil
        }
        let combined = sideEffecting.combineLatest(with: sideEffecting).map { "\($0)\($1)" }
        XCTAssertEqual(counter, 0)
        XCTAssertEqual(HigherLog(combined).events, ["12", "completed"])
        let three = Signal.combineLatest([sideEffecting, sideEffecting, sideEffecting]) { $0.map(String.init).joined() }
        XCTAssertEqual(HigherLog(three).events, ["345", "completed"])
    }

    /// A hot signal combined with itself: each of its values reaches the first input, then
    /// the second, so each value after the first gives a mixed pair first.
    func testCombineLatestOfAHotSignalWithItself() {
        let scheduler = TestScheduler()
        let hot = scheduler.hot("-fb", values: ["f": "foo", "b": "bar"])
        scheduler.expectMarbles(hot.combineLatest(with: hot).map { "\($0) \($1)" },
                                "-f(mb)", values: ["f": "foo foo", "m": "bar foo", "b": "bar bar"])
    }

    func testCombineLatestOfAnArrayHandlesTheSameHotSignalTwice() {
        let scheduler = TestScheduler()
        let fruit = scheduler.createHotSignal([.next(1, "apples"), .next(4, "horses")])
        let other = scheduler.createHotSignal([.next(2, "oranges")])
        let animal = scheduler.createHotSignal([.next(3, "cattle")])
        let combined = Signal.combineLatest([fruit, other, fruit, animal]) { "\($0[0]) : \($0[1]) = \($0[2]) : \($0[3])" }
        let recorder = scheduler.record(combined)
        scheduler.run()
        XCTAssertEqual(recorder.events.last, .next(4, "horses : oranges = horses : cattle"))
        XCTAssertEqual(recorder.events.first, .next(3, "apples : oranges = apples : cattle"))
        recorder.disposable.dispose()
    }

    // MARK: Concurrency

    /// Two threads send into the two inputs at once: every value produces exactly one output,
    /// deliveries never overlap, and each side's values appear in order.
    func testCombineLatestWithSerializesInputsSendingFromTwoThreads() {
        let a = HigherProbe<Int>()
        let b = HigherProbe<Int>()
        let lock = NSLock()
        // Unlocked on purpose: the library serializes these deliveries, and TSan checks it.
        nonisolated(unsafe) var pairs: [(Int, Int)] = []
        let disposable = a.signal.combineLatest(with: b.signal).subscribeNext { pair in
            lock.withLock { pairs.append(pair) }
        }
        a.send(0)
        b.send(0)
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            for i in 1...perThread { (side == 0 ? a : b).send(i) }
        }
        disposable.dispose()
        XCTAssertEqual(pairs.count, 1 + 2 * perThread)
        XCTAssertEqual(pairs.map(\.0), pairs.map(\.0).sorted())
        XCTAssertEqual(pairs.map(\.1), pairs.map(\.1).sorted())
        XCTAssertEqual(pairs.last.map { [$0.0, $0.1] }, [perThread, perThread])
    }
}
