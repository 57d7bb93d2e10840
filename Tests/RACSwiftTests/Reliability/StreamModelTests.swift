import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// Randomized model checks of the stream operators (take/skip families, scan,
/// distinctUntilChanged, buffer by count, groupBy, static zip and concat) against independent
/// models of RAC's rules (RACStream.m: take/skip by count, the predicate forms built on
/// `bind`, scan, zip as a fold of `-zipWith:`, concat as a chain of `-concat:`;
/// RACSignal+Operations.m: `-buffer:`, `-groupBy:transform:`).
final class StreamModelTests: RACTestCase {
    /// One hot stream and an integer parameter (a count or a predicate's threshold).
    struct Input: CustomStringConvertible {
        var stream: Stream
        var parameter: Int

        var description: String { "parameter \(parameter); [\(stream)]" }
        var shrunk: [Input] { stream.shrunk.map { Input(stream: $0, parameter: parameter) } }
    }

    /// Checks `build(signal, parameter)` against `model(stream's events, parameter)`, which
    /// writes the expected output.
    private func checkUnary(
        _ name: String, parameters: ClosedRange<Int> = 0...4,
        build: @escaping (Signal<Int>, Int) -> Signal<Int>,
        model: @escaping ([ModelTimedInput], Int, inout ModelOutput<Int>) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        ModelCheck.check(
            name,
            generate: { rng in Input(stream: Stream.random(&rng, maxValues: 10, alphabet: 4), parameter: modelDraw(parameters, &rng)) },
            shrink: \.shrunk,
            actual: { input in runOnScheduler([input.stream]) { _, inputs in build(inputs[0], input.parameter) } },
            expected: { input in
                var out = ModelOutput<Int>()
                model(input.stream.inputs, input.parameter, &out)
                return out.rendered
            },
            file: file, line: line)
    }

    /// The common shape of the filtering models: `decide` says, for each value, whether to
    /// send it and whether to complete (after sending it, if it is sent); terminal events of
    /// the input pass through.
    private static func filterModel(
        _ events: [ModelTimedInput], _ out: inout ModelOutput<Int>,
        decide: (Int) -> (send: Bool, complete: Bool)
    ) {
        for event in events {
            switch event.input {
            case .value(let value):
                let decision = decide(value)
                if decision.send { out.next(event.time, value) }
                if decision.complete { out.completed(event.time); return }
            case .completed: out.completed(event.time); return
            case .error: out.error(event.time, code: event.time); return
            }
        }
    }

    // MARK: take / skip

    func testTakeMatchesModel() {
        // take(0) is empty: it completes at subscription, time 0.
        checkUnary("take(_:)", build: { $0.take($1) }, model: { events, count, out in
            if count == 0 { out.completed(0); return }
            var taken = 0
            Self.filterModel(events, &out) { _ in
                taken += 1
                return (true, taken == count)
            }
        })
    }

    func testSkipMatchesModel() {
        checkUnary("skip(_:)", build: { $0.skip($1) }, model: { events, count, out in
            var seen = 0
            Self.filterModel(events, &out) { _ in
                seen += 1
                return (seen > count, false)
            }
        })
    }

    func testTakeWhileMatchesModel() {
        // RAC's -takeWhileBlock:: the first failing value completes without being sent.
        checkUnary("take(while:)", build: { signal, limit in signal.take(while: { $0 < limit }) }, model: { events, limit, out in
            Self.filterModel(events, &out) { value in value < limit ? (true, false) : (false, true) }
        })
    }

    func testTakeUntilPredicateMatchesModel() {
        // RAC's -takeUntilBlock:: the first matching value completes without being sent.
        checkUnary("take(until:) predicate", build: { signal, target in signal.take(until: { $0 == target }) },
                   model: { events, target, out in
            Self.filterModel(events, &out) { value in value == target ? (false, true) : (true, false) }
        })
    }

    func testSkipWhileMatchesModel() {
        // RAC's -skipWhileBlock:: from the first failing value on, everything is sent.
        checkUnary("skip(while:)", build: { signal, limit in signal.skip(while: { $0 < limit }) }, model: { events, limit, out in
            var skipping = true
            Self.filterModel(events, &out) { value in
                if skipping, value >= limit { skipping = false }
                return (!skipping, false)
            }
        })
    }

    func testSkipUntilPredicateMatchesModel() {
        // RAC's -skipUntilBlock:: the first matching value and everything after it is sent.
        checkUnary("skip(until:)", build: { signal, target in signal.skip(until: { $0 == target }) }, model: { events, target, out in
            var skipping = true
            Self.filterModel(events, &out) { value in
                if skipping, value == target { skipping = false }
                return (!skipping, false)
            }
        })
    }

