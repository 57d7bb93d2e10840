import Foundation
import RACSwift
import RACSwiftTesting

/// A hot source and the subscribers ("members") of a signal shared from it: each joins at a
/// virtual time and may leave (dispose) later; `connectAt` is publish + connect's connect
/// time. `ProgramGen.sharing` draws it.
///
/// At one instant the hot source's event comes first, then a scheduled connect, then the joins
/// and leaves in member order (the order the run schedules them); a block an operator
/// schedules while running comes after all of those.
struct SharingProgram: CustomStringConvertible {
    struct Member: CustomStringConvertible {
        var join: Int
        var leave: Int?

        var description: String { "join \(join)" + (leave.map { ", leave \($0)" } ?? "") }
    }

    var source: Stream
    var members: [Member]
    var connectAt: Int

    var description: String { "source [\(source)]; members \(members); connect at \(connectAt)" }
}

/// Independent models of RAC's rules for the operators that share one subscription among
/// several subscribers (replay, replayLast, replayLazily, publish + connect, publish +
/// autoconnect) and for the scheduler hops (deliver(on:), subscribe(on:)); `ModelProperties`
/// checks the operators against them. Each gives every member's recording.
enum SharingModels {
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
    static func sharingModel(_ input: SharingProgram, _ sharing: Sharing) -> [[String]] {
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

    /// RAC's -deliverOn:: each event is scheduled on the scheduler, so it reaches the
    /// subscriber later in the same instant, after the blocks already waiting for it (the
    /// member's own leave included): a member that leaves at an instant misses that instant's
    /// event, which plain subscription would have delivered.
    static func deliverOnModel(_ input: SharingProgram) -> [[String]] {
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

    /// RAC's -subscribeOn:: the subscription is scheduled, so it happens later in the join's
    /// instant, after the blocks already waiting for it; a member that leaves in that instant
    /// never subscribes. Here the source is cold (its times count from each subscription)
    /// and each of its subscriptions sends a marker value (-1) first, so a subscription that
    /// happened shows.
    static func subscribeOnModel(_ input: SharingProgram) -> [[String]] {
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
}
