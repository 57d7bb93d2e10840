import Foundation
import RACSwift
import RACSwiftTesting

/// Independent models of RAC's rules for the core primitives (zip(with:), concat, bind);
/// `StreamProperties` checks the primitives against them.
enum CoreModels {
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

    /// The check's bind: `return(value)`, except 2, which returns nil (RAC's -bind: then
    /// completes), and 3, which sets `stop` after it is returned.
    static func bindModel(_ stream: Stream) -> [String] {
        var out: [Recorded<Int>] = []
        for (time, value) in stream.values {
            if value == 2 { out.append(.completed(TimeInterval(time))); return rendered(out) }
            out.append(.next(TimeInterval(time), value))
            if value == 3 { out.append(.completed(TimeInterval(time))); return rendered(out) }
        }
        if let end = stream.end {
            out.append(end.error ? .error(TimeInterval(end.time), TestError(code: end.time)) : .completed(TimeInterval(end.time)))
        }
        return rendered(out)
    }
}