    // MARK: scan, distinctUntilChanged

    func testScanMatchesModel() {
        checkUnary("scan(withStart:reduce:)", build: { signal, start in signal.scan(withStart: start) { $0 * 2 + $1 } },
                   model: { events, start, out in
            var running = start
            for event in events {
                switch event.input {
                case .value(let value):
                    running = running * 2 + value
                    out.next(event.time, running)
                case .completed: out.completed(event.time); return
                case .error: out.error(event.time, code: event.time); return
                }
            }
        })
    }

    func testScanWithIndexMatchesModel() {
        checkUnary("scan(withStart:reduceWithIndex:)",
                   build: { signal, start in signal.scan(withStart: start, reduceWithIndex: { $0 * 3 + $1 * 10 + $2 }) },
                   model: { events, start, out in
            var running = start
            var index = 0
            for event in events {
                switch event.input {
                case .value(let value):
                    running = running * 3 + value * 10 + index
                    index += 1
                    out.next(event.time, running)
                case .completed: out.completed(event.time); return
                case .error: out.error(event.time, code: event.time); return
                }
            }
        })
    }

    func testDistinctUntilChangedMatchesModel() {
        checkUnary("distinctUntilChanged()", build: { signal, _ in signal.distinctUntilChanged() }, model: { events, _, out in
            var previous: Int?
            Self.filterModel(events, &out) { value in
                defer { previous = value }
                return (previous != value, false)
            }
        })
    }

    func testDistinctUntilChangedByMatchesModel() {
        // "Equal" is within a tolerance of 0 or 1, which is not transitive: RAC compares each
        // value with the last one it sent (1 after 0 is dropped, so 2 is compared with 0).
        checkUnary("distinctUntilChanged(by:)",
                   build: { signal, tolerance in signal.distinctUntilChanged(by: { abs($0 - $1) <= tolerance % 2 }) },
                   model: { events, tolerance, out in
            var lastSent: Int?
            Self.filterModel(events, &out) { value in
                if let lastSent, abs(lastSent - value) <= tolerance % 2 { return (false, false) }
                lastSent = value
                return (true, false)
            }
        })
    }

    // MARK: buffer(_:) by count

    func testBufferCountMatchesModel() {
        // RAC's -buffer:: an array goes out when its count-th value arrives; completion drops
        // an incomplete last array; an error drops it and is forwarded.
        ModelCheck.check(
            "buffer(_:)",
            generate: { rng in Input(stream: Stream.random(&rng, maxValues: 10), parameter: modelDraw(1...4, &rng)) },
            shrink: \.shrunk,
            actual: { input in runOnScheduler([input.stream]) { _, inputs in inputs[0].buffer(input.parameter) } },
            expected: { input in
                var out = ModelOutput<[Int]>()
                var window: [Int] = []
                for event in input.stream.inputs {
                    switch event.input {
                    case .value(let value):
                        window.append(value)
                        if window.count == input.parameter {
                            out.next(event.time, window)
                            window = []
                        }
                    case .completed: out.completed(event.time); return out.rendered
                    case .error: out.error(event.time, code: event.time); return out.rendered
                    }
                }
                return out.rendered
            })
    }

    // MARK: groupBy

