import Foundation
import PropertyBased
import RACSwift
import RACSwiftTesting
import Testing

/// The property-based model checks: for every generated program, RACSwift's trace equals the
/// model's (Reliability/CoreModels.swift, StreamModels.swift, CombiningModels.swift,
/// RepetitionModels.swift, SharingModels.swift, TimeModels.swift, ReentrancyModels.swift). A
/// failure is shrunk to the smallest program that still fails and printed with both traces.
///
/// Serialized: the leak counter is process-wide, and the re-entrancy models keep their
/// subscriptions of one run in a static list.
@Suite(.serialized, .checksLeaks)
struct ModelProperties {
    /// Programs per operator (RACSWIFT_PROPERTY_CASES overrides it).
    static let streamCases = 300
    static let reentrancyCases = 200

    @Test(ModelProperty.seed, arguments: StreamCase.cases)
    func streamOperatorMatchesModel(_ check: StreamCase) async {
        await ModelProperty.check(
            check.name, count: Self.streamCases, input: ProgramGen.streams(check.inputs, maxValues: check.maxValues),
            actual: { check.actual($0.streams) }, expected: { check.expected($0.streams) })
    }

    @Test(ModelProperty.seed, arguments: UnaryCase.cases)
    func unaryOperatorMatchesModel(_ check: UnaryCase) async {
        await ModelProperty.check(
            check.name, count: Self.streamCases,
            input: ProgramGen.unary(parameters: check.parameters, maxValues: 10, alphabet: check.alphabet),
            actual: check.actual, expected: check.expected)
    }

    @Test(ModelProperty.seed, arguments: HigherOrderCase.cases)
    func higherOrderOperatorMatchesModel(_ check: HigherOrderCase) async {
        await ModelProperty.check(
            check.name, count: Self.streamCases, input: ProgramGen.higherOrder, actual: check.actual, expected: check.expected)
    }

    @Test(ModelProperty.seed, arguments: ResubscribeCase.cases)
    func resubscribingOperatorMatchesModel(_ check: ResubscribeCase) async {
        await ModelProperty.check(
            check.name, count: Self.streamCases, input: ProgramGen.resubscribe(counts: check.counts),
            actual: check.actual, expected: check.expected)
    }

    @Test(ModelProperty.seed, arguments: SharingCase.cases)
    func sharingOperatorMatchesModel(_ check: SharingCase) async {
        await ModelProperty.check(
            check.name, count: Self.streamCases, input: ProgramGen.sharing(maxMembers: 4),
            actual: check.actual, expected: check.expected)
    }

    @Test(ModelProperty.seed, arguments: TimeCase.cases)
    func timeOperatorMatchesModel(_ check: TimeCase) async {
        await ModelProperty.check(
            check.name, count: Self.streamCases,
            input: ProgramGen.time(streams: check.inputs, intervals: check.intervals),
            actual: check.actual, expected: check.expected)
    }

    @Test(ModelProperty.seed, arguments: ReentrancyModels.cases)
    func operatorUnderReentrancyMatchesModel(_ check: ReentrancyCase) async {
        await ModelProperty.check(
            "\(check.name) under re-entrancy", count: Self.reentrancyCases,
            input: ProgramGen.reentrant(sources: check.sources, parameters: check.parameters, subscribeAt: check.subscribeAt),
            actual: check.actual, expected: check.expected)
    }
}

/// An operator over hot streams, checked against its model.
struct StreamCase: @unchecked Sendable, CustomTestStringConvertible {
    let name: String
    let inputs: Int
    var maxValues = 8
    let actual: ([Stream]) -> [String]
    let expected: ([Stream]) -> [String]

    var testDescription: String { name }

