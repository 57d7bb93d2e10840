import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RACSwift
import XCTest

/// `URLSession.signal(for:)` disposed at random moments around the end of its request, from
/// other threads, hundreds of times (issue 30, finding 4). On Linux a data task cancelled
/// from another thread while its completion is under way can kill the process inside
/// swift-corelibs-foundation (`TaskRegistry`: "Trying to access a behaviour for a task that in
/// not in the registry"); the signal's disposal must never do that.
final class URLSessionDisposalStressTests: LoopbackServerTestCase {
    /// What one request's subscriber saw.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [String] = []

        func record(_ event: String) { lock.withLock { recorded.append(event) } }
        var events: [String] { lock.withLock { recorded } }
    }

    /// 500 requests, up to 8 in flight; each is disposed from a background thread after a
    /// random delay drawn around the requests' own latency (so about half are disposed in
    /// flight and half at or after their end). Every request ends in a state the contract
    /// allows: nothing sent (disposed first), the body alone (disposed between the two
    /// events), or the body and completion — never a cancellation error.
    func testDisposalAtRandomMomentsNeverCrashesAndSendsNothingAfterwards() throws {
        let requests = 500, inFlight = 8
        let deadline = Date().addingTimeInterval(60)
        let slots = DispatchSemaphore(value: inFlight)
        let group = DispatchGroup()
        var outcomes: [Outcome] = []
        let signal = session.signal(for: server.request("/hello"))
        // A few requests run to their end first, to measure the latency the delays straddle.
        let started = DispatchTime.now()
        for _ in 0..<5 {
            XCTAssertEqual(try signal.first()?.1.url, server.url("/hello"))
        }
        let window = DelayWindow(latency: (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 5)
        for _ in 0..<requests {
            guard Date() < deadline else { break }
            slots.wait()
            let outcome = Outcome()
            outcomes.append(outcome)
            group.enter()
            let disposable = signal.subscribe(
                next: { value in outcome.record("next \(String(decoding: value.0, as: UTF8.self))") },
                error: { error in outcome.record("error \(error)") },
                completed: { outcome.record("completed") })
            let delay = UInt64.random(in: 0...window.current)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(delay))) {
                window.record(disposedInFlight: outcome.events.isEmpty)
                disposable.dispose()
                slots.signal()
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(outcomes.count, requests, "the loop ran out of time")
        // Let the cancelled tasks wind down: none may send anything late either.
        XCTAssertTrue(waitUntil { self.liveTaskCount() == 0 }, "tasks still running")
        var completed = 0, disposedFirst = 0
        for outcome in outcomes {
            switch outcome.events {
            case []: disposedFirst += 1
            case ["next hello"]: break
            case ["next hello", "completed"]: completed += 1
            case let events: XCTFail("unexpected events \(events)")
            }
        }
        // Both sides of the race were reached: the delays straddle the requests' end.
        XCTAssertGreaterThan(completed, 0)
        XCTAssertGreaterThan(disposedFirst, 0)
        print("URLSession disposal stress: \(outcomes.count) requests, \(completed) completed, \(disposedFirst) disposed in flight")
    }

    private func liveTaskCount() -> Int {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var count = 0
        session.getAllTasks { tasks in
            count = tasks.filter { $0.state != .completed }.count
            done.signal()
        }
        done.wait()
        return count
    }
}

/// The range the disposal delays are drawn from, in nanoseconds: it starts at twice the
/// latency of a few requests run to their end, then widens a little after each disposal that
/// came before the request's end and narrows after each that came after, so that about half
/// land on either side of the moment requests end, whatever the machine's load.
private final class DelayWindow: @unchecked Sendable {
    private let lock = NSLock()
    private var nanoseconds: Double

    init(latency: UInt64) { nanoseconds = 2 * Double(latency) }

    var current: UInt64 { lock.withLock { UInt64(nanoseconds) } }

    func record(disposedInFlight: Bool) {
        lock.withLock { nanoseconds = min(max(nanoseconds * (disposedInFlight ? 1.05 : 0.95), 1_000), 1e9) }
    }
}
