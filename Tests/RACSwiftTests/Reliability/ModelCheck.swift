import Foundation
import RACSwift
import RACSwiftTesting
import XCTest

/// A small, fast, seedable PRNG (SplitMix64), so a failing case replays from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Randomized checks of an operator against an independent reference model of RAC's rule.
///
/// Each case draws inputs from a generator seeded by `seed + case index`; the operator runs on
/// a `TestScheduler` and its recorded output must equal the model's. On a mismatch the input is
/// shrunk (events dropped while the mismatch persists) and the failure names the seed, so
/// `RACSWIFT_MODEL_SEED=<seed> RACSWIFT_MODEL_CASES=1 swift test --filter <test>` replays it.
enum ModelCheck {
    /// Base seed; override with RACSWIFT_MODEL_SEED.
    static var baseSeed: UInt64 {
        ProcessInfo.processInfo.environment["RACSWIFT_MODEL_SEED"].flatMap(UInt64.init) ?? 0x5EED_2026
    }

    /// Cases per operator (unless a check sets its own); override with RACSWIFT_MODEL_CASES.
    static var cases: Int {
        ProcessInfo.processInfo.environment["RACSWIFT_MODEL_CASES"].flatMap(Int.init) ?? 300
    }

    /// Runs `cases` random cases. `generate` draws an input; `actual` and `expected` give the
    /// operator's recorded output and the model's for it; `shrink` lists smaller inputs.
    static func check<Input, Output: Equatable>(
        _ name: String,
        cases caseCount: Int? = nil,
        generate: (inout SplitMix64) -> Input,
        shrink: (Input) -> [Input],
        actual: (Input) -> Output,
        expected: (Input) -> Output,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let base = baseSeed
        // RACSWIFT_MODEL_CASES overrides a check's own count.
        let isOverridden = ProcessInfo.processInfo.environment["RACSWIFT_MODEL_CASES"] != nil
        for index in 0..<(isOverridden ? cases : caseCount ?? cases) {
            let seed = base &+ UInt64(index)
            var rng = SplitMix64(seed: seed)
            let input = generate(&rng)
            guard actual(input) != expected(input) else { continue }
            var smallest = input
            var improved = true
            while improved {
                improved = false
                for candidate in shrink(smallest) where actual(candidate) != expected(candidate) {
                    smallest = candidate
                    improved = true
                    break
                }
            }
            XCTFail("""
                model check '\(name)' failed for seed \(seed) \
                (replay: RACSWIFT_MODEL_SEED=\(seed) RACSWIFT_MODEL_CASES=1)
                shrunk input: \(smallest)
                actual:   \(actual(smallest))
                expected: \(expected(smallest))
                """, file: file, line: line)
            return
        }
    }
}

/// A random input stream: values at strictly increasing integral virtual times, then
/// optionally a terminal event.
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

    /// Up to `maxValues` values from a small alphabet (so repeats happen), gaps of 1–3 frames,
    /// ending in completion (60%), error (20%) or nothing.
    static func random(_ rng: inout SplitMix64, maxValues: Int = 8, alphabet: Int = 4, start: Int = 1) -> Stream {
        var time = start
        var values: [(Int, Int)] = []
        for _ in 0..<Int.random(in: 0...maxValues, using: &rng) {
            values.append((time, Int.random(in: 0..<alphabet, using: &rng)))
            time += Int.random(in: 1...3, using: &rng)
        }
        let roll = Int.random(in: 0..<10, using: &rng)
        let end: (Int, Bool)? = roll < 6 ? (time, false) : roll < 8 ? (time, true) : nil
        return Stream(values: values, end: end)
    }

    /// Smaller streams: each value dropped in turn, and the terminal event dropped.
    var shrunk: [Stream] {
        var smaller: [Stream] = values.indices.map { index in
            var copy = self
            copy.values.remove(at: index)
            return copy
        }
        if end != nil {
            var copy = self
            copy.end = nil
            smaller.append(copy)
        }
        return smaller
    }
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

/// Shrinks each stream of a list in turn.
func shrinkEach(_ streams: [Stream]) -> [[Stream]] {
    streams.indices.flatMap { index in
        streams[index].shrunk.map { smaller in
            var copy = streams
            copy[index] = smaller
            return copy
        }
    }
}