    static let cases: [StreamCase] = [
        StreamCase(name: "zip(with:)", inputs: 2, actual: { streams in
            runOnScheduler(streams) { _, inputs in inputs[0].zip(with: inputs[1]).map { $0 * 10 + $1 } }
        }, expected: { CoreModels.zipModel($0[0], $0[1]) }),
        StreamCase(name: "concat(_:)", inputs: 2, actual: { streams in
            // Cold inputs: the second starts when the first completes.
            let scheduler = TestScheduler()
            let first = scheduler.createColdSignal(streams[0].recorded)
            let second = scheduler.createColdSignal(streams[1].recorded)
            let recorder = scheduler.record(first.concat(second))
            scheduler.run()
            recorder.disposable.dispose()
            return rendered(recorder.events)
        }, expected: { CoreModels.concatModel($0[0], $0[1]) }),
        StreamCase(name: "bind(_:)", inputs: 1, actual: { streams in
            // return(value), except 2 (nil: bind completes) and 3 (sets `stop`).
            runOnScheduler(streams) { _, inputs in
                inputs[0].bind { { value, stop in
                    if value == 3 { stop = true }
                    return value == 2 ? nil : Signal.return(value)
                } }
            }
        }, expected: { CoreModels.bindModel($0[0]) }),
        StreamCase(name: "zip([a, b, c])", inputs: 3, actual: { streams in
            runOnScheduler(streams) { _, inputs in Signal<[Int]>.zip(inputs) }
        }, expected: StreamModels.zipModel),
        StreamCase(name: "zip(a, b)", inputs: 2, actual: { streams in
            runOnScheduler(streams) { _, inputs in Signal.zip(inputs[0], inputs[1]).map { [$0, $1] } }
        }, expected: StreamModels.zipModel),
        StreamCase(name: "concat([a, b, c])", inputs: 3, maxValues: 5, actual: { streams in
            // Cold inputs: each starts when the one before completes.
            let scheduler = TestScheduler()
            let signals = streams.map { scheduler.createColdSignal($0.recorded) }
            let recorder = scheduler.record(Signal.concat(signals))
            scheduler.run()
            recorder.disposable.dispose()
            return rendered(recorder.events)
        }, expected: StreamModels.concatModel),
        StreamCase(name: "combineLatest(with:)", inputs: 2, actual: { streams in
            runOnScheduler(streams) { _, inputs in inputs[0].combineLatest(with: inputs[1]).map { [$0, $1] } }
        }, expected: CombiningModels.combineLatestModel),
        StreamCase(name: "combineLatest([a, b, c])", inputs: 3, actual: { streams in
            runOnScheduler(streams) { _, inputs in Signal<[Int]>.combineLatest(inputs) }
        }, expected: CombiningModels.combineLatestModel),
        StreamCase(name: "merge(_:)", inputs: 2, actual: { streams in
            runOnScheduler(streams) { _, inputs in inputs[0].merge(inputs[1]) }
        }, expected: CombiningModels.mergeModel),
        StreamCase(name: "merge([a, b, c])", inputs: 3, actual: { streams in
            runOnScheduler(streams) { _, inputs in Signal.merge(inputs) }
        }, expected: CombiningModels.mergeModel),
    ]
}

/// An operator over one hot stream with an integer parameter (a count, a predicate's
/// threshold, a start), checked against its model.
struct UnaryCase: @unchecked Sendable, CustomTestStringConvertible {
    let name: String
    var parameters: ClosedRange<Int> = 0...4
    var alphabet = 4
    let actual: (UnaryProgram) -> [String]
    let expected: (UnaryProgram) -> [String]

    var testDescription: String { name }

    /// An operator whose output is a signal of `Int`s, recorded as it is.
    init(_ name: String, parameters: ClosedRange<Int> = 0...4,
         build: @escaping (Signal<Int>, Int) -> Signal<Int>, model: @escaping (Stream, Int) -> [String]) {
        self.init(name: name, parameters: parameters, actual: { program in
            runOnScheduler([program.stream]) { _, inputs in build(inputs[0], program.parameter) }
        }, expected: { model($0.stream, $0.parameter) })
    }

