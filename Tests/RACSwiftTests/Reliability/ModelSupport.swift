import Foundation
import RACSwift
import RACSwiftTesting

// Shared pieces of the reference models. A model reads the input streams as a timeline and
// writes the events RAC's rule produces; nothing here calls the operator under test.

/// An input stream: values at strictly increasing integral virtual times, then optionally a
/// terminal event; `ProgramGen.stream` draws it.
struct Stream: CustomStringConvertible {
    var values: [(time: Int, value: Int)]
    var end: (time: Int, error: Bool)?

    var recorded: [Recorded<Int>] {
        var events = values.map { Recorded<Int>.next(TimeInterval($0.time), $0.value) }
        if let end {
            events.append(end.error ? .error(TimeInterval(end.time), TestError(code: end.time)) : .completed(TimeInterval(end.time)))
        }
        return events
    }

    var description: String { recorded.map(\.description).joined(separator: ", ") }
}

/// Comparable rendering of recorded events (errors compare by their TestError code).
func rendered<V>(_ events: [Recorded<V>]) -> [String] {
    events.map(\.description)
}

/// Runs `build` on hot signals made from `streams`, records the result until the scheduler is
/// idle, disposes the recording, and renders it.
func runOnScheduler<V>(_ streams: [Stream], _ build: (TestScheduler, [Signal<Int>]) -> Signal<V>) -> [String] {
    let scheduler = TestScheduler()
    let inputs = streams.map { scheduler.createHotSignal($0.recorded) }
    let recorder = scheduler.record(build(scheduler, inputs))
    scheduler.run()
    recorder.disposable.dispose()
    return rendered(recorder.events)
}

/// One input event of a model's timeline.
enum ModelInput: Equatable {
    case value(Int)
    case completed
    case error
}

/// A timestamped input event of stream number `stream`.
struct ModelTimedInput {
    let time: Int
    let stream: Int
    let input: ModelInput
}

extension Stream {
    /// This stream's events in order.
    var inputs: [ModelTimedInput] {
        var events = values.map { ModelTimedInput(time: $0.time, stream: 0, input: .value($0.value)) }
        if let end { events.append(ModelTimedInput(time: end.time, stream: 0, input: end.error ? .error : .completed)) }
        return events
    }

    /// The stream's events as a cold signal's recording, with every value mapped by `tag`
    /// and an error carrying `errorCode(time)`.
    func recorded(tag: (Int) -> Int, errorCode: (Int) -> Int) -> [Recorded<Int>] {
        var events = values.map { Recorded<Int>.next(TimeInterval($0.time), tag($0.value)) }
        if let end {
            events.append(end.error
                ? .error(TimeInterval(end.time), TestError(code: errorCode(end.time)))
                : .completed(TimeInterval(end.time)))
        }
        return events
    }
}

/// The events of several hot streams in the order a `TestScheduler` sends them: by time, and
/// at one instant in the order the hot signals were created (stream 0's first).
func modelTimeline(_ streams: [Stream]) -> [ModelTimedInput] {
    streams.enumerated()
        .flatMap { index, stream in stream.inputs.map { ModelTimedInput(time: $0.time, stream: index, input: $0.input) } }
        .enumerated()
        .sorted { ($0.element.time, $0.element.stream, $0.offset) < ($1.element.time, $1.element.stream, $1.offset) }
        .map(\.element)
}

/// Builds a model's expected recording.
struct ModelOutput<V> {
    private(set) var events: [Recorded<V>] = []
    private(set) var isFinished = false

    mutating func next(_ time: Int, _ value: V) {
        precondition(!isFinished, "model bug: value after the terminal event")
        events.append(.next(TimeInterval(time), value))
    }

    mutating func completed(_ time: Int) {
        precondition(!isFinished, "model bug: two terminal events")
        isFinished = true
        events.append(.completed(TimeInterval(time)))
    }

    mutating func error(_ time: Int, _ error: any Error) {
        precondition(!isFinished, "model bug: two terminal events")
        isFinished = true
        events.append(.error(TimeInterval(time), error))
    }

    /// An input stream's error, which carries the time it was sent at as its code.
    mutating func error(_ time: Int, code: Int) {
        error(time, TestError(code: code))
    }

    var rendered: [String] { RACSwiftTests.rendered(events) }
}

/// Input of the higher-order models: an outer stream whose values pick one of `inners`
/// (value `i` stands for inner stream `i % inners.count`); `ProgramGen.higherOrder` draws it.
struct ModelHigherOrderInput: CustomStringConvertible {
    var outer: Stream
    var inners: [Stream]

    var description: String {
        "outer: [\(outer)]; " + inners.enumerated().map { "inner \($0.offset): [\($0.element)]" }.joined(separator: "; ")
    }

    /// Inner stream `index`'s cold recording: its values tagged `100 * (index + 1) + value`,
    /// its error carrying `1000 * (index + 1) + relative time`.
    func innerRecording(_ index: Int) -> [Recorded<Int>] {
        inners[index].recorded(tag: { 100 * (index + 1) + $0 }, errorCode: { 1000 * (index + 1) + $0 })
    }

    /// Runs `build` on a hot outer signal of cold inner signals and renders the recording.
    func run(_ build: (Signal<Signal<Int>>) -> Signal<Int>) -> [String] {
        runIndexed { outer, inners in build(outer.map { inners[$0] }) }
    }

    /// Runs `build` on a hot outer signal of inner-signal indices (already reduced modulo the
    /// number of inner signals) and the cold inner signals, and renders the recording.
    func runIndexed(_ build: (Signal<Int>, [Signal<Int>]) -> Signal<Int>) -> [String] {
        let scheduler = TestScheduler()
        let signals = inners.indices.map { scheduler.createColdSignal(innerRecording($0)) }
        let count = inners.count
        let outerEvents = outer.recorded(tag: { $0 % count }, errorCode: { $0 })
        let recorder = scheduler.record(build(scheduler.createHotSignal(outerEvents), signals))
        scheduler.run()
        recorder.disposable.dispose()
        return rendered(recorder.events)
    }
}

/// A discrete-event simulation of a `TestScheduler`: actions run in (time, scheduling order),
/// which is how the models of operators that subscribe to cold signals later order their
/// events. A cold signal subscribed at `now` schedules all of its events at once, in order.
struct ModelClock {
    enum Action {
        case outer(ModelInput)
        case inner(subscription: Int, inner: Int, ModelInput)
    }

    private var queue: [(time: Int, sequence: Int, action: Action)] = []
    private var sequence = 0
    private(set) var now = 0

    mutating func schedule(_ time: Int, _ action: Action) {
        sequence += 1
        queue.append((time, sequence, action))
    }

    /// Schedules the events of cold `stream` subscribed now.
    mutating func subscribe(_ stream: Stream, inner: Int, subscription: Int) {
        for event in stream.inputs { schedule(now + event.time, .inner(subscription: subscription, inner: inner, event.input)) }
    }

    mutating func pop() -> Action? {
        guard let index = queue.indices.min(by: { (queue[$0].time, queue[$0].sequence) < (queue[$1].time, queue[$1].sequence) })
        else { return nil }
        let item = queue.remove(at: index)
        now = max(now, item.time)
        return item.action
    }
}

/// Input of the models over one cold source that an operator subscribes to again (repeat,
/// retry, catch): the stream, and a second one for catch's replacement; `ProgramGen.resubscribe`
/// draws it.
struct ModelResubscribeInput: CustomStringConvertible {
    var first: Stream
    var second: Stream
    var count: Int

    var description: String { "first: [\(first)]; second: [\(second)]; count: \(count)" }
}
