import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import RACSwift
import XCTest

/// The `RAC_TRACE` file and its picture: the demo's trace checked against the Trace Event
/// format's rules (Tools/trace/check-trace.py), also when the demo is interrupted, and
/// `racswift-trace`'s SVG of a known pipeline checked element by element.
final class TraceFileTests: RACTestCase {
    private var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A product built beside the test bundle by `swift build --build-tests`.
    private func product(_ name: String) throws -> URL {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let binary = directory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            XCTFail("no \(name) beside the tests in \(directory.path): build the package first (swift build --build-tests)")
            throw CocoaError(.fileNoSuchFile)
        }
        return binary
    }

    private func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("racswift-\(getpid())-\(name)")
    }

    /// Runs `executable` to its end; returns its exit status and standard output.
    @discardableResult
    private func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = temporaryFile("output-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    private func checkTrace(_ trace: URL, _ extra: [String] = []) throws -> (Int32, String) {
        try run(URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", packageRoot.appendingPathComponent("Tools/trace/check-trace.py").path, trace.path] + extra)
    }

    // Short times and no failures except the seeded ones keep the run quick.
    private let quick = ["--script", "--latency", "0.05", "--throttle", "0.1", "--typing-interval", "0.01", "--text", "map|Repl"]

    func testDemoTraceFollowsTheTraceEventFormatWithEveryRequestOnItsTrack() throws {
        let trace = temporaryFile("demo.json"), log = temporaryFile("demo.log")
        defer { try? FileManager.default.removeItem(at: trace); try? FileManager.default.removeItem(at: log) }
        let (status, output) = try run(product("racswift-demo"), quick + ["--failure-rate", "0.5"],
                                       environment: ["RAC_TRACE": trace.path])
        XCTAssertEqual(status, 0, output)
        try output.write(to: log, atomically: true, encoding: .utf8)
        let (checked, report) = try checkTrace(trace, [
            "--require-closed", "--demo-log", log.path, "--expect-track", "keys", "--expect-track", "results",
        ])
        XCTAssertEqual(checked, 0, report)
        XCTAssertTrue(report.contains("each subscribed and disposed on its own track"), report)
    }

    func testTheDemosTraceFlagWritesTheSameTrace() throws {
        let trace = temporaryFile("flag.json")
        defer { try? FileManager.default.removeItem(at: trace) }
        let log = temporaryFile("flag.log")
        defer { try? FileManager.default.removeItem(at: log) }
        let (status, output) = try run(product("racswift-demo"), quick + ["--failure-rate", "0", "--trace", trace.path])
        XCTAssertEqual(status, 0, output)
        try output.write(to: log, atomically: true, encoding: .utf8)
        // Which queries settle depends on timing (a loaded machine may merge two): the
        // requests the demo logged are the ones checked.
        let (checked, report) = try checkTrace(trace, ["--require-closed", "--demo-log", log.path, "--expect-track", "keys"])
        XCTAssertEqual(checked, 0, report)
    }

    /// Stopped by SIGINT or SIGTERM in the middle of its requests, the demo leaves a trace that
    /// is valid JSON: the writer keeps the file's closing bracket in place between writes.
    func testAnInterruptedProcessLeavesValidJSON() throws {
        for signal in [SIGINT, SIGTERM] {
            let trace = temporaryFile("interrupted-\(signal).json")
            defer { try? FileManager.default.removeItem(at: trace) }
            let process = Process()
            process.executableURL = try product("racswift-demo")
            // Slow answers: the requests are in flight when the signal comes.
            process.arguments = ["--script", "--latency", "20", "--throttle", "0.05", "--typing-interval", "0.01",
                                 "--failure-rate", "0", "--text", "map|Repl|Rep"]
            process.environment = ProcessInfo.processInfo.environment.merging(["RAC_TRACE": trace.path]) { $1 }
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            try process.run()
            // Until the first request's subscription has been written (the writer writes
            // every 100 ms).
            let deadline = Date(timeIntervalSinceNow: 20)
            while Date() < deadline {
                if let text = try? String(contentsOf: trace, encoding: .utf8), text.contains("GET /search") { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "signal \(signal)")
            let data = try Data(contentsOf: trace)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: data), "signal \(signal)")
            XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("\"name\":\"GET /search?q="), "signal \(signal)")
            let (checked, report) = try checkTrace(trace, ["--expect-track", "keys"])
            XCTAssertEqual(checked, 0, report)
            // Cut short: the request in flight is still open.
            XCTAssertFalse(report.contains(" 0 still open"), report)
        }
    }

    func testRacswiftTraceDrawsAKnownPipeline() throws {
        let trace = temporaryFile("known.json"), picture = temporaryFile("known.svg")
        defer { try? FileManager.default.removeItem(at: trace); try? FileManager.default.removeItem(at: picture) }
        let writer = try XCTUnwrap(TraceFileWriter(path: trace.path))
        let installed = Tracing.addObserver(writer)
        Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendNext(3)
            subscriber.sendCompleted()
            return nil
        }.setName("known.source").map { $0 * 10 }.setName("known.map").subscribe()
        Signal<Int>.error(TestError.boom).map { $0 }.setName("known.failing").subscribe()
        let subject = Subject<Int>().setName("known.subject")
        let subscription = subject.subscribeNext { _ in }
        subject.sendNext(7)
        subscription.dispose()
        installed.dispose()
        writer.stop()

        let (status, output) = try run(product("racswift-trace"), [trace.path, "-o", picture.path, "--title", "known"])
        XCTAssertEqual(status, 0, output)
        let svg = try SVGSummary(contentsOf: picture)
        let lanes = ["known.map", "known.source", "known.failing", "known.subject"]
        XCTAssertEqual(svg.lanes.filter { $0.hasPrefix("known.") }, lanes)
        XCTAssertEqual(svg.count("marble next", in: "known.source"), 3)
        XCTAssertEqual(svg.count("marble next", in: "known.map"), 3)
        XCTAssertEqual(svg.count("marble next", in: "known.subject"), 1)
        XCTAssertEqual(svg.count("marble error", in: "known.failing"), 1)
        for lane in lanes {
            XCTAssertEqual(svg.count("subscription", in: lane), 1, lane)
            XCTAssertEqual(svg.count("marble disposed", in: lane), 1, lane)
            XCTAssertEqual(svg.count("subscription live", in: lane), 0, lane)
        }
        XCTAssertEqual(svg.count("marble completed", in: "known.source"), 1)
        XCTAssertEqual(svg.count("marble completed", in: "known.map"), 1)
        XCTAssertEqual(svg.count("marble completed", in: "known.subject"), 0)
        XCTAssertEqual(svg.values(in: "known.map"), ["10", "20", "30"])
        XCTAssertTrue(svg.counters.contains("live disposables"), "\(svg.counters)")
        XCTAssertTrue(svg.counters.contains("live subscriptions"), "\(svg.counters)")
    }

    // Issue 35: an unnamed subject's track was "Subject<Int> 0x5562…", a signal sent as a value
    // read "<LiftedSignal<…>: name = …>", labels of values close in time overlapped, and the
    // axis mixed "0 µs" with "500.0 ms".
    func testRacswiftTraceNamesEveryLaneAndNoLabelCoversAnother() throws {
        let trace = temporaryFile("readable.json"), picture = temporaryFile("readable.svg")
        defer { try? FileManager.default.removeItem(at: trace); try? FileManager.default.removeItem(at: picture) }
        let writer = try XCTUnwrap(TraceFileWriter(path: trace.path))
        let installed = Tracing.addObserver(writer)
        let subject = Subject<Int>()
        let subscription = subject.map { $0 + 1 }.setName("[[readable.keys] -doNext:] -throttle: 0.3").subscribeNext { _ in }
        for value in 0..<30 { subject.sendNext(value) }  // microseconds apart: far closer than a label is wide
        subscription.dispose()
        Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }.map { Signal<Int>.return($0).setName("readable.inner") }.setName("readable.outer").subscribe()
        installed.dispose()
        writer.stop()

        let (status, output) = try run(product("racswift-trace"), [trace.path, "-o", picture.path, "--title", "readable"])
        XCTAssertEqual(status, 0, output)
        let text = try String(contentsOf: picture, encoding: .utf8)
        let svg = try SVGSummary(contentsOf: picture)
        XCTAssertTrue(svg.lanes.contains("Subject #1"), "\(svg.lanes)")
        XCTAssertFalse(svg.lanes.contains { $0.contains("0x") }, "\(svg.lanes)")
        XCTAssertEqual(svg.values(in: "readable.outer"), ["readable.inner"])
        // The nested name reads as a pipeline from its source.
        XCTAssertTrue(text.contains(">readable.keys ▸ doNext ▸ throttle: 0.3<title>"), text)

        // Every value is counted once among the labels of its lane, and no two labels overlap
        // (10 px monospace: 6.1 px a character at most).
        let subjectLane = try XCTUnwrap(text.components(separatedBy: "<g class=\"lane\" data-signal=\"Subject #1\">").dropFirst().first)
            .components(separatedBy: "</g>")[0]
        let labels = matches(#"<text class="value" x="([0-9.]+)" y="[0-9.]+">([^<]*)<"#, in: subjectLane)
        XCTAssertLessThan(labels.count, 30, "\(labels)")
        // A label is one value ("7") or one and the number of those it stands for too ("0 +5").
        // (The count was read from the last word of every label, so a lone value, which a busy
        // machine's spread-out sends leave at the end, counted as its own value: 59 for 30.)
        let counted = labels.map { label -> Int in
            let parts = label[1].components(separatedBy: " +")
            return parts.count == 2 ? 1 + (Int(parts[1]) ?? 0) : 1
        }.reduce(0, +)
        XCTAssertEqual(counted, 30, "\(labels)")
        let spans = labels.map { (Double($0[0])!, Double($0[0])! + Double($0[1].count) * 6.1) }
        for (left, right) in zip(spans, spans.dropFirst()) { XCTAssertLessThanOrEqual(left.1, right.0, "\(labels)") }
        for (_, right) in spans { XCTAssertLessThanOrEqual(right, 1400, "\(labels)") }

        // One unit on the axis.
        let axis = try XCTUnwrap(text.components(separatedBy: "<g class=\"axis\">").dropFirst().first).components(separatedBy: "</g>")[0]
        let units = Set(matches(#">[0-9.]+ (s|ms|µs)</text>"#, in: axis).map { $0[0] })
        XCTAssertEqual(units.count, 1, axis)
    }

    // Issue 35: a signal built after another was freed can get its address; the demo's second
    // query's `retry` signal did, and its subscription was drawn in the first one's lane.
    func testASignalBuiltAtAFreedSignalsAddressGetsATrackOfItsOwn() throws {
        let trace = temporaryFile("reuse.json")
        defer { try? FileManager.default.removeItem(at: trace) }
        let writer = try XCTUnwrap(TraceFileWriter(path: trace.path))
        let installed = Tracing.addObserver(writer)
        for value in 0..<20 {
            Signal<Int>.create { subscriber in
                subscriber.sendNext(value)
                subscriber.sendCompleted()
                return nil
            }.setName("reused").subscribe()
        }
        installed.dispose()
        writer.stop()
        let events = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [[String: Any]])
        let tracks = events.filter { $0["ph"] as? String == "M" && $0["name"] as? String == "thread_name"
            && ($0["args"] as? [String: Any])?["name"] as? String == "reused" }
        XCTAssertEqual(tracks.count, 20)
    }

    private func matches(_ pattern: String, in text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
        }
    }
}

