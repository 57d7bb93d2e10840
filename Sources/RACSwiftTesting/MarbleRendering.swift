import Foundation
import RACSwift

extension Array {
    /// Draws recorded events as a marble diagram, each value as its key in `values`.
    ///
    /// Times are frames (one per virtual second, counted from 0); events at negative times are
    /// drawn before a `^` at frame 0, as in a hot diagram. An event at a fractional time is
    /// drawn in the frame it falls in. A value with no key in `values` is drawn as its own
    /// description when that is one character, else as `?`.
    public func marbleDiagram<V: Equatable>(values: [Character: V]) -> String where Element == Recorded<V> {
        MarbleRenderer(values: values).lines(for: [self]).lines[0]
    }

    /// Draws recorded `String` events as a marble diagram; one-character values stand for
    /// themselves (others are drawn as `?`).
    public func marbleDiagram() -> String where Element == Recorded<String> {
        MarbleRenderer<String>(values: [:]).lines(for: [self]).lines[0]
    }
}

/// Draws rows of events as marble diagrams whose frames line up column for column.
struct MarbleRenderer<Value> {
    let symbol: (Value) -> Character

    init(symbol: @escaping (Value) -> Character) {
        self.symbol = symbol
    }

    init(values: [Character: Value]) where Value: Equatable {
        // Sorted so that a value with several keys is always drawn with the same one.
        let keys = values.sorted { $0.key < $1.key }
        self.init { value in
            if let key = keys.first(where: { $0.value == value })?.key { return key }
            let text = "\(value)"
            if text.count == 1, let only = text.first, !"-()|#^ ".contains(only) { return only }
            return "?"
        }
    }

    static func frame(of time: TimeInterval) -> Int { Int(time.rounded(.down)) }

    /// One line per row, and the column where each frame starts. Every line covers the same
    /// frames; a frame is as wide as its widest cell, so a group in one row pushes the other
    /// rows' later frames right by as much.
    func lines(for rows: [[Recorded<Value>]]) -> (lines: [String], columns: [Int: Int]) {
        let frames = rows.joined().map { Self.frame(of: $0.time) }
        let first = Swift.min(0, frames.min() ?? 0)
        guard let last = frames.max() else { return (rows.map { _ in "" }, [:]) }
        let hasPast = first < 0

        var cells: [[String]] = rows.map { row in
            let byFrame = Dictionary(grouping: row) { Self.frame(of: $0.time) }
            // A row ends with its last event (or with its `^`): later frames stay blank.
            let end = Swift.max(byFrame.keys.max() ?? -1, hasPast ? 0 : -1)
            return (first...last).map { frame in
                guard frame <= end else { return "" }
                var symbols = (byFrame[frame] ?? []).map { recorded -> Character in
                    switch recorded.event {
                    case .next(let value): return symbol(value)
                    case .completed: return "|"
                    case .error: return "#"
                    }
                }
                if hasPast && frame == 0 { symbols.insert("^", at: 0) }
                switch symbols.count {
                case 0: return "-"
                case 1: return String(symbols)
                default: return "(" + String(symbols) + ")"
                }
            }
        }
        let widths = (0..<cells[0].count).map { index in cells.map { $0[index].count }.max() ?? 1 }
        for row in cells.indices {
            for index in cells[row].indices {
                cells[row][index] += String(repeating: " ", count: widths[index] - cells[row][index].count)
            }
        }
        var columns: [Int: Int] = [:]
        var column = 0
        for (index, frame) in (first...last).enumerated() {
            columns[frame] = column
            column += widths[index]
        }
        let lines = cells.map { row -> String in
            var line = row.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
        return (lines, columns)
    }
}

/// The result of comparing a signal's recorded events with the events of a marble diagram.
///
/// Asserting functions report `failureMessage`; tests of the assertions themselves can read it
/// without failing.
public struct MarbleComparison<Value>: CustomStringConvertible {
    /// The events the diagram describes.
    public let expected: [Recorded<Value>]
    /// The events that arrived.
    public let actual: [Recorded<Value>]
    /// Whether `actual` equals `expected`: same events, same order, same times.
    public let matches: Bool
    /// `expected` drawn as a diagram, aligned with `actualDiagram`.
    public let expectedDiagram: String
    /// `actual` drawn as a diagram, aligned with `expectedDiagram`.
    public let actualDiagram: String
    /// When they differ: both diagrams one above the other, a caret under the frame of the
    /// first difference, then both event lists. Nil when they match.
    public let failureMessage: String?

    init(expected: [Recorded<Value>], actual: [Recorded<Value>], renderer: MarbleRenderer<Value>, equal: (Recorded<Value>, Recorded<Value>) -> Bool) {
        self.expected = expected
        self.actual = actual
        let drawn = renderer.lines(for: [expected, actual])
        expectedDiagram = drawn.lines[0]
        actualDiagram = drawn.lines[1]

        let firstDifference = zip(expected, actual).enumerated().first { !equal($0.element.0, $0.element.1) }?.offset
            ?? (expected.count == actual.count ? nil : Swift.min(expected.count, actual.count))
        matches = firstDifference == nil
        guard let index = firstDifference else {
            failureMessage = nil
            return
        }
        let time = [expected, actual].compactMap { $0.indices.contains(index) ? $0[index].time : nil }.min() ?? 0
        let column = drawn.columns[MarbleRenderer<Value>.frame(of: time)] ?? 0
        let seconds = time == time.rounded() ? String(Int(time)) : String(time)
        func list(_ events: [Recorded<Value>]) -> String {
            "[" + events.map(\.description).joined(separator: ", ") + "]"
        }
        failureMessage = [
            "events differ from the marble diagram",
            "expected: \(expectedDiagram)",
            "  actual: \(actualDiagram)",
            "          \(String(repeating: " ", count: column))^ first difference at \(seconds) s",
            "expected events: \(list(expected))",
            "  actual events: \(list(actual))",
        ].map { $0.hasSuffix(" ") ? String($0.reversed().drop { $0 == " " }.reversed()) : $0 }
            .joined(separator: "\n")
    }

    /// The failure message, or a line saying the events match.
    public var description: String {
        failureMessage ?? "events match the marble diagram \(expectedDiagram)"
    }
}

extension MarbleComparison where Value: Equatable {
    /// Compares `actual` with `expected`, drawing values as their keys in `values`.
    public init(expected: [Recorded<Value>], actual: [Recorded<Value>], values: [Character: Value]) {
        self.init(expected: expected, actual: actual, renderer: MarbleRenderer(values: values), equal: ==)
    }
}

extension MarbleComparison where Value == String {
    /// Compares `actual` with `expected`; one-character values stand for themselves.
    public init(expected: [Recorded<String>], actual: [Recorded<String>]) {
        self.init(expected: expected, actual: actual, values: [:])
    }
}