    init(name: String, parameters: ClosedRange<Int> = 0...4, alphabet: Int = 4,
         actual: @escaping (UnaryProgram) -> [String], expected: @escaping (UnaryProgram) -> [String]) {
        self.name = name
        self.parameters = parameters
        self.alphabet = alphabet
        self.actual = actual
        self.expected = expected
    }

    static let cases: [UnaryCase] = [
        UnaryCase("take(_:)", build: { $0.take($1) }, model: StreamModels.takeModel),
        UnaryCase("skip(_:)", build: { $0.skip($1) }, model: StreamModels.skipModel),
        UnaryCase("take(while:)", build: { signal, limit in signal.take(while: { $0 < limit }) },
                  model: StreamModels.takeWhileModel),
        UnaryCase("take(until:) predicate", build: { signal, target in signal.take(until: { $0 == target }) },
                  model: StreamModels.takeUntilModel),
        UnaryCase("skip(while:)", build: { signal, limit in signal.skip(while: { $0 < limit }) },
                  model: StreamModels.skipWhileModel),
        UnaryCase("skip(until:)", build: { signal, target in signal.skip(until: { $0 == target }) },
                  model: StreamModels.skipUntilModel),
        UnaryCase("scan(withStart:reduce:)", build: { signal, start in signal.scan(withStart: start) { $0 * 2 + $1 } },
                  model: StreamModels.scanModel),
        UnaryCase("scan(withStart:reduceWithIndex:)",
                  build: { signal, start in signal.scan(withStart: start, reduceWithIndex: { $0 * 3 + $1 * 10 + $2 }) },
                  model: StreamModels.scanWithIndexModel),
        UnaryCase("distinctUntilChanged()", build: { signal, _ in signal.distinctUntilChanged() },
                  model: { stream, _ in StreamModels.distinctUntilChangedModel(stream) }),
        UnaryCase("distinctUntilChanged(by:)",
                  build: { signal, tolerance in signal.distinctUntilChanged(by: { abs($0 - $1) <= tolerance % 2 }) },
                  model: StreamModels.distinctUntilChangedByModel),
        UnaryCase(name: "buffer(_:)", parameters: 1...4, actual: { program in
            runOnScheduler([program.stream]) { _, inputs in inputs[0].buffer(program.parameter) }
        }, expected: { StreamModels.bufferModel($0.stream, $0.parameter) }),
        // Everything the result and its groups send, in one log: a group's arrival, each value
        // routed to its group (transformed), and the order of the terminal events.
        UnaryCase(name: "groupBy(_:transform:)", parameters: 1...3, alphabet: 6, actual: { program in
            let scheduler = TestScheduler()
            let source = scheduler.createHotSignal(program.stream.recorded)
            nonisolated(unsafe) var log: [String] = []
            nonisolated(unsafe) var groupSubscriptions: [Disposable] = []
            let modulus = program.parameter
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
        }, expected: { StreamModels.groupByModel($0.stream, $0.parameter) }),
    ]
}

/// A higher-order operator over an outer stream of cold inner ones, checked against its model.
struct HigherOrderCase: @unchecked Sendable, CustomTestStringConvertible {
    let name: String
    let actual: (ModelHigherOrderInput) -> [String]
    let expected: (ModelHigherOrderInput) -> [String]

    var testDescription: String { name }

