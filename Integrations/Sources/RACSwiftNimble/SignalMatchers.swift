import Foundation
import Nimble
import RACSwift
import RACSwiftTesting

// The matchers share one rule: read the source's events (subscribing once per expectation,
// see `SignalEventSource`), test them, and on failure show them as a marble diagram.

/// How a signal must end after its values, for ``sendValues(_:then:)``.
public struct SignalEnding: Sendable, CustomStringConvertible {
    let describe: String
    let matches: @Sendable (Event<Never>?) -> Bool

    /// Completion (RAC's `sendCompleted`).
    public static let completion = SignalEnding(describe: "then complete") { ending in
        if case .completed = ending { return true }
        return false
    }

    /// No terminal event yet: the signal is still running.
    public static let nothing = SignalEnding(describe: "and no terminal event") { $0 == nil }

    /// Any error.
    public static let anyError = SignalEnding(describe: "then send an error") { $0?.error != nil }

    /// An error equal to `error` (of its type, with its `==`).
    public static func error<E: Error & Equatable>(_ error: E) -> SignalEnding {
        SignalEnding(describe: "then send error \(error)") { ending in
            guard let sent = ending?.error as? E else { return false }
            return sent == error
        }
    }

    /// An error for which `predicate` is true.
    public static func error(where predicate: @escaping @Sendable (any Error) -> Bool) -> SignalEnding {
        SignalEnding(describe: "then send an error passing the test") { ending in
            guard let sent = ending?.error else { return false }
            return predicate(sent)
        }
    }

    /// The words a failure message uses ("then complete").
    public var description: String { describe }
}

/// Passes when the signal has sent exactly `values`, in order, whatever its terminal event
/// (Expecta's `expect(signal.toArray).to.equal(values)` without waiting for the end).
///
/// ```swift
/// expect(Signal.from([1, 2])).to(sendValues([1, 2]))
/// ```
public func sendValues<Source: SignalEventSource>(_ values: [Source.Value]) -> Matcher<Source>
where Source.Value: Equatable {
    signalMatcher("send values \(values)") { events in
        events.compactMap(\.value) == values
    }
}

/// Passes when the signal has sent exactly `values`, in order, then ended as `ending` says:
/// `.completion`, `.error(someError)`, `.error(where:)`, `.anyError`, or `.nothing` (still
/// running).
///
/// ```swift
/// expect(Signal.from([1, 2])).to(sendValues([1, 2], then: .completion))
/// expect(failing).to(sendValues([1], then: .error(TestError.boom)))
/// ```
public func sendValues<Source: SignalEventSource>(_ values: [Source.Value], then ending: SignalEnding) -> Matcher<Source>
where Source.Value: Equatable {
    signalMatcher("send values \(values) \(ending)") { events in
        events.compactMap(\.value) == values && ending.matches(terminal(of: events))
    }
}

/// Passes when the signal has completed, after any values (RAC's
/// `expect([signal waitUntilCompleted:]).to.beTruthy()`).
public func complete<Source: SignalEventSource>() -> Matcher<Source> {
    signalMatcher("complete") { events in
        if case .completed = terminal(of: events) { return true }
        return false
    }
}

/// Passes when the signal has sent an error, after any values.
public func sendError<Source: SignalEventSource>() -> Matcher<Source> {
    signalMatcher("send an error") { terminal(of: $0)?.error != nil }
}

/// Passes when the signal has sent an error equal to `error` (of its type, with its `==`),
/// after any values.
///
/// ```swift
/// expect(Signal<Int>.error(TestError.boom)).to(sendError(matching: TestError.boom))
/// ```
public func sendError<Source: SignalEventSource, E: Error & Equatable>(matching error: E) -> Matcher<Source> {
    signalMatcher("send error \(error)") { events in
        guard let sent = terminal(of: events)?.error as? E else { return false }
        return sent == error
    }
}

/// Passes when the signal has sent an error for which `predicate` is true, after any values.
public func sendError<Source: SignalEventSource>(where predicate: @escaping (any Error) -> Bool) -> Matcher<Source> {
    signalMatcher("send an error passing the test") { events in
        guard let sent = terminal(of: events)?.error else { return false }
        return predicate(sent)
    }
}

/// Passes when the signal has sent no event at all: no value and no terminal event (RAC's
/// `[RACSignal never]`, or a signal waiting on its input).
public func sendNothing<Source: SignalEventSource>() -> Matcher<Source> {
    signalMatcher("send nothing") { $0.isEmpty }
}

/// The terminal event among `events`, without its value type.
private func terminal<Value>(of events: [Event<Value>]) -> Event<Never>? {
    for event in events {
        switch event {
        case .next: continue
        case .completed: return .completed
        case .error(let error): return .error(error)
        }
    }
    return nil
}

/// A matcher testing the events read so far with `test`; the reader is made at the first
/// evaluation and kept for the expectation's later polls.
private func signalMatcher<Source: SignalEventSource>(
    _ expectation: String, _ test: @escaping ([Event<Source.Value>]) -> Bool
) -> Matcher<Source> {
    let state = ReaderState<Source.Value>()
    return Matcher { expression in
        guard let source = try expression.evaluate() else {
            return MatcherResult(status: .fail, message: .expectedTo(expectation).appendedBeNilHint())
        }
        let reader = state.reader { source.makeEventReader() }
        let events = reader.events()
        let drawing = EventDrawing(events, hasVirtualTimes: reader.hasVirtualTimes)
        return MatcherResult(
            bool: test(events.map(\.event)),
            message: .expectedCustomValueTo(expectation, actual: drawing.diagram).appended(details: drawing.details))
    }
}

/// The reader of one expectation, made at its first evaluation.
private final class ReaderState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: SignalEventReader<Value>?

    func reader(_ make: () -> SignalEventReader<Value>) -> SignalEventReader<Value> {
        if let made = lock.withLock({ made }) { return made }
        // Made outside the lock: subscribing may deliver events, which take the reader's own lock.
        let reader = make()
        return lock.withLock {
            if made == nil { made = reader }
            return made!
        }
    }
}
