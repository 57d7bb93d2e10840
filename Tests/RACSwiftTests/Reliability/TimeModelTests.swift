import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// Randomized model checks of the time operators (throttle, delay, buffer, timeout) and of the
/// trigger operators (sample, take(until:), take(untilReplacement:)) against independent models
/// of RAC's rules.
///
/// Time convention on `TestScheduler`: at one instant, the events of hot inputs (scheduled when
/// the test built them) run before any timer an operator started while running, so an input
/// event that lands exactly on a deadline comes first.
final class TimeModelTests: RACTestCase {
    /// Hot input streams plus an interval and a flag the operator's variants use.
    struct Input: CustomStringConvertible {
        var streams: [Stream]
        var interval: Int
        var flag: Bool

        var description: String {
            "interval \(interval), flag \(flag); " + streams.map { "[\($0)]" }.joined(separator: " ")
        }

        var shrunk: [Input] {
            shrinkEach(streams).map { Input(streams: $0, interval: interval, flag: flag) }
        }

        static func random(_ rng: inout SplitMix64, streams: Int, interval: ClosedRange<Int>) -> Input {
            Input(
                streams: (0..<streams).map { _ in Stream.random(&rng, maxValues: 10) },
                interval: modelDraw(interval, &rng), flag: Bool.random(using: &rng))
        }
    }

    private func check(
        _ name: String, streams: Int = 1, interval: ClosedRange<Int> = 0...4,
        actual: @escaping (Input) -> [String], expected: @escaping (Input) -> [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        ModelCheck.check(
            name, generate: { Input.random(&$0, streams: streams, interval: interval) }, shrink: \.shrunk,
            actual: actual, expected: expected, file: file, line: line)
    }

    // MARK: throttle

    func testThrottleMatchesModel() {
        // flag: pass the scheduler explicitly, or leave it to RAC's rule (the current one).
        check("throttle(_:on:)", actual: { input in
            runOnScheduler(input.streams) { scheduler, inputs in
                inputs[0].throttle(TimeInterval(input.interval), on: input.flag ? scheduler : nil)
            }
        }, expected: { Self.throttleModel($0.streams[0], interval: $0.interval) { _ in true } })
    }

    func testThrottleValuesPassingTestMatchesModel() {
        let isThrottled: @Sendable (Int) -> Bool = { $0 % 2 == 0 }
        check("throttle(_:on:valuesPassingTest:)", actual: { input in
            runOnScheduler(input.streams) { scheduler, inputs in
                inputs[0].throttle(TimeInterval(input.interval), on: input.flag ? scheduler : nil, valuesPassingTest: isThrottled)
            }
        }, expected: { Self.throttleModel($0.streams[0], interval: $0.interval, isThrottled: isThrottled) })
    }

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

    // MARK: delay

    func testDelayMatchesModel() {
        check("delay(_:on:)", actual: { input in
            runOnScheduler(input.streams) { scheduler, inputs in
                inputs[0].delay(TimeInterval(input.interval), on: input.flag ? scheduler : nil)
            }
        }, expected: { Self.delayModel($0.streams[0], interval: $0.interval) })
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

    // MARK: buffer(withTime:)

    func testBufferWithTimeMatchesModel() {
        check("buffer(withTime:on:)", actual: { input in
            runOnScheduler(input.streams) { scheduler, inputs in
                inputs[0].buffer(withTime: TimeInterval(input.interval), on: scheduler)
            }
        }, expected: { Self.bufferModel($0.streams[0], interval: $0.interval) })
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

    // MARK: timeout

    func testTimeoutMatchesModel() {
        check("timeout(_:on:)", interval: 0...14, actual: { input in
            runOnScheduler(input.streams) { scheduler, inputs in
                inputs[0].timeout(TimeInterval(input.interval), on: scheduler)
            }
        }, expected: { Self.timeoutModel($0.streams[0], interval: $0.interval) })
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

    // MARK: sample

    func testSampleMatchesModel() {
        check("sample(_:)", streams: 2, actual: { input in
            runOnScheduler(input.streams) { _, inputs in inputs[0].sample(inputs[1]) }
        }, expected: { Self.sampleModel(source: 0, $0.streams) })
    }

    func testSampleWithSamplerCreatedFirstMatchesModel() {
        // The sampler's events come first at an instant both send.
        check("sample(_:) (sampler first at equal times)", streams: 2, actual: { input in
            runOnScheduler(input.streams) { _, inputs in inputs[1].sample(inputs[0]) }
        }, expected: { Self.sampleModel(source: 1, $0.streams) })
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

    // MARK: take(until: signal)

    func testTakeUntilSignalMatchesModel() {
        check("take(until:) signal", streams: 2, actual: { input in
            runOnScheduler(input.streams) { _, inputs in inputs[0].take(until: inputs[1]) }
        }, expected: { Self.takeUntilModel(source: 0, $0.streams) })
    }

    func testTakeUntilSignalWithTriggerCreatedFirstMatchesModel() {
        check("take(until:) signal (trigger first at equal times)", streams: 2, actual: { input in
            runOnScheduler(input.streams) { _, inputs in inputs[1].take(until: inputs[0]) }
        }, expected: { Self.takeUntilModel(source: 1, $0.streams) })
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

    // MARK: take(untilReplacement:)

    func testTakeUntilReplacementMatchesModel() {
        check("take(untilReplacement:)", streams: 2, actual: { input in
            runOnScheduler(input.streams) { _, inputs in inputs[0].take(untilReplacement: inputs[1]) }
        }, expected: { Self.takeUntilReplacementModel(source: 0, $0.streams) })
    }

    func testTakeUntilReplacementWithReplacementCreatedFirstMatchesModel() {
        check("take(untilReplacement:) (replacement first at equal times)", streams: 2, actual: { input in
            runOnScheduler(input.streams) { _, inputs in inputs[1].take(untilReplacement: inputs[0]) }
        }, expected: { Self.takeUntilReplacementModel(source: 1, $0.streams) })
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