    static let cases: [HigherOrderCase] = [
        HigherOrderCase(name: "flatten()", actual: { $0.run { $0.flatten() } },
                        expected: { CombiningModels.flattenModel($0, limit: 0) }),
        HigherOrderCase(name: "flatten(maxConcurrent: 0)", actual: { $0.run { $0.flatten(maxConcurrent: 0) } },
                        expected: { CombiningModels.flattenModel($0, limit: 0) }),
        HigherOrderCase(name: "flatten(maxConcurrent: 1)", actual: { $0.run { $0.flatten(maxConcurrent: 1) } },
                        expected: { CombiningModels.flattenModel($0, limit: 1) }),
        HigherOrderCase(name: "flatten(maxConcurrent: 2)", actual: { $0.run { $0.flatten(maxConcurrent: 2) } },
                        expected: { CombiningModels.flattenModel($0, limit: 2) }),
        HigherOrderCase(name: "concat()", actual: { $0.run { $0.concat() } },
                        expected: { CombiningModels.flattenModel($0, limit: 1) }),
        // flattenMap's nil counts as an empty signal: picking inner 1 subscribes nothing.
        HigherOrderCase(name: "flattenMap(_:) with nil", actual: { input in
            input.runIndexed { outer, inners in outer.flattenMap { $0 == 1 ? nil : inners[$0] } }
        }, expected: { CombiningModels.flattenModel($0, limit: 0, nilInner: 1) }),
        HigherOrderCase(name: "switchToLatest()", actual: { $0.run { $0.switchToLatest() } },
                        expected: CombiningModels.switchModel),
    ]
}

/// An operator that subscribes to a cold signal again (repeat, retry, catch), checked against
/// its model up to `RepetitionModels.horizon`, since repeat and retry may never end.
struct ResubscribeCase: @unchecked Sendable, CustomTestStringConvertible {
    let name: String
    var counts: ClosedRange<Int> = 0...3
    let build: ([Signal<Int>], Int) -> Signal<Int>
    let expected: (ModelResubscribeInput) -> [String]

    var testDescription: String { name }

    /// The operator on cold signals of `first` and `second`, recorded up to the horizon.
    func actual(_ input: ModelResubscribeInput) -> [String] {
        let scheduler = TestScheduler()
        let signals = [input.first, input.second].map { scheduler.createColdSignal($0.recorded) }
        let recorder = scheduler.record(build(signals, input.count))
        scheduler.advance(to: TestScheduler.startDate.addingTimeInterval(TimeInterval(RepetitionModels.horizon)))
        recorder.disposable.dispose()
        return rendered(recorder.events)
    }

    static let cases: [ResubscribeCase] = [
        ResubscribeCase(name: "repeat()", build: { signals, _ in signals[0].repeat() }, expected: RepetitionModels.repeatModel),
        ResubscribeCase(name: "retry()", build: { signals, _ in signals[0].retry() },
                        expected: { RepetitionModels.retryModel($0.first, count: 0) }),
        ResubscribeCase(name: "retry(_:)", build: { signals, count in signals[0].retry(count) },
                        expected: { RepetitionModels.retryModel($0.first, count: $0.count) }),
        ResubscribeCase(name: "catch(_:)", build: { signals, _ in signals[0].catch { _ in signals[1] } },
                        expected: RepetitionModels.catchModel),
        ResubscribeCase(name: "catch(to:)", build: { signals, _ in signals[0].catch(to: signals[1]) },
                        expected: RepetitionModels.catchModel),
        // The handler picks the replacement from the error: even codes recover, odd ones fail
        // with a new error.
        ResubscribeCase(name: "catch(_:) by error", build: { signals, _ in
            signals[0].catch { error in
                (error as? TestError).map { $0.code.isMultiple(of: 2) } == true ? signals[1] : Signal.error(TestError(code: -1))
            }
        }, expected: RepetitionModels.catchByErrorModel),
    ]
}

/// An operator that shares one subscription among several members (or hops schedulers),
/// checked against its model member by member.
struct SharingCase: @unchecked Sendable, CustomTestStringConvertible {
    let name: String
    let actual: (SharingProgram) -> [[String]]
    let expected: (SharingProgram) -> [[String]]

    var testDescription: String { name }

    private static func at(_ time: Int) -> Date { TestScheduler.startDate.addingTimeInterval(TimeInterval(time)) }

