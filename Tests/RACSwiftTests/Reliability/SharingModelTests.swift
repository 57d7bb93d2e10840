import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// Randomized model checks of the operators that share one subscription among several
/// subscribers (replay, replayLast, replayLazily, publish + connect, publish + autoconnect) and
/// of the scheduler hops (deliver(on:), subscribe(on:)), against independent models of RAC's
/// rules.
///
/// Each subscriber joins at a virtual time and may leave (dispose) later. At one instant the
/// hot source's event comes first, then a scheduled connect, then the joins and leaves in
/// subscriber order (the order the test scheduled them); a block an operator schedules while
/// running comes after all of those.
final class SharingModelTests: RACTestCase {
    struct Member: CustomStringConvertible {
        var join: Int
        var leave: Int?

        var description: String { "join \(join)" + (leave.map { ", leave \($0)" } ?? "") }
    }

    struct Input: CustomStringConvertible {
        var source: Stream
        var members: [Member]
        var connectAt: Int

        var description: String { "source [\(source)]; members \(members); connect at \(connectAt)" }

        var shrunk: [Input] {
            var smaller = source.shrunk.map { Input(source: $0, members: members, connectAt: connectAt) }
            if members.count > 1 {
                for index in members.indices {
                    var copy = self
                    copy.members.remove(at: index)
                    smaller.append(copy)
                }
            }
            for index in members.indices where members[index].leave != nil {
                var copy = self
                copy.members[index].leave = nil
                smaller.append(copy)
            }
            return smaller
        }

        static func random(_ rng: inout SplitMix64, maxMembers: Int = 4) -> Input {
            let members = (0..<Int.random(in: 1...maxMembers, using: &rng)).map { _ -> Member in
                let join = modelDraw(0...14, &rng)
                return Member(join: join, leave: Bool.random(using: &rng) ? join + modelDraw(0...6, &rng) : nil)
            }
            return Input(source: Stream.random(&rng, maxValues: 8), members: members, connectAt: modelDraw(0...12, &rng))
        }
    }

    private func check(
        _ name: String, maxMembers: Int = 4,
        actual: @escaping (Input) -> [[String]], expected: @escaping (Input) -> [[String]],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        ModelCheck.check(
            name, generate: { Input.random(&$0, maxMembers: maxMembers) }, shrink: \.shrunk,
            actual: actual, expected: expected, file: file, line: line)
    }

    private static func at(_ time: Int) -> Date { TestScheduler.startDate.addingTimeInterval(TimeInterval(time)) }

    /// Runs the members against the signal `share` builds from the hot source: each subscribes
    /// at its join time and disposes at its leave time; returns each member's recording.
    /// `share` may schedule its own actions (a connect) before the members are scheduled.
    private static func run(
        _ input: Input, source makeSource: (TestScheduler) -> Signal<Int>,
        share: (TestScheduler, Signal<Int>) -> (signal: Signal<Int>, teardown: () -> Void)
    ) -> [[String]] {
        let scheduler = TestScheduler()
        let (shared, teardown) = share(scheduler, makeSource(scheduler))
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

    private static func runHot(
        _ input: Input, share: (TestScheduler, Signal<Int>) -> (signal: Signal<Int>, teardown: () -> Void)
    ) -> [[String]] {
        run(input, source: { $0.createHotSignal(input.source.recorded) }, share: share)
    }

    // MARK: The multicast family

    /// How a shared signal is wired to its source, for the model.
    enum Sharing {
        /// Connected when built; a replay subject keeping `capacity` values.
        case replay(capacity: Int)
        /// Connected by the first subscriber; a replay subject keeping every value.
        case replayLazily
        /// A plain subject connected at `connectAt`.
        case publishConnect
        /// A plain subject connected by the first subscriber and disconnected for good when
        /// the subscriber count falls back to zero.
        case publishAutoconnect
    }

    /// RAC's multicast connection through a subject: once connected, each source event goes
    /// to the subject, which sends it to its current subscribers; a replay subject also keeps
    /// the last `capacity` values and its terminal event, and sends them to each new
    /// subscriber at once. A plain subject remembers nothing. `connect` subscribes the source
    /// once, ever; autoconnect counts subscribers (a terminal event ends a subscription too)
    /// and disposes the connection when the count reaches zero.
    static func sharingModel(_ input: Input, _ sharing: Sharing) -> [[String]] {
        enum Action { case source(ModelInput), connect, join(Int), leave(Int) }
        var actions: [(time: Int, action: Action)] = input.source.inputs.map { ($0.time, .source($0.input)) }
        if case .publishConnect = sharing { actions.append((input.connectAt, .connect)) }
        for (index, member) in input.members.enumerated() {
            actions.append((member.join, .join(index)))
            if let leave = member.leave { actions.append((leave, .leave(index))) }
        }
        // Stable: at one instant, the order above (source, connect, members).
        let timeline = actions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }

        var outputs = Array(repeating: ModelOutput<Int>(), count: input.members.count)
        var isConnected = false
        var isDisconnected = false
        var kept: [Int] = []
        var terminal: ModelInput?
        var terminalTime = 0
        var active: [Int] = []
        var count = 0

        func end(_ index: Int, _ event: ModelInput, at time: Int) {
            if event == .error { outputs[index].error(time, code: terminalTime) } else { outputs[index].completed(time) }
            if case .publishAutoconnect = sharing {
                count -= 1
                if count == 0 { isDisconnected = true }
            }
        }

        func subscribeToSubject(_ index: Int, at time: Int) {
            switch sharing {
            case .replay, .replayLazily:
                for value in kept { outputs[index].next(time, value) }
                if let terminal { end(index, terminal, at: time) } else { active.append(index) }
            case .publishConnect, .publishAutoconnect:
                active.append(index)
            }
        }

        if case .replay = sharing { isConnected = true }
        for (_, (time, action)) in timeline {
            switch action {
            case .source(let event):
                guard isConnected, !isDisconnected, terminal == nil else { continue }
                switch event {
                case .value(let value):
                    switch sharing {
                    case .replay(let capacity):
                        kept.append(value)
                        if kept.count > capacity { kept.removeFirst() }
                    case .replayLazily:
                        kept.append(value)
                    case .publishConnect, .publishAutoconnect:
                        break
                    }
                    for index in active { outputs[index].next(time, value) }
                case .completed, .error:
                    terminal = event
                    terminalTime = time
                    let ending = active
                    active = []
                    for index in ending { end(index, event, at: time) }
                }
            case .connect:
                isConnected = true
            case .join(let index):
                switch sharing {
                case .replay, .publishConnect:
                    subscribeToSubject(index, at: time)
                case .replayLazily:
                    isConnected = true
                    subscribeToSubject(index, at: time)
                case .publishAutoconnect:
                    count += 1
                    subscribeToSubject(index, at: time)
                    isConnected = true
                }
            case .leave(let index):
                guard let position = active.firstIndex(of: index) else { continue }
                active.remove(at: position)
                if case .publishAutoconnect = sharing {
                    count -= 1
                    if count == 0, isConnected { isDisconnected = true }
                }
            }
        }
        return outputs.map(\.rendered)
    }

