import Foundation
import RACSwift
import RACSwiftTesting

/// Independent models of RAC's rules for the stream operators (RACStream.m: take/skip by
/// count, the predicate forms built on `bind`, scan, zip as a fold of `-zipWith:`, concat as a
/// chain of `-concat:`; RACSignal+Operations.m: `-buffer:`, `-groupBy:transform:`);
/// `ModelProperties` checks the operators against them.
enum StreamModels {
    // MARK: take / skip

    /// RAC's -take:: the first `count` values, completing with the last one; take(0) is
    /// empty and completes at subscription, time 0.
    static func takeModel(_ stream: Stream, _ count: Int) -> [String] {
        if count == 0 { return rendered([Recorded<Int>.completed(0)]) }
        var taken = 0
        return filterModel(stream) { _ in
            taken += 1
            return (true, taken == count)
        }
    }

    /// RAC's -skip:: every value after the first `count`.
    static func skipModel(_ stream: Stream, _ count: Int) -> [String] {
        var seen = 0
        return filterModel(stream) { _ in
            seen += 1
            return (seen > count, false)
        }
    }

    /// RAC's -takeWhileBlock: (`value < limit`): the first failing value completes without
    /// being sent.
    static func takeWhileModel(_ stream: Stream, _ limit: Int) -> [String] {
        filterModel(stream) { value in value < limit ? (true, false) : (false, true) }
    }

    /// RAC's -takeUntilBlock: (`value == target`): the first matching value completes
    /// without being sent.
    static func takeUntilModel(_ stream: Stream, _ target: Int) -> [String] {
        filterModel(stream) { value in value == target ? (false, true) : (true, false) }
    }

    /// RAC's -skipWhileBlock: (`value < limit`): from the first failing value on, everything
    /// is sent.
    static func skipWhileModel(_ stream: Stream, _ limit: Int) -> [String] {
        var skipping = true
        return filterModel(stream) { value in
            if skipping, value >= limit { skipping = false }
            return (!skipping, false)
        }
    }

    /// RAC's -skipUntilBlock: (`value == target`): the first matching value and everything
    /// after it is sent.
    static func skipUntilModel(_ stream: Stream, _ target: Int) -> [String] {
        var skipping = true
        return filterModel(stream) { value in
            if skipping, value == target { skipping = false }
            return (!skipping, false)
        }
    }

    // MARK: scan, distinctUntilChanged

    /// RAC's -scanWithStart:reduce: with `running * 2 + value`: every running value.
    static func scanModel(_ stream: Stream, _ start: Int) -> [String] {
        var running = start
        return mapModel(stream) { value in
            running = running * 2 + value
            return running
        }
    }

    /// RAC's -scanWithStart:reduceWithIndex: with `running * 3 + value * 10 + index`.
    static func scanWithIndexModel(_ stream: Stream, _ start: Int) -> [String] {
        var running = start
        var index = 0
        return mapModel(stream) { value in
            running = running * 3 + value * 10 + index
            index += 1
            return running
        }
    }

    /// RAC's -distinctUntilChanged: a value equal to the one before it is dropped.
    static func distinctUntilChangedModel(_ stream: Stream) -> [String] {
        var previous: Int?
        return filterModel(stream) { value in
            defer { previous = value }
            return (previous != value, false)
        }
    }

    /// distinctUntilChanged(by:) with "equal" within a tolerance of `tolerance % 2`, which is
    /// not transitive: RAC compares each value with the last one it sent (1 after 0 is
    /// dropped, so 2 is compared with 0).
    static func distinctUntilChangedByModel(_ stream: Stream, _ tolerance: Int) -> [String] {
        var lastSent: Int?
        return filterModel(stream) { value in
            if let lastSent, abs(lastSent - value) <= tolerance % 2 { return (false, false) }
            lastSent = value
            return (true, false)
        }
    }

    // MARK: buffer(_:) by count, groupBy

    /// RAC's -buffer:: an array goes out when its count-th value arrives; completion drops an
    /// incomplete last array; an error drops it and is forwarded.
    static func bufferModel(_ stream: Stream, _ count: Int) -> [String] {
        var out = ModelOutput<[Int]>()
        var window: [Int] = []
        for event in stream.inputs {
            switch event.input {
            case .value(let value):
                window.append(value)
                if window.count == count {
                    out.next(event.time, window)
                    window = []
                }
            case .completed: out.completed(event.time); return out.rendered
            case .error: out.error(event.time, code: event.time); return out.rendered
            }
        }
        return out.rendered
    }

    /// RAC's -groupBy:transform: with key `value % modulus` and transform `value * 10`, as one
    /// log of the result's and its groups' events: a new key sends its group first; a terminal
    /// event goes to the result, then to each group in the order they appeared.
    static func groupByModel(_ stream: Stream, _ modulus: Int) -> [String] {
        var log: [String] = []
        var keys: [Int] = []
        for event in stream.inputs {
            switch event.input {
            case .value(let value):
                let key = value % modulus
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
    }

    // MARK: static zip and concat

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

    /// RAC's +concat: of cold signals: each is subscribed when the previous one completes, so
    /// its events are shifted to start then; an error, or a signal that never terminates, ends
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

    // MARK: shared shapes

    /// The common shape of the filtering models: `decide` says, for each value, whether to
    /// send it and whether to complete (after sending it, if it is sent); terminal events of
    /// the input pass through.
    private static func filterModel(_ stream: Stream, decide: (Int) -> (send: Bool, complete: Bool)) -> [String] {
        var out = ModelOutput<Int>()
        for event in stream.inputs {
            switch event.input {
            case .value(let value):
                let decision = decide(value)
                if decision.send { out.next(event.time, value) }
                if decision.complete { out.completed(event.time); return out.rendered }
            case .completed: out.completed(event.time); return out.rendered
            case .error: out.error(event.time, code: event.time); return out.rendered
            }
        }
        return out.rendered
    }

    /// Each value replaced by `transform`'s result; terminal events pass through.
    private static func mapModel(_ stream: Stream, transform: (Int) -> Int) -> [String] {
        var out = ModelOutput<Int>()
        for event in stream.inputs {
            switch event.input {
            case .value(let value): out.next(event.time, transform(value))
            case .completed: out.completed(event.time); return out.rendered
            case .error: out.error(event.time, code: event.time); return out.rendered
            }
        }
        return out.rendered
    }
}