/// The parts of racswift-trace's SVG the test checks, read with an XML parser: each lane's
/// signal name, the classes of the elements in it and its values (the tooltips of its value
/// marbles), and the counters' polylines.
private final class SVGSummary: NSObject, XMLParserDelegate {
    private(set) var lanes: [String] = []
    private var classes: [String: [String]] = [:]
    private var valueTexts: [String: [String]] = [:]
    private(set) var counters: [String] = []
    private var lane: String?
    private var inValue = false
    private var text = ""

    init(contentsOf url: URL) throws {
        super.init()
        let parser = try XCTUnwrap(XMLParser(contentsOf: url))
        parser.delegate = self
        XCTAssertTrue(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
    }

    func count(_ className: String, in lane: String) -> Int {
        classes[lane, default: []].filter { $0 == className }.count
    }

    func values(in lane: String) -> [String] { valueTexts[lane, default: []] }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let className = attributes["class"] ?? ""
        if element == "g", className == "lane", let name = attributes["data-signal"] {
            lane = name
            lanes.append(name)
        } else if let lane {
            classes[lane, default: []].append(className)
            if element == "circle", className == "marble next" { inValue = true; text = "" }
        }
        if element == "polyline", let name = attributes["data-counter"] { counters.append(name) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inValue { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if inValue, element == "title", let lane {
            // "next at 12 µs: VALUE"
            valueTexts[lane, default: []].append(text.components(separatedBy: ": ").dropFirst().joined(separator: ": "))
            inValue = false
        }
        if element == "g", lane != nil { lane = nil }
    }
}
