import Foundation
import RACSwift

/// A marble diagram parsed into events at virtual times.
///
/// Syntax (one character per symbol; spaces are ignored, so diagrams can be aligned):
///
/// | symbol | meaning |
/// |---|---|
/// | `-` | one frame: one virtual second passes |
/// | a letter or digit | a value, in a frame of its own |
/// | `(ab)` | a group: every event inside happens in the same single frame |
/// | `\|` | completion |
/// | `#` | an error |
/// | `^` | a hot signal's subscription point (hot diagrams only) |
///
/// **Every symbol outside a group takes one frame, and a whole group takes one frame**,
/// whatever its width (swift-async-algorithms' rule, not RxJS's, where a group also advances
/// time by its width). So in `"-a-(bc)-|"` `a` is at 1 s, `b` and `c` at 3 s, completion at
/// 5 s. Frame *n* is *n* virtual seconds after frame 0.
///
/// Frame 0 is the first character of a cold diagram; a cold signal replays the diagram for each
/// subscriber from the moment it subscribes. In a hot diagram frame 0 is `^` (or the first
/// character when there is no `^`): events before it have negative times and happened before
/// the test began, so no subscriber sees them. `(^a)` puts `a` at the subscription instant.
public struct MarbleDiagram<Value> {
    /// Whether the diagram describes a cold signal (times count from each subscription) or a
    /// hot one (times count from its `^`).
    public enum Kind: Sendable {
        /// Made by `cold(_:)`: times count from each subscription.
        case cold
        /// Made by `hot(_:)`: times count from the diagram's `^`.
        case hot
    }

    /// The diagram as written.
    public let text: String
    /// The events, with times in virtual seconds relative to frame 0 (negative before a hot
    /// diagram's `^`).
    public let events: [Recorded<Value>]
    /// The number of frames the diagram spans, `-` frames after the last event included.
    public let frameCount: Int

    /// Parses `diagram`; each value symbol is looked up in `values`, `#` sends `error`.
    public init(
        parsing diagram: String, kind: Kind = .cold, values: [Character: Value],
        error: any Error = MarbleError()
    ) throws(MarbleParseError) {
        try self.init(parsing: diagram, kind: kind, error: error) { (symbol, column) throws(MarbleParseError) in
            guard let value = values[symbol] else {
                throw MarbleParseError(diagram: diagram, column: column, reason: "unknown value '\(symbol)': not a key of values:")
            }
            return value
        }
    }

    private init(
        parsing diagram: String, kind: Kind, error: any Error,
        value: (Character, Int) throws(MarbleParseError) -> Value
    ) throws(MarbleParseError) {
        func fail(_ column: Int, _ reason: String) -> MarbleParseError {
            MarbleParseError(diagram: diagram, column: column, reason: reason)
        }
        var events: [(frame: Int, event: Event<Value>)] = []
        var frame = 0
        var groupStart: Int?  // column of the open '('
        var groupIsEmpty = true
        var terminalColumn: Int?
        var subscription: (column: Int, frame: Int)?

        for (column, symbol) in diagram.enumerated() {
            // An event inside a group shares the group's frame; outside it takes a frame.
            func add(_ event: Event<Value>) {
                events.append((frame, event))
                if groupStart == nil { frame += 1 } else { groupIsEmpty = false }
            }
            switch symbol {
            case " ":
                continue
            case "-":
                if groupStart != nil { throw fail(column, "'-' inside a group: a group is a single frame") }
                frame += 1
            case "(":
                if let open = groupStart { throw fail(column, "nested group: the group opened at column \(open + 1) is still open") }
                groupStart = column
                groupIsEmpty = true
            case ")":
                if groupStart == nil { throw fail(column, "unbalanced parentheses: ')' closes no group") }
                if groupIsEmpty { throw fail(column, "empty group: '()' holds no event") }
                groupStart = nil
                frame += 1
            case "|", "#":
                if let ended = terminalColumn { throw fail(column, "two terminal events: the diagram already ended at column \(ended + 1)") }
                terminalColumn = column
                add(symbol == "|" ? .completed : .error(error))
            case "^":
                if kind == .cold { throw fail(column, "'^' in a cold diagram: only a hot signal has a subscription point") }
                if let first = subscription { throw fail(column, "two subscription points: '^' already at column \(first.column + 1)") }
                subscription = (column, frame)
                if groupStart == nil { frame += 1 } else { groupIsEmpty = false }
            default:
                if let ended = terminalColumn { throw fail(column, "value '\(symbol)' after the terminal event at column \(ended + 1)") }
                add(.next(try value(symbol, column)))
            }
        }
        if let open = groupStart { throw fail(open, "unbalanced parentheses: '(' is never closed") }

        let origin = subscription?.frame ?? 0
        self.text = diagram
        self.events = events.map { Recorded(time: TimeInterval($0.frame - origin), event: $0.event) }
        self.frameCount = frame
    }
}

