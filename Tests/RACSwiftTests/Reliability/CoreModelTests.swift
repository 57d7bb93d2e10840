import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// Randomized model checks of the core primitives against independent models of RAC's rules.
final class CoreModelTests: RACTestCase {
    func testZipWithMatchesModel() {
        ModelCheck.check(
            "zip(with:)",
            generate: { rng in [Stream.random(&rng), Stream.random(&rng)] },
            shrink: shrinkEach,
            actual: { streams in
                runOnScheduler(streams) { _, inputs in inputs[0].zip(with: inputs[1]).map { $0 * 10 + $1 } }
            },
            expected: { streams in Self.zipModel(streams[0], streams[1]) })
    }

    func testConcatMatchesModel() {
        ModelCheck.check(
            "concat(_:)",
            generate: { rng in [Stream.random(&rng), Stream.random(&rng)] },
            shrink: shrinkEach,
            actual: { streams in
                // Cold inputs: the second starts when the first completes.
                let scheduler = TestScheduler()
                let first = scheduler.createColdSignal(streams[0].recorded)
                let second = scheduler.createColdSignal(streams[1].recorded)
                let recorder = scheduler.record(first.concat(second))
                scheduler.run()
                recorder.disposable.dispose()
                return rendered(recorder.events)
            },
            expected: { streams in Self.concatModel(streams[0], streams[1]) })
    }

    func testBindMatchesFlattenModel() {
        // bind { return(value), stop when value == 3 } on a hot stream.
        ModelCheck.check(
            "bind(_:)",
            generate: { rng in [Stream.random(&rng)] },
            shrink: shrinkEach,
            actual: { streams in
                runOnScheduler(streams) { _, inputs in
                    inputs[0].bind { { value, stop in
                        if value == 3 { stop = true }
                        return value == 2 ? nil : Signal.return(value)
                    } }
                }
            },
            expected: { streams in
                var out: [Recorded<Int>] = []
                for (time, value) in streams[0].values {
                    if value == 2 { out.append(.completed(TimeInterval(time))); return rendered(out) }
                    out.append(.next(TimeInterval(time), value))
                    if value == 3 { out.append(.completed(TimeInterval(time))); return rendered(out) }
                }
                if let end = streams[0].end {
                    out.append(end.error ? .error(TimeInterval(end.time), TestError(code: end.time)) : .completed(TimeInterval(end.time)))
                }
                return rendered(out)
            })
    }

    // MARK: Models

    /// RAC's -zipWith:: pairs in order; completes once either side has completed with an empty
    /// queue; errors at once.
    static func zipModel(_ a: Stream, _ b: Stream) -> [String] {
        enum Input { case value(Int, Int), end(Int, Bool) }  // side, value | side, isError
        var timeline: [(time: Int, order: Int, input: Input)] = []
        for (side, stream) in [a, b].enumerated() {
            for (time, value) in stream.values { timeline.append((time, timeline.count, .value(side, value))) }
            if let end = stream.end { timeline.append((end.time, timeline.count, .end(side, end.error))) }
        }
        // Hot inputs at equal times fire in scheduling order: all of `a`'s, then `b`'s.
        timeline.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        var queues: [[Int]] = [[], []]
        var completed = [false, false]
        var out: [Recorded<Int>] = []
        func exhausted() -> Bool { (0...1).contains { completed[$0] && queues[$0].isEmpty } }
        for (time, _, input) in timeline {
            switch input {
            case .value(let side, let value):
                queues[side].append(value)
                if !queues[0].isEmpty, !queues[1].isEmpty {
                    out.append(.next(TimeInterval(time), queues[0].removeFirst() * 10 + queues[1].removeFirst()))
                    if exhausted() { out.append(.completed(TimeInterval(time))); return rendered(out) }
                }
            case .end(let side, let isError):
                if isError { out.append(.error(TimeInterval(time), TestError(code: time))); return rendered(out) }
                completed[side] = true
                if exhausted() { out.append(.completed(TimeInterval(time))); return rendered(out) }
            }
        }
        return rendered(out)
    }

    /// RAC's -concat:: the first stream's events; on its completion, the second's, shifted to
    /// start then. An error (or no terminal event) in the first ends it there.
    static func concatModel(_ a: Stream, _ b: Stream) -> [String] {
        var out = a.values.map { Recorded<Int>.next(TimeInterval($0.time), $0.value) }
        guard let end = a.end else { return rendered(out) }
        if end.error {
            out.append(.error(TimeInterval(end.time), TestError(code: end.time)))
            return rendered(out)
        }
        let offset = TimeInterval(end.time)
        for event in b.recorded {
            var shifted = event
            shifted.time += offset
            out.append(shifted)
        }
        return rendered(out)
    }
}
