import Foundation
import RACSwift
import RACSwiftTesting

/// Independent models of RAC's rules for the operators with several inputs (combineLatest,
/// merge) and the higher-order ones (flatten with limits, concat, flattenMap, switchToLatest);
/// `StreamProperties` checks the operators against them.
enum CombiningModels {
    /// RAC's combineLatest: once every input has a value, each value sends all the latest
    /// values; completes when every input has completed; an error ends it at once.
    static func combineLatestModel(_ streams: [Stream]) -> [String] {
        var latest = [Int?](repeating: nil, count: streams.count)
        return untilEveryInputCompletedOrAnError(streams) { stream, value, time, out in
            latest[stream] = value
            if latest.allSatisfy({ $0 != nil }) { out.next(time, latest.map { $0! }) }
        }
    }

    /// RAC's merge: every value as it arrives; completes when every input has completed; an
    /// error ends it at once.
    static func mergeModel(_ streams: [Stream]) -> [String] {
        untilEveryInputCompletedOrAnError(streams) { _, value, time, out in out.next(time, value) }
    }

    /// The terminal rule RAC's merge and combineLatest share: `onValue` decides what each
    /// value sends; the output completes when every input has completed, and an input's error
    /// ends it at once.
    private static func untilEveryInputCompletedOrAnError<Output>(
        _ streams: [Stream], onValue: (_ stream: Int, _ value: Int, _ time: Int, inout ModelOutput<Output>) -> Void
    ) -> [String] {
        var out = ModelOutput<Output>()
        var completed = 0
        for event in modelTimeline(streams) {
            switch event.input {
            case .value(let value): onValue(event.stream, value, event.time, &out)
            case .completed:
                completed += 1
                if completed == streams.count { out.completed(event.time); return out.rendered }
            case .error:
                out.error(event.time, code: event.time)
                return out.rendered
            }
        }
        return out.rendered
    }

    /// RAC's -flatten: (0 = no limit): each inner signal is subscribed when it arrives if
    /// fewer than `limit` are running, else queued first-in-first-out and subscribed when one
    /// completes. Values pass as they arrive; completes when the outer signal and every inner
    /// one have completed; any error ends it at once. `nilInner` stands for flattenMap's nil
    /// (an empty signal: it completes at once without occupying anything).
    static func flattenModel(_ input: ModelHigherOrderInput, limit: Int, nilInner: Int? = nil) -> [String] {
        var out = ModelOutput<Int>()
        var clock = ModelClock()
        for event in input.outer.inputs { clock.schedule(event.time, .outer(event.input)) }
        var running = 0
        var queued: [Int] = []
        var outerDone = false
        var subscriptions = 0
        func start(_ inner: Int) {
            running += 1
            subscriptions += 1
            clock.subscribe(input.inners[inner], inner: inner, subscription: subscriptions)
        }
        while let action = clock.pop() {
            let now = clock.now
            switch action {
            case .outer(.value(let value)):
                let inner = value % input.inners.count
                if inner == nilInner { break }
                if limit == 0 || running < limit { start(inner) } else { queued.append(inner) }
            case .outer(.completed):
                outerDone = true
            case .outer(.error):
                out.error(now, code: now)
                return out.rendered
            case .inner(_, let inner, .value(let value)):
                out.next(now, 100 * (inner + 1) + value)
            case .inner(_, let inner, .error):
                out.error(now, code: 1000 * (inner + 1) + input.inners[inner].end!.time)
                return out.rendered
            case .inner(_, _, .completed):
                running -= 1
                if !queued.isEmpty { start(queued.removeFirst()) }
            }
            if outerDone, running == 0, queued.isEmpty {
                out.completed(now)
                return out.rendered
            }
        }
        return out.rendered
    }

    /// RAC's -switchToLatest: each new inner signal replaces the previous one, whose later
    /// events are ignored; completes when the outer signal and the latest inner signal have
    /// completed; an error from the outer or the latest inner signal ends it at once.
    static func switchModel(_ input: ModelHigherOrderInput) -> [String] {
        var out = ModelOutput<Int>()
        var clock = ModelClock()
        for event in input.outer.inputs { clock.schedule(event.time, .outer(event.input)) }
        var current: Int?  // the latest inner subscription, while it runs
        var subscriptions = 0
        var outerDone = false
        while let action = clock.pop() {
            let now = clock.now
            switch action {
            case .outer(.value(let value)):
                subscriptions += 1
                current = subscriptions
                let inner = value % input.inners.count
                clock.subscribe(input.inners[inner], inner: inner, subscription: subscriptions)
            case .outer(.completed):
                outerDone = true
            case .outer(.error):
                out.error(now, code: now)
                return out.rendered
            case .inner(let subscription, let inner, let event):
                guard subscription == current else { break }
                switch event {
                case .value(let value): out.next(now, 100 * (inner + 1) + value)
                case .error:
                    out.error(now, code: 1000 * (inner + 1) + input.inners[inner].end!.time)
                    return out.rendered
                case .completed: current = nil
                }
            }
            if outerDone, current == nil {
                out.completed(now)
                return out.rendered
            }
        }
        return out.rendered
    }
}