    /// Runs the members against the signal `share` builds from the source: each subscribes at
    /// its join time and disposes at its leave time; returns each member's recording. `share`
    /// may schedule its own actions (a connect) before the members are scheduled.
    private static func run(
        _ input: SharingProgram, source makeSource: (TestScheduler) -> Signal<Int>,
        share: (TestScheduler, Signal<Int>) -> (signal: Signal<Int>, teardown: () -> Void)
    ) -> [[String]] {
        let scheduler = TestScheduler()
        // Built with the scheduler current: a connection made now (replay's) subscribes at
        // once, as on the main thread, instead of on a background scheduler (the property
        // runs off the main thread, where `Scheduler.subscription` would defer it).
        var built: (signal: Signal<Int>, teardown: () -> Void)?
        scheduler.performAsCurrentScheduler { built = share(scheduler, makeSource(scheduler)) }
        let (shared, teardown) = built!
        nonisolated(unsafe) var recordings = Array(repeating: [Recorded<Int>](), count: input.members.count)
        nonisolated(unsafe) var subscriptions = [Disposable?](repeating: nil, count: input.members.count)
        for (index, member) in input.members.enumerated() {
            scheduler.after(at(member.join)) {
                subscriptions[index] = shared.subscribe(
                    next: { recordings[index].append(.next(scheduler.elapsed, $0)) },
                    error: { recordings[index].append(.error(scheduler.elapsed, $0)) },
                    completed: { recordings[index].append(.completed(scheduler.elapsed)) })
            }
            if let leave = member.leave {
                scheduler.after(at(leave)) { subscriptions[index]?.dispose() }
            }
        }
        scheduler.run()
        for subscription in subscriptions { subscription?.dispose() }
        teardown()
        return recordings.map { rendered($0) }
    }

    /// `run` on a hot source.
    private static func runHot(
        _ input: SharingProgram, share: (TestScheduler, Signal<Int>) -> (signal: Signal<Int>, teardown: () -> Void)
    ) -> [[String]] {
        run(input, source: { $0.createHotSignal(input.source.recorded) }, share: share)
    }

    static let cases: [SharingCase] = [
        SharingCase(name: "replay()", actual: { input in
            runHot(input) { _, source in (source.replay(), {}) }
        }, expected: { SharingModels.sharingModel($0, .replay(capacity: .max)) }),
        SharingCase(name: "replayLast()", actual: { input in
            runHot(input) { _, source in (source.replayLast(), {}) }
        }, expected: { SharingModels.sharingModel($0, .replay(capacity: 1)) }),
        SharingCase(name: "replayLazily()", actual: { input in
            runHot(input) { _, source in (source.replayLazily(), {}) }
        }, expected: { SharingModels.sharingModel($0, .replayLazily) }),
        SharingCase(name: "publish() + connect()", actual: { input in
            runHot(input) { scheduler, source in
                let connection = source.publish()
                nonisolated(unsafe) var connected: Disposable?
                scheduler.after(at(input.connectAt)) { connected = connection.connect() }
                return (connection.signal, { connected?.dispose() })
            }
        }, expected: { SharingModels.sharingModel($0, .publishConnect) }),
        SharingCase(name: "publish().autoconnect()", actual: { input in
            runHot(input) { _, source in (source.publish().autoconnect(), {}) }
        }, expected: { SharingModels.sharingModel($0, .publishAutoconnect) }),
        SharingCase(name: "deliver(on:)", actual: { input in
            runHot(input) { scheduler, source in (source.deliver(on: scheduler), {}) }
        }, expected: SharingModels.deliverOnModel),
        // A cold source whose every subscription sends a marker value (-1) first, so a
        // subscription that happened shows.
        SharingCase(name: "subscribe(on:)", actual: { input in
            run(input, source: { scheduler in
                scheduler.createColdSignal(input.source.recorded).startWith(-1)
            }, share: { scheduler, source in (source.subscribe(on: scheduler), {}) })
        }, expected: SharingModels.subscribeOnModel),
    ]
}

/// A time or trigger operator over hot streams, an interval and a flag, checked against its
/// model.
struct TimeCase: @unchecked Sendable, CustomTestStringConvertible {
    let name: String
    var inputs = 1
    var intervals: ClosedRange<Int> = 0...4
    let actual: (TimeProgram) -> [String]
    let expected: (TimeProgram) -> [String]