extension MarbleDiagram where Value == String {
    /// Parses a diagram whose letters and digits stand for themselves as `String` values.
    public init(parsing diagram: String, kind: Kind = .cold, error: any Error = MarbleError()) throws(MarbleParseError) {
        try self.init(parsing: diagram, kind: kind, error: error) { (symbol, column) throws(MarbleParseError) in
            guard symbol.isLetter || symbol.isNumber else {
                throw MarbleParseError(diagram: diagram, column: column, reason: "unexpected character '\(symbol)': values are letters or digits")
            }
            return String(symbol)
        }
    }
}

/// Why a marble diagram could not be parsed, and where.
public struct MarbleParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The diagram as written.
    public let diagram: String
    /// The offending character's index in `diagram` (0-based).
    public let column: Int
    /// What is wrong.
    public let reason: String

    /// An error for `diagram`, pointing at `column` (0-based), saying `reason`.
    public init(diagram: String, column: Int, reason: String) {
        self.diagram = diagram
        self.column = column
        self.reason = reason
    }

    /// The reason, then the diagram with a caret under the offending column.
    public var description: String {
        """
        bad marble diagram: \(reason) (column \(column + 1))
            \(diagram)
            \(String(repeating: " ", count: column))^
        """
    }
}

/// The error a diagram's `#` sends unless another is given.
public struct MarbleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Tells errors of one test apart (`MarbleError("a") != MarbleError("b")`).
    public let name: String

    /// An error named `name`.
    public init(_ name: String = "marble error") {
        self.name = name
    }

    /// `MarbleError(name)`, as failure messages show it.
    public var description: String { "MarbleError(\(name))" }
}

/// `diagram` with its symbols looked up in `values`, parsed; a parse error stops with its
/// message, since a bad diagram is a bug in the test itself.
func parseOrStop<Value>(
    _ diagram: String, kind: MarbleDiagram<Value>.Kind, values: [Character: Value], error: any Error,
    file: StaticString, line: UInt
) -> MarbleDiagram<Value> {
    stopOnParseError(file: file, line: line) { () throws(MarbleParseError) in
        try MarbleDiagram(parsing: diagram, kind: kind, values: values, error: error)
    }
}

/// `parseOrStop` for `String` values: each letter or digit in `diagram` stands for itself.
func parseOrStop(
    _ diagram: String, kind: MarbleDiagram<String>.Kind, error: any Error, file: StaticString, line: UInt
) -> MarbleDiagram<String> {
    stopOnParseError(file: file, line: line) { () throws(MarbleParseError) in
        try MarbleDiagram(parsing: diagram, kind: kind, error: error)
    }
}

private func stopOnParseError<Value>(
    file: StaticString, line: UInt, _ parse: () throws(MarbleParseError) -> MarbleDiagram<Value>
) -> MarbleDiagram<Value> {
    do {
        return try parse()
    } catch {
        preconditionFailure(error.description, file: file, line: line)
    }
}
