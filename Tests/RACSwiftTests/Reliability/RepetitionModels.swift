import Foundation
import RACSwift
import RACSwiftTesting

/// Independent models of RAC's rules for the operators that subscribe to a cold signal again
/// (RACSignal+Operations.m: `subscribeForever` under `-repeat` and `-retry:`, `-catch:`);
/// `ModelProperties` checks the operators against them. Each subscription of a cold input
/// replays its events from that moment; the clock runs to `horizon`, since repeat and retry
/// may never end.
enum RepetitionModels {
    static let horizon = 40

    /// RAC's -repeat: subscribe again at each completion; an error ends it.
    static func repeatModel(_ input: ModelResubscribeInput) -> [String] {
        var out = ModelOutput<Int>()
        var offset = 0
        while let end = play(input.first, at: offset, into: &out) {
            if end.error {
                out.error(end.time, code: input.first.end!.time)
                break
            }
            offset = end.time
        }
        return out.rendered
    }

    /// RAC's -retry:: subscribe again at each error, `count` times (0: forever); then the
    /// error is forwarded. Completion is forwarded.
    static func retryModel(_ stream: Stream, count: Int) -> [String] {
        var out = ModelOutput<Int>()
        var offset = 0
        var retries = 0
        while let end = play(stream, at: offset, into: &out) {
            if !end.error {
                out.completed(end.time)
                break
            }
            if count != 0, retries == count {
                out.error(end.time, code: stream.end!.time)
                break
            }
            retries += 1
            offset = end.time
        }
        return out.rendered
    }

    /// RAC's -catch:: the source's events; at its error, the replacement's events from then
    /// on (its own error is forwarded); the source's completion is forwarded.
    static func catchModel(_ input: ModelResubscribeInput) -> [String] {
        var out = ModelOutput<Int>()
        guard let end = play(input.first, at: 0, into: &out) else { return out.rendered }
        if end.error {
            playToEnd(input.second, at: end.time, &out)
        } else {
            out.completed(end.time)
        }
        return out.rendered
    }

    /// catch(_:) whose handler picks the replacement from the error: even codes (the error's
    /// time) recover with the second stream, odd ones fail with a new error, code -1.
    static func catchByErrorModel(_ input: ModelResubscribeInput) -> [String] {
        var out = ModelOutput<Int>()
        guard let end = play(input.first, at: 0, into: &out) else { return out.rendered }
        if !end.error {
            out.completed(end.time)
        } else if !end.time.isMultiple(of: 2) {
            out.error(end.time, code: -1)
        } else {
            playToEnd(input.second, at: end.time, &out)
        }
        return out.rendered
    }

    /// Plays `stream` subscribed at `offset` into `out`, up to the horizon; returns how it
    /// ended (nil: it did not end within the horizon, or never ends).
    private static func play(_ stream: Stream, at offset: Int, into out: inout ModelOutput<Int>) -> (time: Int, error: Bool)? {
        for (time, value) in stream.values where offset + time <= horizon { out.next(offset + time, value) }
        guard let end = stream.end, offset + end.time <= horizon else { return nil }
        return (offset + end.time, end.error)
    }

    private static func playToEnd(_ stream: Stream, at offset: Int, _ out: inout ModelOutput<Int>) {
        guard let end = play(stream, at: offset, into: &out) else { return }
        if end.error { out.error(end.time, code: stream.end!.time) } else { out.completed(end.time) }
    }
}
