import Foundation

/// What the timeline needs from a trace: its signals' lanes, their subscriptions and events,
/// and the counters.
struct Trace {
    struct Lane {
        var name: String
        var subscriptions: [Subscription] = []
        var marbles: [Marble] = []
    }

    struct Subscription {
        var id: String
        var start: Double
        /// nil: never ended (still live when the trace was written: a leak, or cut short).
        var end: Double?
        var endedBy: String?
    }

    struct Marble {
        enum Kind: String { case next, error, completed, disposed }
        var kind: Kind
        var time: Double
        var value: String?
    }

    struct Counter {
        var name: String
        var points: [(time: Double, value: Double)] = []
    }

    /// In the order the signals were first seen (their tracks' sort index).
    var lanes: [Lane] = []
    var counters: [Counter] = []
    var start = 0.0
    var end = 0.0

    enum Failure: Error, CustomStringConvertible {
        case notATrace(String)
        var description: String {
            switch self {
            case .notATrace(let why): "not a trace: \(why)"
            }
        }
    }

    /// Reads the JSON Array Format or the JSON Object Format (`traceEvents`). An array cut
    /// short (no closing bracket, as the format allows) is read up to its last whole event.
    init(data: Data) throws {
        let events = try Self.events(from: data)
        var laneIndex: [String: Int] = [:]  // "pid/tid" → lane
        var laneOrder: [String: Double] = [:]
        var openSubscriptions: [String: (lane: Int, index: Int)] = [:]
        var counterIndex: [String: Int] = [:]
        var times: [Double] = []

        func lane(_ event: [String: Any]) -> Int {
            let key = "\(event["pid"] ?? 0)/\(event["tid"] ?? 0)"
            if let index = laneIndex[key] { return index }
            laneIndex[key] = lanes.count
            lanes.append(Lane(name: key))
            return lanes.count - 1
        }

        for event in events {
            guard let phase = event["ph"] as? String else { continue }
            let name = event["name"] as? String ?? ""
            let args = event["args"] as? [String: Any] ?? [:]
            let time = (event["ts"] as? NSNumber)?.doubleValue ?? 0
            switch phase {
            case "M":
                if name == "thread_name", let tid = (event["tid"] as? NSNumber)?.intValue, tid != 0,
                    let laneName = args["name"] as? String {
                    lanes[lane(event)].name = laneName
                } else if name == "thread_sort_index", let index = (args["sort_index"] as? NSNumber)?.doubleValue {
                    laneOrder["\(event["pid"] ?? 0)/\(event["tid"] ?? 0)"] = index
                }
            case "b":
                let index = lane(event)
                let id = "\(event["id"] ?? "")"
                openSubscriptions[id] = (index, lanes[index].subscriptions.count)
                lanes[index].subscriptions.append(Subscription(id: id, start: time))
                times.append(time)
            case "e":
                let id = "\(event["id"] ?? "")"
                if let open = openSubscriptions.removeValue(forKey: id) {
                    lanes[open.lane].subscriptions[open.index].end = time
                    lanes[open.lane].subscriptions[open.index].endedBy = args["end"] as? String
                }
                times.append(time)
            case "i", "I":
                guard let kind = Marble.Kind(rawValue: name) else { continue }
                lanes[lane(event)].marbles.append(Marble(kind: kind, time: time, value: args["value"] as? String))
                times.append(time)
            case "C":
                let value = (args["value"] as? NSNumber)?.doubleValue ?? (args.values.first as? NSNumber)?.doubleValue ?? 0
                if counterIndex[name] == nil {
                    counterIndex[name] = counters.count
                    counters.append(Counter(name: name))
                }
                counters[counterIndex[name]!].points.append((time, value))
                times.append(time)
            default:
                continue
            }
        }
        // Lanes with nothing drawn in them (the process's own track) go.
        let order = laneIndex.reduce(into: [Int: Double]()) { $0[$1.value] = laneOrder[$1.key] ?? Double($1.value) }
        lanes = lanes.enumerated()
            .filter { !$0.element.subscriptions.isEmpty || !$0.element.marbles.isEmpty }
            .sorted { (order[$0.offset] ?? 0) < (order[$1.offset] ?? 0) }
            .map(\.element)
        for index in counters.indices { counters[index].points.sort { $0.time < $1.time } }
        start = times.min() ?? 0
        end = max(times.max() ?? 0, start + 1)
    }

    private static func events(from data: Data) throws -> [[String: Any]] {
        var parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data)
        } catch {
            // The JSON Array Format may lack its closing bracket (a process that was stopped):
            // cut after the last complete event and close the array.
            guard var text = String(data: data, encoding: .utf8),
                text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("[") else { throw error }
            while let last = text.range(of: "}", options: .backwards) {
                text = String(text[..<last.upperBound])
                if let whole = try? JSONSerialization.jsonObject(with: Data((text + "]").utf8)) {
                    parsed = whole
                    return try events(in: parsed)
                }
                text.removeLast()
            }
            throw error
        }
        return try events(in: parsed)
    }

    private static func events(in parsed: Any) throws -> [[String: Any]] {
        if let array = parsed as? [[String: Any]] { return array }
        if let object = parsed as? [String: Any], let array = object["traceEvents"] as? [[String: Any]] { return array }
        throw Failure.notATrace("neither an array of events nor an object with traceEvents")
    }
}
