import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RACSwift
import XCTest

/// `URLSession.signal(for:)` against a real HTTP server on 127.0.0.1 (`TestHTTPServer`).
final class URLSessionSignalTests: LoopbackServerTestCase {
    private func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    private func status(_ response: URLResponse?) -> Int? {
        (response as? HTTPURLResponse)?.statusCode
    }

    /// Subscribes and waits for the terminal event.
    private func run(_ signal: Signal<(Data, URLResponse)>) -> ThreadedEvents<(Data, URLResponse)> {
        let log = ThreadedEvents<(Data, URLResponse)>()
        let disposable = log.subscribe(to: signal)
        XCTAssertTrue(waitUntil { log.isTerminated }, "no terminal event")
        disposable.dispose()
        return log
    }

    func testSendsTheBodyAndResponseThenCompletes() {
        let log = run(session.signal(for: server.request("/hello")))
        XCTAssertEqual(log.events.count, 2)
        XCTAssertEqual(log.values.map { text($0.0) }, ["hello"])
        XCTAssertEqual(log.values.map { status($0.1) }, [200])
        XCTAssertEqual(log.values.first?.1.url, server.url("/hello"))
        XCTAssertTrue(log.isCompleted)
        XCTAssertEqual(log.onMainThread, [false, false], "events arrive on the session's queue")
        XCTAssertEqual(server.requests, ["/hello"])
    }

    func testServerErrorIsAResponseNotAnError() {
        let log = run(session.signal(for: server.request("/status/500")))
        XCTAssertEqual(log.values.map { status($0.1) }, [500], "as in RAC, an HTTP error status is a response")
        XCTAssertEqual(log.values.map { text($0.0) }, ["server error"])
        XCTAssertTrue(log.isCompleted)
    }

    func testEachSubscriptionPerformsOneRequest() {
        let signal = session.signal(for: server.request("/hello"))
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(server.requests, [], "the signal is cold: nothing is sent before a subscription")
        _ = run(signal)
        _ = run(signal)
        XCTAssertEqual(server.requests, ["/hello", "/hello"])
    }

    func testDroppedConnectionIsAnErrorEvent() {
        let log = run(session.signal(for: server.request("/drop?id=d")))
        XCTAssertEqual(log.values.count, 0)
        XCTAssertNotNil(log.error as? URLError, "\(String(describing: log.error))")
        XCTAssertEqual(server.requests, ["/drop?id=d"])
    }

    func testRefusedConnectionIsAnErrorEvent() throws {
        let closed = try TestHTTPServer.start()
        closed.stop()
        let log = run(session.signal(for: closed.request("/hello")))
        XCTAssertEqual(log.values.count, 0)
        XCTAssertEqual((log.error as? URLError)?.code, .cannotConnectToHost, "\(String(describing: log.error))")
    }

    /// Disposal cancels the data task mid-flight; the server, still writing its response,
    /// sees the connection closed.
    func testDisposalCancelsTheRequestAndTheServerSeesTheConnectionClose() {
        let log = ThreadedEvents<(Data, URLResponse)>()
        let disposable = log.subscribe(to: session.signal(for: server.request("/slow?id=cancelled&ms=10000")))
        XCTAssertTrue(waitUntil { server.requests == ["/slow?id=cancelled&ms=10000"] }, "the request reached the server")
        XCTAssertEqual(server.closedByClient, [])
        disposable.dispose()
        XCTAssertTrue(waitUntil { server.closedByClient == ["cancelled"] }, "the server saw the connection close")
        XCTAssertEqual(log.events.count, 0, "a disposed request sends nothing, not even the cancellation error")
    }

    func testSlowResponseArrivesWhenTheServerFinishes() {
        let started = Date()
        let log = run(session.signal(for: server.request("/slow?id=slow&ms=150")))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.15)
        XCTAssertEqual(log.values.map { text($0.0) }, ["done"])
        XCTAssertTrue(log.isCompleted)
        XCTAssertEqual(server.closedByClient, [])
    }

    func testTimeoutFailsASlowRequestAndCancelsIt() {
        let signal = session.signal(for: server.request("/slow?id=timeout&ms=10000")).timeout(0.2, on: .background())
        let log = run(signal)
        XCTAssertEqual(log.values.count, 0)
        XCTAssertEqual(log.error as? SignalError, .timedOut)
        XCTAssertTrue(waitUntil { server.closedByClient == ["timeout"] }, "the timed-out request was cancelled")
    }

    func testRetryRepeatsTheRequestAfterDroppedConnections() {
        let log = run(session.signal(for: server.request("/flaky?id=a&drops=2")).retry(2))
        XCTAssertEqual(log.values.map { text($0.0) }, ["ok"])
        XCTAssertTrue(log.isCompleted)
        XCTAssertEqual(server.requests, Array(repeating: "/flaky?id=a&drops=2", count: 3))
    }

    func testRetryGivesUpWithTheLastError() {
        let log = run(session.signal(for: server.request("/flaky?id=b&drops=5")).retry(1))
        XCTAssertEqual(log.values.count, 0)
        XCTAssertNotNil(log.error as? URLError)
        XCTAssertEqual(server.requests.count, 2)
    }

    func testCatchReplacesAFailedRequest() {
        let fallback = session.signal(for: server.request("/hello"))
        let log = run(session.signal(for: server.request("/drop?id=c")).catch { _ in fallback })
        XCTAssertEqual(log.values.map { text($0.0) }, ["hello"])
        XCTAssertTrue(log.isCompleted)
        XCTAssertEqual(server.requests, ["/drop?id=c", "/hello"])
    }

    /// A newer request replaces the one in flight: the superseded one is cancelled, and the
    /// server sees its connection close.
    func testSwitchToLatestCancelsTheSupersededRequest() {
        let paths = Subject<String>()
        let session = self.session!, server = self.server!
        let log = ThreadedEvents<(Data, URLResponse)>()
        let disposable = log.subscribe(to: paths.map { session.signal(for: server.request($0)) }.switchToLatest())
        paths.sendNext("/slow?id=first&ms=10000")
        XCTAssertTrue(waitUntil { server.requests.count == 1 })
        paths.sendNext("/hello")
        paths.sendCompleted()
        XCTAssertTrue(waitUntil { log.isTerminated })
        XCTAssertEqual(log.values.map { text($0.0) }, ["hello"])
        XCTAssertTrue(log.isCompleted)
        XCTAssertTrue(waitUntil { server.closedByClient == ["first"] }, "the superseded request was cancelled")
        disposable.dispose()
    }
}