    func testGroupByMatchesModel() {
        // Everything the result and its groups send, in one log: a group's arrival, each value
        // routed to its group (transformed), and the order of the terminal events.
        ModelCheck.check(
            "groupBy(_:transform:)",
            generate: { rng in Input(stream: Stream.random(&rng, maxValues: 10, alphabet: 6), parameter: modelDraw(1...3, &rng)) },
            shrink: \.shrunk,
            actual: { input in
                let scheduler = TestScheduler()
                let source = scheduler.createHotSignal(input.stream.recorded)
                nonisolated(unsafe) var log: [String] = []
                nonisolated(unsafe) var groupSubscriptions: [Disposable] = []
                let modulus = input.parameter
                var subscription: Disposable?
                scheduler.performAsCurrentScheduler {
                    subscription = source.groupBy({ $0 % modulus }, transform: { $0 * 10 }).subscribe(
                        next: { group in
                            log.append("\(Int(scheduler.elapsed)): group \(group.key)")
                            groupSubscriptions.append(group.subscribe(
                                next: { log.append("\(Int(scheduler.elapsed)): \(group.key) <- \($0)") },
                                error: { log.append("\(Int(scheduler.elapsed)): \(group.key) error \($0)") },
                                completed: { log.append("\(Int(scheduler.elapsed)): \(group.key) completed") }))
                        },
                        error: { log.append("\(Int(scheduler.elapsed)): error \($0)") },
                        completed: { log.append("\(Int(scheduler.elapsed)): completed") })
                }
                scheduler.run()
                subscription?.dispose()
                groupSubscriptions.forEach { $0.dispose() }
                return log
            },
            expected: { input in
                // RAC's -groupBy:transform:: a new key sends its group first; a terminal event
                // goes to the result, then to each group in the order they appeared.
                var log: [String] = []
                var keys: [Int] = []
                for event in input.stream.inputs {
                    switch event.input {
                    case .value(let value):
                        let key = value % input.parameter
                        if !keys.contains(key) {
                            keys.append(key)
                            log.append("\(event.time): group \(key)")
                        }
                        log.append("\(event.time): \(key) <- \(value * 10)")
                    case .completed:
                        log.append("\(event.time): completed")
                        log += keys.map { "\(event.time): \($0) completed" }
                        return log
                    case .error:
                        let error = TestError(code: event.time)
                        log.append("\(event.time): error \(error)")
                        log += keys.map { "\(event.time): \($0) error \(error)" }
                        return log
                    }
                }
                return log
            })
    }

    // MARK: static zip

    func testStaticZipOfThreeMatchesModel() {
        ModelCheck.check(
            "zip([a, b, c])",
            generate: { rng in (0..<3).map { _ in Stream.random(&rng) } }, shrink: shrinkEach,
            actual: { streams in runOnScheduler(streams) { _, inputs in Signal<[Int]>.zip(inputs) } },
            expected: Self.zipModel)
    }

    func testStaticZipOfTwoTypedMatchesModel() {
        ModelCheck.check(
            "zip(a, b)",
            generate: { rng in (0..<2).map { _ in Stream.random(&rng) } }, shrink: shrinkEach,
            actual: { streams in runOnScheduler(streams) { _, inputs in Signal.zip(inputs[0], inputs[1]).map { [$0, $1] } } },
            expected: Self.zipModel)
    }

    /// RAC's +zip: (a fold of -zipWith:): the n-th output holds every input's n-th value;
    /// completes once some input has completed and all its values have been zipped; an error
    /// ends it at once.
    static func zipModel(_ streams: [Stream]) -> [String] {
        var out = ModelOutput<[Int]>()
        var queues = [[Int]](repeating: [], count: streams.count)
        var completed = [Bool](repeating: false, count: streams.count)
        func exhausted() -> Bool { streams.indices.contains { completed[$0] && queues[$0].isEmpty } }
        for event in modelTimeline(streams) {
            switch event.input {
            case .value(let value):
                queues[event.stream].append(value)
                if queues.allSatisfy({ !$0.isEmpty }) {
                    out.next(event.time, queues.indices.map { queues[$0].removeFirst() })
                    if exhausted() { out.completed(event.time); return out.rendered }
                }
            case .completed:
                completed[event.stream] = true
                if exhausted() { out.completed(event.time); return out.rendered }
            case .error:
                out.error(event.time, code: event.time)
                return out.rendered
            }
        }
        return out.rendered
    }

    // MARK: static concat

    func testStaticConcatOfThreeColdSignalsMatchesModel() {
        ModelCheck.check(
            "concat([a, b, c])",
            generate: { rng in (0..<3).map { _ in Stream.random(&rng, maxValues: 5) } }, shrink: shrinkEach,
            actual: { streams in
                let scheduler = TestScheduler()
                let signals = streams.map { scheduler.createColdSignal($0.recorded) }
                let recorder = scheduler.record(Signal.concat(signals))
                scheduler.run()
                recorder.disposable.dispose()
                return rendered(recorder.events)
            },
            expected: Self.concatModel)
    }

    /// RAC's +concat:: each signal is subscribed when the previous one completes, so its
    /// events are shifted to start then; an error, or a signal that never terminates, ends
    /// the sequence there; after the last completion the result completes.
    static func concatModel(_ streams: [Stream]) -> [String] {
        var out = ModelOutput<Int>()
        var start = 0
        for stream in streams {
            for (time, value) in stream.values { out.next(start + time, value) }
            guard let end = stream.end else { return out.rendered }
            if end.error {
                out.error(start + end.time, code: end.time)
                return out.rendered
            }
            start += end.time
        }
        out.completed(start)
        return out.rendered
    }
}
