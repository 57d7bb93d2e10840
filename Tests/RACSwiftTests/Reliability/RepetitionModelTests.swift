import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// Randomized model checks of the operators that subscribe to a cold signal again (repeat,
/// retry, catch) against independent models of RAC's rules (RACSignal+Operations.m:
/// `subscribeForever` under `-repeat` and `-retry:`, `-catch:`). Each subscription of a cold
/// input replays its events from that moment; the clock runs to `horizon`, since repeat and
/// retry may never end.
final class RepetitionModelTests: RACTestCase {
    private static let horizon = 40

    private func check(
        _ name: String, counts: ClosedRange<Int> = 0...3,
        build: @escaping ([Signal<Int>], Int) -> Signal<Int>,
        model: @escaping (ModelResubscribeInput, inout ModelOutput<Int>) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        ModelCheck.check(
            name,
            generate: { rng in
                ModelResubscribeInput(
                    first: Stream.random(&rng, maxValues: 4), second: Stream.random(&rng, maxValues: 4),
                    count: modelDraw(counts, &rng))
            },
            shrink: \.shrunk,
            actual: { input in
                let scheduler = TestScheduler()
                let signals = [input.first, input.second].map { scheduler.createColdSignal($0.recorded) }
                let recorder = scheduler.record(build(signals, input.count))
                scheduler.advance(to: TestScheduler.startDate.addingTimeInterval(TimeInterval(Self.horizon)))
                recorder.disposable.dispose()
                return rendered(recorder.events)
            },
            expected: { input in
                var out = ModelOutput<Int>()
                model(input, &out)
                return out.rendered
            },
            file: file, line: line)
    }

    /// Plays `stream` subscribed at `offset` into `out`, up to the horizon; returns how it
    /// ended (nil: it did not end within the horizon, or never ends).
    private static func play(_ stream: Stream, at offset: Int, into out: inout ModelOutput<Int>) -> (time: Int, error: Bool)? {
        for (time, value) in stream.values where offset + time <= horizon { out.next(offset + time, value) }
        guard let end = stream.end, offset + end.time <= horizon else { return nil }
        return (offset + end.time, end.error)
    }

    // MARK: repeat

    func testRepeatMatchesModel() {
        // RAC's -repeat: subscribe again at each completion; an error ends it.
        check("repeat()", build: { signals, _ in signals[0].repeat() }, model: { input, out in
            var offset = 0
            while let end = Self.play(input.first, at: offset, into: &out) {
                if end.error {
                    out.error(end.time, code: input.first.end!.time)
                    return
                }
                offset = end.time
            }
        })
    }

    // MARK: retry

    func testRetryForeverMatchesModel() {
        check("retry()", build: { signals, _ in signals[0].retry() }, model: { input, out in
            Self.retryModel(input.first, count: 0, &out)
        })
    }

    func testRetryCountMatchesModel() {
        check("retry(_:)", build: { signals, count in signals[0].retry(count) }, model: { input, out in
            Self.retryModel(input.first, count: input.count, &out)
        })
    }

    /// RAC's -retry:: subscribe again at each error, `count` times (0: forever); then the
    /// error is forwarded. Completion is forwarded.
    private static func retryModel(_ stream: Stream, count: Int, _ out: inout ModelOutput<Int>) {
        var offset = 0
        var retries = 0
        while let end = play(stream, at: offset, into: &out) {
            if !end.error {
                out.completed(end.time)
                return
            }
            if count != 0, retries == count {
                out.error(end.time, code: stream.end!.time)
                return
            }
            retries += 1
            offset = end.time
        }
    }

    // MARK: catch

    func testCatchMatchesModel() {
        check("catch(_:)", build: { signals, _ in signals[0].catch { _ in signals[1] } }, model: Self.catchModel)
    }

    func testCatchToMatchesModel() {
        check("catch(to:)", build: { signals, _ in signals[0].catch(to: signals[1]) }, model: Self.catchModel)
    }

    func testCatchHandlerReceivesTheError() {
        // The handler picks the replacement from the error: even codes recover, odd ones fail
        // with a new error.
        check("catch(_:) by error", build: { signals, _ in
            signals[0].catch { error in
                (error as? TestError).map { $0.code.isMultiple(of: 2) } == true ? signals[1] : Signal.error(TestError(code: -1))
            }
        }, model: { input, out in
            guard let end = Self.play(input.first, at: 0, into: &out) else { return }
            if !end.error { out.completed(end.time); return }
            if !end.time.isMultiple(of: 2) { out.error(end.time, code: -1); return }
            Self.playToEnd(input.second, at: end.time, &out)
        })
    }

    /// RAC's -catch:: the source's events; at its error, the replacement's events from then
    /// on (its own error is forwarded); the source's completion is forwarded.
    private static func catchModel(_ input: ModelResubscribeInput, _ out: inout ModelOutput<Int>) {
        guard let end = play(input.first, at: 0, into: &out) else { return }
        if !end.error {
            out.completed(end.time)
            return
        }
        playToEnd(input.second, at: end.time, &out)
    }

    private static func playToEnd(_ stream: Stream, at offset: Int, _ out: inout ModelOutput<Int>) {
        guard let end = play(stream, at: offset, into: &out) else { return }
        if end.error { out.error(end.time, code: stream.end!.time) } else { out.completed(end.time) }
    }
}
