import FlyingFox
import FlyingSocks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real HTTP server on 127.0.0.1 (FlyingFox), started by a test on a free port. Its routes
/// serve what the URLSession tests need, for real:
///
/// - `GET /hello` — 200 with the body `hello`.
/// - `GET /status/500` — 500 with the body `server error`.
/// - `GET /slow?id=ID&ms=N` — 200 at once, then a chunked body that paces a space every 10 ms
///   for N ms before `done`. While it waits the server keeps writing, so it learns within a
///   couple of writes when the client closes the connection: `closedByClient` gets ID.
/// - `GET /drop?id=ID` — 200, a few bytes, then the server closes the connection mid-body.
/// - `GET /flaky?id=ID&drops=N` — drops the connection for the first N requests with that
///   ID, then answers 200 `ok`.
/// - `GET /users/LOGIN` — a GitHub-style JSON user, `{"login": …, "name": …}`, for `ada` and
///   `grace`; 404 with a JSON message for anyone else.
/// - `GET /user` — the signed-in user (ada) when the request carries `Authorization: token
///   secret`, else 401.
///
/// Every request's path and query is recorded in `requests`, on arrival.
final class TestHTTPServer: @unchecked Sendable {
    let port: UInt16
    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let lock = NSLock()
    private var received: [String] = []
    private var closed: [String] = []
    private var attempts: [String: Int] = [:]

    /// Each request as `path?query`, in order of arrival.
    var requests: [String] { lock.withLock { received } }
    /// The IDs of `/slow` requests whose client closed the connection before the body ended.
    var closedByClient: [String] { lock.withLock { closed } }

    /// Starts a server and waits until it listens.
    static func start() throws -> TestHTTPServer {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
        let task = Task { try await server.run() }
        let port = try blockingAwait {
            try await server.waitUntilListening(timeout: 10)
            guard case .ip4(_, let port)? = await server.listeningAddress else { throw URLError(.cannotConnectToHost) }
            return port
        }
        let instance = TestHTTPServer(server: server, task: task, port: port)
        try blockingAwait { await instance.addRoutes() }
        return instance
    }

    private init(server: HTTPServer, task: Task<Void, any Error>, port: UInt16) {
        self.server = server
        self.task = task
        self.port = port
    }

    /// Stops listening and closes every connection; waits until the server has stopped.
    func stop() {
        let server = self.server, task = self.task
        try? blockingAwait {
            await server.stop(timeout: 0)
            task.cancel()
            _ = await task.result
        }
    }

    func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
    }

    func request(_ pathAndQuery: String) -> URLRequest {
        URLRequest(url: url(pathAndQuery))
    }

    private func record(_ request: HTTPRequest) -> String? {
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        lock.withLock { received.append(query.isEmpty ? request.path : "\(request.path)?\(query)") }
        return request.query["id"]
    }

    /// The users `/users/LOGIN` knows.
    private static let users = ["ada": "Ada Lovelace", "grace": "Grace Hopper"]

    private static func json(_ object: [String: String], status: HTTPStatusCode = .ok) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(statusCode: status, headers: [.contentType: "application/json"], body: body)
    }

    private func addRoutes() async {
        await server.appendRoute("GET /users/*") { [unowned self] request in
            _ = record(request)
            let login = String(request.path.split(separator: "/").last ?? "")
            guard let name = Self.users[login] else { return Self.json(["message": "Not Found"], status: .notFound) }
            return Self.json(["login": login, "name": name])
        }
        await server.appendRoute("GET /user") { [unowned self] request in
            _ = record(request)
            guard request.headers[.authorization] == "token secret" else {
                return Self.json(["message": "Requires authentication"], status: .unauthorized)
            }
            return Self.json(["login": "ada", "name": Self.users["ada"]!])
        }
        await server.appendRoute("GET /hello") { [unowned self] request in
            _ = record(request)
            return HTTPResponse(statusCode: .ok, body: Data("hello".utf8))
        }
        await server.appendRoute("GET /status/500") { [unowned self] request in
            _ = record(request)
            return HTTPResponse(statusCode: .internalServerError, body: Data("server error".utf8))
        }
        await server.appendRoute("GET /slow") { [unowned self] request in
            let id = record(request) ?? ""
            let delay = Double(request.query["ms"] ?? "0").map { $0 / 1000 } ?? 0
            let body = PacedBody(delay: delay, ending: .body(Array("done".utf8))) { [weak self] in
                self?.lock.withLock { self?.closed.append(id) }
            }
            return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: body))
        }
        await server.appendRoute("GET /drop") { [unowned self] request in
            _ = record(request)
            return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: PacedBody(delay: 0.02, ending: .drop)))
        }
        await server.appendRoute("GET /flaky") { [unowned self] request in
            let id = record(request) ?? ""
            let drops = Int(request.query["drops"] ?? "0") ?? 0
            let attempt = lock.withLock { () -> Int in
                attempts[id, default: 0] += 1
                return attempts[id]!
            }
            if attempt <= drops {
                return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: PacedBody(delay: 0, ending: .drop)))
            }
            return HTTPResponse(statusCode: .ok, body: Data("ok".utf8))
        }
    }
}

/// A chunked response body that writes a space every 10 ms until `delay` has passed, then
/// ends as `ending` says. A body whose iteration stops before its end (the server's write
/// failed: the client closed the connection) calls `onAbandoned`.
struct PacedBody: AsyncBufferedSequence {
    typealias Element = UInt8

    enum Ending: Sendable {
        /// Writes these bytes, then ends the response.
        case body([UInt8])
        /// Closes the connection instead (the server's handling throws).
        case drop
    }

    struct Dropped: Error {}

    let delay: TimeInterval
    let ending: Ending
    var onAbandoned: @Sendable () -> Void = {}

    func makeAsyncIterator() -> Iterator {
        Iterator(deadline: Date().addingTimeInterval(delay), ending: ending, watch: Watch(onAbandoned))
    }

    /// Tells whether the iteration reached the end when the iterator goes away.
    final class Watch: @unchecked Sendable {
        private let onAbandoned: @Sendable () -> Void
        var isFinished = false  // set and read by the one task iterating
        init(_ onAbandoned: @escaping @Sendable () -> Void) { self.onAbandoned = onAbandoned }
        deinit { if !isFinished { onAbandoned() } }
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let deadline: Date
        let ending: Ending
        let watch: Watch
        var ended = false

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if ended {
                watch.isFinished = true
                return nil
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining > 0 {
                try await Task.sleep(nanoseconds: UInt64(Swift.min(remaining, 0.01) * 1_000_000_000))
                return Array(" ".utf8)
            }
            ended = true
            switch ending {
            case .body(let bytes): return bytes
            case .drop:
                watch.isFinished = true
                throw Dropped()
            }
        }
    }
}

/// Runs `body` in a task and blocks the calling thread until it returns. For test set-up on
/// the main thread only: `body` must not need the main thread.
func blockingAwait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?  // written before the semaphore is signalled, read after
}
