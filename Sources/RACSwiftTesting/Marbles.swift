import Foundation
import RACSwift

// Marble diagrams on the virtual clock. See `MarbleDiagram` for the syntax and the time rule.
// A bad diagram is a bug in the test: these entry points stop with the parse error's message
// (`MarbleDiagram(parsing:)` throws it instead, for code that wants to handle it).

extension TestScheduler {
    /// A cold signal that replays `diagram` for each subscriber, frame 0 being the moment it
    /// subscribes; each value symbol is looked up in `values`, `#` sends `error`.
    ///
    /// ```swift
    /// let source = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
    /// ```
    public func cold<V>(
        _ diagram: String, values: [Character: V], error: any Error = MarbleError(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> Signal<V> {
        createColdSignal(parseOrStop(diagram, kind: .cold, values: values, error: error, file: file, line: line).events)
    }

    /// A cold signal of `String`s: each letter or digit in `diagram` stands for itself.
    public func cold(
        _ diagram: String, error: any Error = MarbleError(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> Signal<String> {
        createColdSignal(parseOrStop(diagram, kind: .cold, error: error, file: file, line: line).events)
    }

    /// A hot signal playing `diagram` once, its `^` (or its first frame, without one) being
    /// now: events before `^` are in the past and no subscriber sees them; a subscriber sees
    /// the events sent while it is subscribed.
    ///
    /// ```swift
    /// let clicks = scheduler.hot("-a-^-b-c-|", values: ["a": 1, "b": 2, "c": 3])
    /// // subscribing now sees b at 2 s, c at 4 s, completion at 6 s
    /// ```
    public func hot<V>(
        _ diagram: String, values: [Character: V], error: any Error = MarbleError(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> Signal<V> {
        hotSignal(parseOrStop(diagram, kind: .hot, values: values, error: error, file: file, line: line))
    }

    /// A hot signal of `String`s: each letter or digit in `diagram` stands for itself.
    public func hot(
        _ diagram: String, error: any Error = MarbleError(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> Signal<String> {
        hotSignal(parseOrStop(diagram, kind: .hot, error: error, file: file, line: line))
    }

    private func hotSignal<V>(_ diagram: MarbleDiagram<V>) -> Signal<V> {
        let start = elapsed
        return createHotSignal(diagram.events.compactMap { recorded in
            recorded.time < 0 ? nil : Recorded(time: start + recorded.time, event: recorded.event)
        })
    }

    /// Subscribes to `signal` now, runs the scheduler, and compares what arrived — times
    /// counted from now — with the events of the cold diagram `expected`. Does not fail: the
    /// result says whether they match and, if not, shows both diagrams.
    ///
    /// The scheduler runs until nothing is scheduled, or, when `until` is given, for `until`
    /// virtual seconds. Without `until` it stops at the latest 1000 frames past the end of
    /// `expected`, so a signal whose timers never stop cannot hang the test. The subscription
    /// is disposed before returning.
    public func compareMarbles<V: Equatable>(
        _ signal: Signal<V>, _ expected: String, values: [Character: V],
        error: any Error = MarbleError(), until: TimeInterval? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> MarbleComparison<V> {
        let diagram = parseOrStop(expected, kind: .cold, values: values, error: error, file: file, line: line)
        let actual = run(signal, until: until, frames: diagram.frameCount)
        return MarbleComparison(expected: diagram.events, actual: actual, values: values)
    }

    /// `compareMarbles` for `String` signals: each letter or digit in `expected` stands for
    /// itself.
    public func compareMarbles(
        _ signal: Signal<String>, _ expected: String, error: any Error = MarbleError(),
        until: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> MarbleComparison<String> {
        let diagram = parseOrStop(expected, kind: .cold, error: error, file: file, line: line)
        let actual = run(signal, until: until, frames: diagram.frameCount)
        return MarbleComparison(expected: diagram.events, actual: actual)
    }

    /// Subscribes to `signal` now, runs the scheduler, and fails the running test (XCTest or
    /// Swift Testing) unless the events that arrived — times counted from now — are those of
    /// the cold diagram `expected`. The failure shows the expected and actual diagrams aligned
    /// one above the other, a caret under the first difference, and both event lists.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let source = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
    /// scheduler.expectMarbles(source.map { $0 * 10 }, "-x-y-|", values: ["x": 10, "y": 20])
    /// ```
    ///
    /// How long the scheduler runs: see `compareMarbles`.
    public func expectMarbles<V: Equatable>(
        _ signal: Signal<V>, _ expected: String, values: [Character: V],
        error: any Error = MarbleError(), until: TimeInterval? = nil,
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let comparison = compareMarbles(signal, expected, values: values, error: error, until: until, file: file, line: line)
        if let message = comparison.failureMessage {
            recordTestFailure(message, fileID: fileID, file: file, line: line, column: column)
        }
    }

    /// `expectMarbles` for `String` signals: each letter or digit in `expected` stands for
    /// itself.
    public func expectMarbles(
        _ signal: Signal<String>, _ expected: String, error: any Error = MarbleError(),
        until: TimeInterval? = nil,
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let comparison = compareMarbles(signal, expected, error: error, until: until, file: file, line: line)
        if let message = comparison.failureMessage {
            recordTestFailure(message, fileID: fileID, file: file, line: line, column: column)
        }
    }

    /// Records `signal` from now, runs the clock, disposes the subscription, and returns the
    /// events with times relative to now.
    private func run<V>(_ signal: Signal<V>, until: TimeInterval?, frames: Int) -> [Recorded<V>] {
        let start = elapsed
        let recorder = record(signal)
        if let until {
            precondition(until >= 0, "TestScheduler.expectMarbles(_:_:): until must not be negative, got \(until)")
            advance(to: TestScheduler.startDate.addingTimeInterval(start + until))
        } else {
            let limit = start + TimeInterval(frames + 1000)
            while scheduledCount > 0, elapsed <= limit { step() }
        }
        recorder.disposable.dispose()
        return recorder.events.map { Recorded(time: $0.time - start, event: $0.event) }
    }
}

/// Fails the running test (XCTest or Swift Testing) unless `events` — times counted from 0,
/// as a recorder made at the scheduler's start has them — are those of the cold diagram
/// `expected`. The failure shows both diagrams aligned and both event lists.
///
/// ```swift
/// let recorder = scheduler.record(signal)
/// scheduler.run()
/// expectMarbles(recorder.events, "-a-(bc)|", values: ["a": 1, "b": 2, "c": 3])
/// ```
public func expectMarbles<V: Equatable>(
    _ events: [Recorded<V>], _ expected: String, values: [Character: V],
    error: any Error = MarbleError(),
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let diagram = parseOrStop(expected, kind: .cold, values: values, error: error, file: file, line: line)
    if let message = MarbleComparison(expected: diagram.events, actual: events, values: values).failureMessage {
        recordTestFailure(message, fileID: fileID, file: file, line: line, column: column)
    }
}

/// `expectMarbles` for recorded `String` events: each letter or digit in `expected` stands
/// for itself.
public func expectMarbles(
    _ events: [Recorded<String>], _ expected: String, error: any Error = MarbleError(),
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let diagram = parseOrStop(expected, kind: .cold, error: error, file: file, line: line)
    if let message = MarbleComparison(expected: diagram.events, actual: events).failureMessage {
        recordTestFailure(message, fileID: fileID, file: file, line: line, column: column)
    }
}