    func testReplayMatchesModel() {
        check("replay()", actual: { input in
            Self.runHot(input) { _, source in (source.replay(), {}) }
        }, expected: { Self.sharingModel($0, .replay(capacity: .max)) })
    }

    func testReplayLastMatchesModel() {
        check("replayLast()", actual: { input in
            Self.runHot(input) { _, source in (source.replayLast(), {}) }
        }, expected: { Self.sharingModel($0, .replay(capacity: 1)) })
    }

    func testReplayLazilyMatchesModel() {
        check("replayLazily()", actual: { input in
            Self.runHot(input) { _, source in (source.replayLazily(), {}) }
        }, expected: { Self.sharingModel($0, .replayLazily) })
    }

    func testPublishAndConnectMatchesModel() {
        check("publish() + connect()", actual: { input in
            Self.runHot(input) { scheduler, source in
                let connection = source.publish()
                nonisolated(unsafe) var connected: Disposable?
                scheduler.after(Self.at(input.connectAt)) { connected = connection.connect() }
                return (connection.signal, { connected?.dispose() })
            }
        }, expected: { Self.sharingModel($0, .publishConnect) })
    }

    func testPublishAndAutoconnectMatchesModel() {
        check("publish().autoconnect()", actual: { input in
            Self.runHot(input) { _, source in (source.publish().autoconnect(), {}) }
        }, expected: { Self.sharingModel($0, .publishAutoconnect) })
    }

    // MARK: Scheduler hops

    /// RAC's -deliverOn:: each event is scheduled on the scheduler, so it reaches the
    /// subscriber later in the same instant, after the blocks already waiting for it (the
    /// member's own leave included): a member that leaves at an instant misses that instant's
    /// event, which plain subscription would have delivered.
    static func deliverOnModel(_ input: Input) -> [[String]] {
        input.members.map { member in
            var out = ModelOutput<Int>()
            for event in input.source.inputs where event.time > member.join {
                if let leave = member.leave, event.time >= leave { break }
                switch event.input {
                case .value(let value): out.next(event.time, value)
                case .completed: out.completed(event.time)
                case .error: out.error(event.time, code: event.time)
                }
            }
            return out.rendered
        }
    }

    func testDeliverOnMatchesModel() {
        check("deliver(on:)", actual: { input in
            Self.runHot(input) { scheduler, source in (source.deliver(on: scheduler), {}) }
        }, expected: Self.deliverOnModel)
    }

    /// RAC's -subscribeOn:: the subscription is scheduled, so it happens later in the join's
    /// instant, after the blocks already waiting for it; a member that leaves in that instant
    /// never subscribes. Here the source is cold (its times count from each subscription)
    /// and each of its subscriptions sends a marker value (-1) first, so a subscription that
    /// happened shows.
    static func subscribeOnModel(_ input: Input) -> [[String]] {
        input.members.map { member in
            var out = ModelOutput<Int>()
            if member.leave == member.join { return out.rendered }
            out.next(member.join, -1)
            for event in input.source.inputs {
                let time = member.join + event.time
                if let leave = member.leave, time >= leave { break }
                switch event.input {
                case .value(let value): out.next(time, value)
                case .completed: out.completed(time)
                case .error: out.error(time, code: event.time)
                }
            }
            return out.rendered
        }
    }

    func testSubscribeOnMatchesModel() {
        check("subscribe(on:)", actual: { input in
            Self.run(input, source: { scheduler in
                scheduler.createColdSignal(input.source.recorded).startWith(-1)
            }, share: { scheduler, source in (source.subscribe(on: scheduler), {}) })
        }, expected: Self.subscribeOnModel)
    }
}
