import Foundation
import RACSwift
import RACSwiftTesting

/// What a failure message shows of the events received: a marble diagram (RACSwiftTesting's
/// renderer), a legend for values drawn as letters, and the events written out.
struct EventDrawing {
    /// The marble diagram in angle brackets (Nimble's way of quoting what it got), or "no event".
    let diagram: String
    let details: String

    init<Value>(_ events: [Recorded<Value>], hasVirtualTimes: Bool) {
        // Values are drawn as their own one-character description, others as letters in order
        // of first arrival (skipping letters some value already stands for), named in the legend.
        let described = events.map { Recorded<String>(time: $0.time, event: $0.event.map { "\($0)" }) }
        var symbols: [Character: String] = [:]
        var legend: [String] = []
        let ownSymbols = Set(described.compactMap { recorded -> Character? in
            guard let text = recorded.event.value, text.count == 1, let only = text.first,
                  !"-()|#^ ".contains(only) else { return nil }
            return only
        })
        var spare = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".filter { !ownSymbols.contains($0) }.makeIterator()
        for text in described.compactMap(\.event.value) {
            if text.count == 1, let only = text.first, ownSymbols.contains(only) { continue }
            if symbols.values.contains(text) { continue }
            guard let symbol = spare.next() else { break }
            symbols[symbol] = text
            legend.append("\(symbol) = \(text)")
        }
        diagram = events.isEmpty ? "no event" : "<" + described.marbleDiagram(values: symbols) + ">"

        let list = hasVirtualTimes ? events.map(\.description) : events.map { "\($0.event)" }
        var lines: [String] = []
        if !legend.isEmpty { lines.append("where " + legend.joined(separator: ", ")) }
        lines.append("events: [" + list.joined(separator: ", ") + "]")
        if !hasVirtualTimes, !events.isEmpty { lines.append("(one frame per event, in arrival order)") }
        details = lines.joined(separator: "\n")
    }
}

extension Event {
    /// The same event with its value transformed.
    fileprivate func map<T>(_ transform: (Value) -> T) -> Event<T> {
        switch self {
        case .next(let value): return .next(transform(value))
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}
