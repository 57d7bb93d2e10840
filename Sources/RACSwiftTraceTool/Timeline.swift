import Foundation

/// The SVG picture of a trace: a lane per signal (subscription bars, event marbles), a time
/// axis, and the counters as step charts beneath.
struct Timeline {
    let trace: Trace
    let width: Double
    let title: String

    private let labelWidth = 380.0
    private let laneHeight = 26.0
    private let top = 56.0
    private let chartHeight = 150.0
    private var plotLeft: Double { labelWidth + 10 }
    // Room on the right for the labels of the last values.
    private var plotWidth: Double { width - plotLeft - 110 }

    private func x(_ time: Double) -> Double {
        plotLeft + (time - trace.start) / (trace.end - trace.start) * plotWidth
    }

    func svg() -> String {
        let lanesBottom = top + Double(trace.lanes.count) * laneHeight
        let chartTop = lanesBottom + 44
        let height = chartTop + chartHeight + 40
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">
            <style>
            .lane-bg { fill: #f6f8fa; } .lane:nth-child(even) .lane-bg { fill: #ffffff; }
            .lane-label { fill: #24292f; } .subscription { fill: #b6d4fe; stroke: #0a58ca; stroke-width: 0.5; }
            .subscription.live { fill: #ffe69c; stroke: #cc9a06; stroke-dasharray: 3 2; }
            .marble.next { fill: #198754; stroke: #0f5132; } .marble.error { stroke: #dc3545; stroke-width: 2.5; fill: none; }
            .marble.completed { stroke: #212529; stroke-width: 2.5; } .marble.disposed { fill: #ffffff; stroke: #6f42c1; stroke-width: 1.5; }
            .value { fill: #495057; font-size: 10px; font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; } .axis line { stroke: #adb5bd; } .axis text, .chart text { fill: #495057; }
            .counter { fill: none; stroke-width: 1.8; } .counter.c0 { stroke: #6f42c1; } .counter.c1 { stroke: #fd7e14; } .counter.c2 { stroke: #dc3545; }
            </style>
            <rect class="background" x="0" y="0" width="\(f(width))" height="\(f(height))" fill="#ffffff"/>
            <text class="title" x="12" y="22" font-size="15" font-weight="bold">\(escape(title))</text>
            <text x="12" y="40" fill="#495057">\(trace.lanes.count) signals, \(trace.lanes.reduce(0) { $0 + $1.subscriptions.count }) subscriptions over \(escape(duration(trace.end - trace.start))) — ● value  ✕ error  | completed  □ disposed; bars: subscriptions (dashed: still live); "v +3": v and 3 more values close after it (hover a marble for its value)</text>

            """
        out += "<g class=\"lanes\">\n"
        for (index, lane) in trace.lanes.enumerated() {
            out += laneSVG(lane, y: top + Double(index) * laneHeight)
        }
        out += "</g>\n"
        out += axisSVG(top: top, bottom: lanesBottom)
        out += chartSVG(top: chartTop)
        out += "</svg>\n"
        return out
    }

    private func laneSVG(_ lane: Trace.Lane, y: Double) -> String {
        let middle = y + laneHeight / 2
        var out = "<g class=\"lane\" data-signal=\"\(escape(lane.name))\">\n"
        out += "<rect class=\"lane-bg\" x=\"0\" y=\"\(f(y))\" width=\"\(f(width))\" height=\"\(f(laneHeight))\"/>\n"
        out += "<text class=\"lane-label\" x=\"8\" y=\"\(f(middle + 4))\">\(escape(laneLabel(lane.name, fitting: labelWidth - 16)))<title>\(escape(lane.name))</title></text>\n"
        for subscription in lane.subscriptions {
            let start = x(subscription.start)
            let end = x(subscription.end ?? trace.end)
            let live = subscription.end == nil
            let summary = live
                ? "subscription \(subscription.id): still live at the end of the trace"
                : "subscription \(subscription.id): \(duration((subscription.end ?? 0) - subscription.start)), ended by \(subscription.endedBy ?? "?")"
            out += "<rect class=\"subscription\(live ? " live" : "")\" x=\"\(f(start))\" y=\"\(f(middle - 4))\" width=\"\(f(max(end - start, 1.5)))\" height=\"8\" rx=\"2\"><title>\(escape(summary))</title></rect>\n"
        }
        for marble in lane.marbles {
            let cx = x(marble.time)
            let tip = "\(marble.kind.rawValue) at \(duration(marble.time - trace.start))" + (marble.value.map { ": \($0)" } ?? "")
            let title = "<title>\(escape(tip))</title>"
            switch marble.kind {
            case .next:
                out += "<circle class=\"marble next\" cx=\"\(f(cx))\" cy=\"\(f(middle))\" r=\"4.5\">\(title)</circle>\n"
            case .error:
                out += "<path class=\"marble error\" d=\"M\(f(cx - 5)) \(f(middle - 5)) L\(f(cx + 5)) \(f(middle + 5)) M\(f(cx - 5)) \(f(middle + 5)) L\(f(cx + 5)) \(f(middle - 5))\">\(title)</path>\n"
            case .completed:
                out += "<line class=\"marble completed\" x1=\"\(f(cx))\" y1=\"\(f(middle - 8))\" x2=\"\(f(cx))\" y2=\"\(f(middle + 8))\">\(title)</line>\n"
            case .disposed:
                out += "<rect class=\"marble disposed\" x=\"\(f(cx - 3.5))\" y=\"\(f(middle - 3.5))\" width=\"7\" height=\"7\">\(title)</rect>\n"
            }
        }
        for label in valueLabels(lane) {
            out += "<text class=\"value\" x=\"\(f(label.x))\" y=\"\(f(middle - 6))\">\(escape(label.text))<title>\(escape(label.tip))</title></text>\n"
        }
        out += "</g>\n"
        return out
    }

    /// The value labels of a lane, none overlapping another or running off the picture: each
    /// label starts just right of its marble; the values whose marbles its text covers are
    /// not written but counted in it ("switch +3": three more values follow, close in time;
    /// every value stays in its marble's tooltip).
    func valueLabels(_ lane: Trace.Lane) -> [(x: Double, text: String, tip: String)] {
        let values = lane.marbles.filter { $0.kind == .next }
        var labels: [(x: Double, text: String, tip: String)] = []
        var index = 0
        while index < values.count {
            let left = x(values[index].time) + 6
            let value = shorten(values[index].value ?? "", to: 28)
            func covered(until right: Double) -> Int {
                var end = index + 1
                while end < values.count, x(values[end].time) - 4.5 < right { end += 1 }
                return end
            }
            // Alone if the next marble is clear of it; else with room for the longest count it
            // could carry, so that the text never grows past what it covers.
            var end = covered(until: left + textWidth(value) + 6)
            if end > index + 1 { end = covered(until: left + textWidth(value + " +99") + 6) }
            let more = end - index - 1
            var text = more > 0 ? "\(value) +\(more)" : value
            let room = width - 4 - left
            while textWidth(text) > room, text.count > 1 { text = String(text.dropLast(2)) + "…" }
            let tip = more > 0 ? "\(more + 1) values from \(values[index].value ?? "") to \(values[end - 1].value ?? "")" : value
            labels.append((left, text, tip))
            index = end
        }
        return labels
    }

    private func axisSVG(top: Double, bottom: Double) -> String {
        var out = "<g class=\"axis\">\n"
        let span = trace.end - trace.start
        let step = niceStep(span / 10)
        // One unit for every tick, the one the span is read in; as many decimals as the step has.
        let (unit, scale) = span >= 1_000_000 ? ("s", 1_000_000.0) : span >= 1000 ? ("ms", 1000.0) : ("µs", 1.0)
        let decimals = max(0, Int(-floor(log10(step / scale) + 1e-9)))
        var count = 0
        while Double(count) * step <= span {
            let tick = Double(count) * step
            let tx = x(trace.start + tick)
            out += "<line x1=\"\(f(tx))\" y1=\"\(f(top))\" x2=\"\(f(tx))\" y2=\"\(f(bottom + 4))\" stroke-dasharray=\"2 4\"/>\n"
            out += "<text x=\"\(f(tx))\" y=\"\(f(bottom + 16))\" text-anchor=\"middle\">\(String(format: "%.\(decimals)f", tick / scale)) \(unit)</text>\n"
            count += 1
        }
        out += "</g>\n"
        return out
    }

    private func chartSVG(top: Double) -> String {
        var out = "<g class=\"chart\">\n"
        out += "<text x=\"8\" y=\"\(f(top - 8))\" font-weight=\"bold\">Disposable Growth</text>\n"
        let maximum = max(trace.counters.flatMap { $0.points.map(\.value) }.max() ?? 1, 1)
        out += "<line x1=\"\(f(plotLeft))\" y1=\"\(f(top + chartHeight))\" x2=\"\(f(plotLeft + plotWidth))\" y2=\"\(f(top + chartHeight))\" stroke=\"#adb5bd\"/>\n"
        out += "<line x1=\"\(f(plotLeft))\" y1=\"\(f(top))\" x2=\"\(f(plotLeft))\" y2=\"\(f(top + chartHeight))\" stroke=\"#adb5bd\"/>\n"
        out += "<text x=\"\(f(plotLeft - 6))\" y=\"\(f(top + 4))\" text-anchor=\"end\">\(Int(maximum))</text>\n"
        out += "<text x=\"\(f(plotLeft - 6))\" y=\"\(f(top + chartHeight))\" text-anchor=\"end\">0</text>\n"
        func y(_ value: Double) -> Double { top + chartHeight - max(value, 0) / maximum * chartHeight }
        for (index, counter) in trace.counters.enumerated() {
            var points: [String] = []
            var previous: Double?
            for point in counter.points {
                let px = x(point.time)
                if let previous { points.append("\(f(px)),\(f(y(previous)))") }
                points.append("\(f(px)),\(f(y(point.value)))")
                previous = point.value
            }
            if let previous { points.append("\(f(x(trace.end))),\(f(y(previous)))") }
            let last = counter.points.last.map { Int($0.value) } ?? 0
            let peak = Int(counter.points.map(\.value).max() ?? 0)
            out += "<polyline class=\"counter c\(index % 3)\" data-counter=\"\(escape(counter.name))\" points=\"\(points.joined(separator: " "))\"><title>\(escape(counter.name)): peak \(peak), at the end \(last)</title></polyline>\n"
            out += "<text x=\"8\" y=\"\(f(top + 14 + Double(index) * 16))\" class=\"legend\"><tspan fill=\"\(counterColors[index % 3])\">━━</tspan> \(escape(counter.name)): peak \(peak), at the end \(last)</text>\n"
        }
        out += "</g>\n"
        return out
    }
}

private let counterColors = ["#6f42c1", "#fd7e14", "#dc3545"]

/// The width of a value label's text: 10 px monospace, 0.6 em a character (DejaVu Sans Mono,
/// Menlo and Consolas all advance 0.60–0.61 em), rounded up.
private func textWidth(_ text: String) -> Double { Double(text.count) * 6.1 }

/// A lane's name as a pipeline. RAC's debug names nest the source first
/// (`[[keys] -doNext:] -throttle: 0.3`); read from the inside out that is
/// `keys ▸ doNext ▸ throttle: 0.3`. What does not fit keeps the source and the last
/// operators, the lane's own (`keys ▸ … ▸ filter ▸ map`). The full name is the tooltip.
func laneLabel(_ name: String, fitting pixels: Double) -> String {
    // 11 px Helvetica: at most about 6.2 px a character for this text.
    let limit = max(Int(pixels / 6.2), 12)
    var stages: [String] = []
    var rest = Substring(name)
    // "[inner] op": peel the outermost operator, then read the inner name the same way.
    while rest.hasPrefix("["), let close = matchingBracket(in: rest) {
        let op = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
        stages.insert(operatorName(op), at: 0)
        rest = rest[rest.index(after: rest.startIndex)..<close]
    }
    var source = operatorName(String(rest))
    if source.isEmpty { source = "(unnamed)" }
    func joined(_ parts: [String]) -> String { parts.joined(separator: " ▸ ") }
    // A long source (a URL) gives way first, to at least half the room: its end says most.
    let sourceRoom = max(limit - joined([""] + stages).count, limit / 2)
    if source.count > sourceRoom { source = "…" + String(source.suffix(sourceRoom - 1)) }
    if joined([source] + stages).count <= limit { return joined([source] + stages) }
    // Then the middle operators: the source and as many of the last ones as fit.
    var kept: [String] = []
    for stage in stages.reversed() {
        if joined([source, "…", stage] + kept).count > limit { break }
        kept.insert(stage, at: 0)
    }
    if kept.isEmpty, let last = stages.last { kept = [last] }
    return joined([source, "…"] + kept)
}

/// The index of the bracket closing the one `text` starts with.
private func matchingBracket(in text: Substring) -> Substring.Index? {
    var depth = 0
    for index in text.indices {
        if text[index] == "[" { depth += 1 }
        if text[index] == "]" { depth -= 1; if depth == 0 { return index } }
    }
    return nil
}

/// `-throttle: 0.3` → `throttle: 0.3`, `-doNext:` → `doNext`, `+createSignal:` → `createSignal`.
private func operatorName(_ text: String) -> String {
    var name = text.trimmingCharacters(in: .whitespaces)
    if name.hasPrefix("-") || name.hasPrefix("+") { name.removeFirst() }
    if name.hasSuffix(":") { name.removeLast() }
    return name
}

private func f(_ value: Double) -> String { String(format: "%.1f", value) }

private func escape(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default:
            // Control characters are not allowed in XML 1.0.
            if let ascii = character.asciiValue, ascii < 0x20, ascii != 0x09, ascii != 0x0A { out += " " } else { out.append(character) }
        }
    }
    return out
}

private func shorten(_ text: String, to limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
}

/// Microseconds as a readable duration.
private func duration(_ microseconds: Double) -> String {
    if microseconds >= 1_000_000 { return String(format: "%.2f s", microseconds / 1_000_000) }
    if microseconds >= 1000 { return String(format: "%.1f ms", microseconds / 1000) }
    return String(format: "%.0f µs", microseconds)
}

/// A round step (1, 2 or 5 times a power of ten) near `raw`.
private func niceStep(_ raw: Double) -> Double {
    guard raw > 0 else { return 1 }
    let power = pow(10, floor(log10(raw)))
    for factor in [1.0, 2.0, 5.0, 10.0] where raw <= factor * power { return factor * power }
    return 10 * power
}