    var testDescription: String { name }

    init<Output>(name: String, inputs: Int = 1, intervals: ClosedRange<Int> = 0...4,
                 build: @escaping (TestScheduler, [Signal<Int>], TimeProgram) -> Signal<Output>,
                 expected: @escaping (TimeProgram) -> [String]) {
        self.name = name
        self.inputs = inputs
        self.intervals = intervals
        self.actual = { program in runOnScheduler(program.streams) { build($0, $1, program) } }
        self.expected = expected
    }

    private static let isThrottled: @Sendable (Int) -> Bool = { $0 % 2 == 0 }

    static let cases: [TimeCase] = [
        // flag: pass the scheduler explicitly, or leave it to RAC's rule (the current one).
        TimeCase(name: "throttle(_:on:)", build: { scheduler, inputs, program in
            inputs[0].throttle(TimeInterval(program.interval), on: program.flag ? scheduler : nil)
        }, expected: { TimeModels.throttleModel($0.streams[0], interval: $0.interval) { _ in true } }),
        TimeCase(name: "throttle(_:on:valuesPassingTest:)", build: { scheduler, inputs, program in
            inputs[0].throttle(TimeInterval(program.interval), on: program.flag ? scheduler : nil, valuesPassingTest: isThrottled)
        }, expected: { TimeModels.throttleModel($0.streams[0], interval: $0.interval, isThrottled: isThrottled) }),
        TimeCase(name: "delay(_:on:)", build: { scheduler, inputs, program in
            inputs[0].delay(TimeInterval(program.interval), on: program.flag ? scheduler : nil)
        }, expected: { TimeModels.delayModel($0.streams[0], interval: $0.interval) }),
        TimeCase(name: "buffer(withTime:on:)", build: { scheduler, inputs, program in
            inputs[0].buffer(withTime: TimeInterval(program.interval), on: scheduler)
        }, expected: { TimeModels.bufferModel($0.streams[0], interval: $0.interval) }),
        TimeCase(name: "timeout(_:on:)", intervals: 0...14, build: { scheduler, inputs, program in
            inputs[0].timeout(TimeInterval(program.interval), on: scheduler)
        }, expected: { TimeModels.timeoutModel($0.streams[0], interval: $0.interval) }),
        TimeCase(name: "sample(_:)", inputs: 2, build: { _, inputs, _ in inputs[0].sample(inputs[1]) },
                 expected: { TimeModels.sampleModel(source: 0, $0.streams) }),
        // The sampler's events come first at an instant both send.
        TimeCase(name: "sample(_:) (sampler first at equal times)", inputs: 2, build: { _, inputs, _ in inputs[1].sample(inputs[0]) },
                 expected: { TimeModels.sampleModel(source: 1, $0.streams) }),
        TimeCase(name: "take(until:) signal", inputs: 2, build: { _, inputs, _ in inputs[0].take(until: inputs[1]) },
                 expected: { TimeModels.takeUntilModel(source: 0, $0.streams) }),
        TimeCase(name: "take(until:) signal (trigger first at equal times)", inputs: 2,
                 build: { _, inputs, _ in inputs[1].take(until: inputs[0]) },
                 expected: { TimeModels.takeUntilModel(source: 1, $0.streams) }),
        TimeCase(name: "take(untilReplacement:)", inputs: 2, build: { _, inputs, _ in inputs[0].take(untilReplacement: inputs[1]) },
                 expected: { TimeModels.takeUntilReplacementModel(source: 0, $0.streams) }),
        TimeCase(name: "take(untilReplacement:) (replacement first at equal times)", inputs: 2,
                 build: { _, inputs, _ in inputs[1].take(untilReplacement: inputs[0]) },
                 expected: { TimeModels.takeUntilReplacementModel(source: 1, $0.streams) }),
    ]
}
