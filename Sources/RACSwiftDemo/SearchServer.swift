import FlyingFox
import FlyingSocks
import Foundation

/// The demonstration's search server: a real HTTP server (FlyingFox) on a free loopback port
/// answering `GET /search?q=QUERY` with the matching corpus entries as JSON.
///
/// Each answer takes a while (a seeded latency around `latency`), and some requests fail on
/// purpose with a 500: whether a request is slow or fails is decided by a seeded rule from
/// the seed, the query and how many times that query was asked, so a run with the same
/// `--seed` fails the same requests. The response head goes out at once and the body paces a
/// space every 20 ms until the answer, so the server learns within a couple of writes when a
/// client closes the connection — which is what cancelling a request does — and logs it.
final class SearchServer: @unchecked Sendable {
    let port: UInt16
    private let server: HTTPServer
    private let task: Task<Void, any Error>

    struct Rule: Sendable {
        var seed: UInt64
        var failureRate: Double
        var latency: TimeInterval
    }

    static func start(
        entries: [Entry], rule: Rule, log: @escaping @Sendable (String) -> Void
    ) throws -> SearchServer {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
        let task = Task { try await server.run() }
        let handler = SearchHandler(entries: entries, rule: rule, log: log)
        let port = try waitFor {
            await server.appendRoute("GET /search", to: handler)
            try await server.waitUntilListening(timeout: 10)
            guard case .ip4(_, let port)? = await server.listeningAddress else { throw URLError(.cannotConnectToHost) }
            return port
        }
        return SearchServer(server: server, task: task, port: port)
    }

    private init(server: HTTPServer, task: Task<Void, any Error>, port: UInt16) {
        self.server = server
        self.task = task
        self.port = port
    }

    /// Stops listening and closes every connection.
    func stop() {
        let server = self.server, task = self.task
        _ = try? waitFor {
            await server.stop(timeout: 0)
            task.cancel()
            _ = await task.result
        }
    }
}

private struct SearchHandler: HTTPHandler {
    let entries: [Entry]
    let rule: SearchServer.Rule
    let log: @Sendable (String) -> Void
    private let attempts = Attempts()

    init(entries: [Entry], rule: SearchServer.Rule, log: @escaping @Sendable (String) -> Void) {
        self.entries = entries
        self.rule = rule
        self.log = log
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let query = request.query["q"] ?? ""
        let attempt = attempts.next(for: query)
        var generator = SeededGenerator(state: rule.seed ^ stableHash(query) ^ (UInt64(attempt) &* 0x9E37_79B9_7F4A_7C15))
        let latency = rule.latency * Double.random(in: 0.6...1.4, using: &generator)
        let fails = Double.random(in: 0..<1, using: &generator) < rule.failureRate
        let ms = Int(latency * 1000)
        let body: [UInt8]
        if fails {
            log("'\(query)' (ask #\(attempt)): will fail on purpose with 500 in \(ms) ms")
            body = Array("{\"error\":\"the search index is busy\"}".utf8)
        } else {
            let found = matches(for: query, in: entries)
            let answer = SearchAnswer(query: query, total: found.count, results: Array(found.prefix(8)))
            log("'\(query)' (ask #\(attempt)): \(found.count) matches, answering in \(ms) ms")
            body = Array(try JSONEncoder().encode(answer))
        }
        let log = self.log
        let started = Date()
        let paced = PacedBody(delay: latency, body: body) {
            log("'\(query)': the client closed the connection after \(milliseconds(since: started)) ms — request cancelled")
        }
        return HTTPResponse(
            statusCode: fails ? .internalServerError : .ok,
            headers: [.contentType: "application/json"],
            body: HTTPBodySequence(from: paced))
    }
}

/// How many times each query was asked.
private final class Attempts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    func next(for query: String) -> Int {
        lock.withLock {
            counts[query, default: 0] += 1
            return counts[query]!
        }
    }
}

/// FNV-1a: a hash that, unlike `Hasher`, is the same in every run.
private func stableHash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
}

/// A chunked body that writes a space every 20 ms until `delay` has passed, then `body`
/// (JSON allows the leading spaces). If the iteration stops before the end — a write failed
/// because the client closed the connection — `onAbandoned` runs.
private struct PacedBody: AsyncBufferedSequence {
    typealias Element = UInt8
    let delay: TimeInterval
    let body: [UInt8]
    let onAbandoned: @Sendable () -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(deadline: Date().addingTimeInterval(delay), body: body, watch: Watch(onAbandoned))
    }

    final class Watch: @unchecked Sendable {
        private let onAbandoned: @Sendable () -> Void
        var isFinished = false  // touched only by the task writing the response
        init(_ onAbandoned: @escaping @Sendable () -> Void) { self.onAbandoned = onAbandoned }
        deinit { if !isFinished { onAbandoned() } }
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let deadline: Date
        let body: [UInt8]
        let watch: Watch
        var sent = false

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if sent {
                watch.isFinished = true
                return nil
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining > 0 {
                try await Task.sleep(nanoseconds: UInt64(Swift.min(remaining, 0.02) * 1_000_000_000))
                return Array(" ".utf8)
            }
            sent = true
            return body
        }
    }
}

/// Runs `body` in a task and blocks the calling thread until it returns.
private func waitFor<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = Box<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

private final class Box<T>: @unchecked Sendable {
    var result: Result<T, any Error>?  // written before the semaphore is signalled, read after
}

/// SplitMix64: the seeded rule's random numbers.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
