import Foundation
import RACSwift
import RACSwiftTesting

/// Hot input streams plus an interval and a flag the operator's variants use;
/// `ProgramGen.time` draws it.
struct TimeProgram: CustomStringConvertible {
    var streams: [Stream]
    var interval: Int
    var flag: Bool

    var description: String {
        "interval \(interval), flag \(flag); " + streams.map { "[\($0)]" }.joined(separator: " ")
    }
}

/// Independent models of RAC's rules for the time operators (throttle, delay, buffer,
/// timeout) and the trigger operators (sample, take(until:), take(untilReplacement:));
/// `ModelProperties` checks the operators against them.
///
/// Time convention on `TestScheduler`: at one instant, the events of hot inputs (scheduled when
/// the run built them) run before any timer an operator started while running, so an input
/// event that lands exactly on a deadline comes first.
enum TimeModels {
    /// RAC's -throttle:valuesPassingTest:: a throttled value waits `interval`; any newer value
    /// drops it (a throttled one replaces it, another is sent at once). Completion sends the
    /// waiting value, then completes; an error drops it.
    static func throttleModel(_ stream: Stream, interval: Int, isThrottled: (Int) -> Bool) -> [String] {
        var out = ModelOutput<Int>()
        var waiting: (value: Int, due: Int)?
        for event in stream.inputs {
            // A wait that ended strictly before this event has sent its value; one ending at
            // this instant loses to the input event.
            if let pending = waiting, pending.due < event.time {
                out.next(pending.due, pending.value)
                waiting = nil
            }
            switch event.input {
            case .value(let value):
                if isThrottled(value) {
                    waiting = (value, event.time + interval)
                } else {
                    waiting = nil
                    out.next(event.time, value)
                }
            case .completed:
                if let pending = waiting { out.next(event.time, pending.value) }
                out.completed(event.time)
                return out.rendered
            case .error:
                out.error(event.time, code: event.time)
                return out.rendered
            }
        }
        if let pending = waiting { out.next(pending.due, pending.value) }
        return out.rendered
    }

    /// RAC's -delay:: values and completion arrive `interval` later; an error is sent at once
    /// and drops everything still delayed.
    static func delayModel(_ stream: Stream, interval: Int) -> [String] {
        var out = ModelOutput<Int>()
        let errorTime = stream.end.flatMap { $0.error ? $0.time : nil }
        for (time, value) in stream.values {
            // A delayed value due exactly when the error arrives loses to it.
            if let errorTime, time + interval >= errorTime { break }
            out.next(time + interval, value)
        }
        if let end = stream.end {
            if end.error { out.error(end.time, code: end.time) } else { out.completed(end.time + interval) }
        }
        return out.rendered
    }

    /// RAC's -bufferWithTime:onScheduler:: the first value after a flush opens a window that
    /// is sent `interval` later with every value that arrived meanwhile; completion flushes the
    /// open window first; an error drops it.
    static func bufferModel(_ stream: Stream, interval: Int) -> [String] {
        var out = ModelOutput<[Int]>()
        var window: [Int] = []
        var due = 0
        for event in stream.inputs {
            if !window.isEmpty, due < event.time {
                out.next(due, window)
                window = []
            }
            switch event.input {
            case .value(let value):
                if window.isEmpty { due = event.time + interval }
                window.append(value)
            case .completed:
                if !window.isEmpty { out.next(event.time, window) }
                out.completed(event.time)
                return out.rendered
            case .error:
                out.error(event.time, code: event.time)
                return out.rendered
            }
        }
        if !window.isEmpty { out.next(due, window) }
        return out.rendered
    }

    /// RAC's -timeout:onScheduler:: events pass until `interval` after subscription (time 0);
    /// a source that has not terminated by then is cut off with a timed-out error.
    static func timeoutModel(_ stream: Stream, interval: Int) -> [String] {
        var out = ModelOutput<Int>()
        for event in stream.inputs where event.time <= interval {
            switch event.input {
            case .value(let value): out.next(event.time, value)
            case .completed: out.completed(event.time); return out.rendered
            case .error: out.error(event.time, code: event.time); return out.rendered
            }
        }
        out.error(interval, SignalError.timedOut)
        return out.rendered
    }

    /// RAC's -sample:: each sampler value sends the source's latest value, if it has one;
    /// either input's completion or error ends the output.
    static func sampleModel(source: Int, _ streams: [Stream]) -> [String] {
        var out = ModelOutput<Int>()
        var latest: Int?
        for event in modelTimeline(streams) {
            switch event.input {
            case .value(let value):
                if event.stream == source {
                    latest = value
                } else if let latest {
                    out.next(event.time, latest)
                }
            case .completed: out.completed(event.time); return out.rendered
            case .error: out.error(event.time, code: event.time); return out.rendered
            }
        }
        return out.rendered
    }

    /// RAC's -takeUntil:: the source's events pass until the trigger sends a value or
    /// completes, which completes the output; the trigger's error is ignored.
    static func takeUntilModel(source: Int, _ streams: [Stream]) -> [String] {
        var out = ModelOutput<Int>()
        var triggerFailed = false
        for event in modelTimeline(streams) {
            if event.stream == source {
                switch event.input {
                case .value(let value): out.next(event.time, value)
                case .completed: out.completed(event.time); return out.rendered
                case .error: out.error(event.time, code: event.time); return out.rendered
                }
            } else if !triggerFailed {
                switch event.input {
                case .value, .completed: out.completed(event.time); return out.rendered
                case .error: triggerFailed = true
                }
            }
        }
        return out.rendered
    }

    /// RAC's -takeUntilReplacement:: the source's values and error pass (its completion does
    /// not: the result waits for the replacement) until the replacement's first event, which
    /// stops the source; from then on the replacement's events pass, terminal ones included.
    static func takeUntilReplacementModel(source: Int, _ streams: [Stream]) -> [String] {
        var out = ModelOutput<Int>()
        var replaced = false
        for event in modelTimeline(streams) {
            if event.stream == source {
                guard !replaced else { continue }
                switch event.input {
                case .value(let value): out.next(event.time, value)
                case .completed: break
                case .error: out.error(event.time, code: event.time); return out.rendered
                }
            } else {
                replaced = true
                switch event.input {
                case .value(let value): out.next(event.time, value)
                case .completed: out.completed(event.time); return out.rendered
                case .error: out.error(event.time, code: event.time); return out.rendered
                }
            }
        }
        return out.rendered
    }
}
