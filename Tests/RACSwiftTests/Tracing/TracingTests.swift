import Foundation
@testable import RACSwift
import XCTest

/// Records the probes' events of the signals whose names start with `prefix` (other tests'
/// subscriptions may be traced at the same time) and of the compounds in `compounds`.
final class RecordingTraceObserver: TraceObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [TraceEvent] = []
    private let prefix: String
    private var compounds: Set<UInt> = []

    init(prefix: String) { self.prefix = prefix }

    func watch(_ compound: CompoundDisposable) {
        lock.withLock { _ = compounds.insert(UInt(bitPattern: ObjectIdentifier(compound))) }
    }

    func observe(_ event: TraceEvent) {
        lock.withLock {
            if let subscription = event.subscription {
                if subscription.signalName.hasPrefix(prefix) { recorded.append(event) }
            } else if compounds.contains(event.compound) {
                recorded.append(event)
            }
        }
    }

    var events: [TraceEvent] { lock.withLock { recorded } }

    /// "signal: kind[ value]" per signal event.
    var lines: [String] {
        events.compactMap { event in
            guard let subscription = event.subscription else { return nil }
            return "\(subscription.signalName): \(event.kind.rawValue)" + (event.value.map { " \($0)" } ?? "")
        }
    }
}

final class TracingTests: RACTestCase {
    func testProbesFireForEachSubscriptionsEventsInOrder() {
        let observer = RecordingTraceObserver(prefix: "probe.")
        let installed = Tracing.addObserver(observer)
        defer { installed.dispose() }
        XCTAssertTrue(Tracing.isEnabled)

        let source = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }.setName("probe.source")
        let mapped = source.map { $0 * 10 }.setName("probe.map")
        nonisolated(unsafe) var values: [Int] = []  // delivered synchronously on this thread
        mapped.subscribeNext { values.append($0) }

        XCTAssertEqual(values, [10, 20])
        // Outer subscription first; the source's passthrough disposes the subscription before
        // forwarding its completion (RAC's order), so `disposed` comes before `completed`.
        XCTAssertEqual(observer.lines, [
            "probe.map: subscribed",
            "probe.source: subscribed",
            "probe.source: next 1",
            "probe.map: next 10",
            "probe.source: next 2",
            "probe.map: next 20",
            "probe.source: disposed",
            "probe.map: disposed",
            "probe.source: completed",
            "probe.map: completed",
        ])
        let subscriptions = Set(observer.events.compactMap { $0.subscription })
        XCTAssertEqual(subscriptions.count, 2)
        XCTAssertTrue(subscriptions.allSatisfy { $0.subscriber.contains("0x") })
    }

    func testErrorsAndDisposalAreProbed() {
        let observer = RecordingTraceObserver(prefix: "probe.")
        let installed = Tracing.addObserver(observer)
        defer { installed.dispose() }

        Signal<Int>.error(TestError.boom).map { $0 }.setName("probe.failing").subscribe()
        let subject = Subject<Int>().setName("probe.subject")
        let subscription = subject.subscribeNext { _ in }
        subject.sendNext(7)
        subscription.dispose()
        subject.sendNext(8)

        let lines = observer.lines
        XCTAssertEqual(Array(lines.prefix(3)), [
            "probe.failing: subscribed", "probe.failing: disposed", "probe.failing: error \(TestError.boom)",
        ])
        XCTAssertEqual(Array(lines.dropFirst(3)), [
            "probe.subject: subscribed", "probe.subject: next 7", "probe.subject: disposed",
        ])
    }

    func testCompoundDisposablesReportTheirNewTotal() {
        let observer = RecordingTraceObserver(prefix: "probe.")
        let installed = Tracing.addObserver(observer)
        defer { installed.dispose() }

        let compound = CompoundDisposable()
        observer.watch(compound)
        let a = Disposable(), b = Disposable(), c = Disposable()
        compound.add(a)
        compound.add(b)
        compound.add(c)
        compound.remove(b)
        compound.dispose()

        let events = observer.events
        XCTAssertEqual(events.map(\.kind), [.disposableAdded, .disposableAdded, .disposableAdded, .disposableRemoved, .compoundDisposed])
        XCTAssertEqual(events.map(\.total), [1, 2, 3, 2, 0])
        XCTAssertEqual(events.last?.removed, 2)
        // The process-wide count moves by the same steps (other tests may move it too, but not
        // while this one runs on the main thread with nothing else subscribed).
        let live = events.map(\.liveDisposables)
        XCTAssertEqual(zip(live, live.dropFirst()).map { $1 - $0 }, [1, 1, -1, -2])
    }

    func testNothingIsTracedOnceTheObserverIsRemoved() {
        let observer = RecordingTraceObserver(prefix: "probe.")
        Tracing.addObserver(observer).dispose()
        Signal.return(1).map { $0 }.setName("probe.after").subscribe()
        XCTAssertEqual(observer.lines, [])
    }

    func testTraceRecordsEscapeAnyValueAsJSON() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{7} é ✓ 🚀"
        var bytes = TraceBytes()
        bytes.raw("[")
        bytes.string(text)
        bytes.raw(",")
        bytes.int(-42)
        bytes.raw(",")
        bytes.microseconds(1_234_005)
        bytes.raw(",\"")
        bytes.hex(0xBEEF)
        bytes.raw("\"]")
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes.bytes)) as? [Any])
        XCTAssertEqual(parsed[0] as? String, text)
        XCTAssertEqual(parsed[1] as? Int, -42)
        XCTAssertEqual((parsed[2] as? NSNumber)?.doubleValue ?? 0, 1234.005, accuracy: 0.0001)
        XCTAssertEqual(parsed[3] as? String, "beef")
    }
}
