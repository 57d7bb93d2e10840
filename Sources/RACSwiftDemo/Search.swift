import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RACSwift

/// One corpus entry: a RACSwift name, its RAC name and what it does.
struct Entry: Codable, Sendable, Equatable {
    var name: String
    var rac: String
    var doc: String
}

/// The corpus, parsed from `corpusText` ("name | RAC name | doc" per line).
let corpus: [Entry] = corpusText.split(separator: "\n").map { line in
    let fields = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    return Entry(name: fields[0], rac: fields[1], doc: fields[2])
}

/// The server's answer to `GET /search?q=QUERY`.
struct SearchAnswer: Codable, Sendable {
    var query: String
    var total: Int
    var results: [Entry]

    static func none(for query: String) -> SearchAnswer { SearchAnswer(query: query, total: 0, results: []) }
}

// What a trace shows of an answer (its value's description): the query and the count.
extension SearchAnswer: CustomStringConvertible {
    var description: String { "'\(query)': \(total) result\(total == 1 ? "" : "s")" }
}

/// The entries matching `query` (case-insensitive), best first: names that start with it,
/// then names that contain it, then RAC names or descriptions that contain it.
func matches(for query: String, in entries: [Entry]) -> [Entry] {
    let needle = query.lowercased().trimmingCharacters(in: .whitespaces)
    guard !needle.isEmpty else { return [] }
    func rank(_ entry: Entry) -> Int? {
        let name = entry.name.lowercased()
        let bare = name.hasPrefix("signal.") ? String(name.dropFirst(7)) : name
        if bare.hasPrefix(needle) { return 0 }
        if name.contains(needle) { return 1 }
        if entry.rac.lowercased().contains(needle) || entry.doc.lowercased().contains(needle) { return 2 }
        return nil
    }
    return entries.enumerated()
        .compactMap { index, entry in rank(entry).map { ($0, index, entry) } }
        .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        .map(\.2)
}

/// An HTTP status other than 200: a response, not a transport error (RAC's rule, which
/// `URLSession.signal(for:)` keeps), so the pipeline turns it into an error to retry.
struct HTTPStatusError: Error, CustomStringConvertible {
    let status: Int
    var description: String { "HTTP \(status)" }
}

/// Counts the requests made for one query, across retries.
final class AttemptCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int { lock.withLock { count += 1; return count } }
    var value: Int { lock.withLock { count } }
}

/// Milliseconds since `start`, for the log.
func milliseconds(since start: Date) -> Int { Int(Date().timeIntervalSince(start) * 1000) }

/// A cold signal: each subscription is one real `GET /search?q=QUERY` through
/// `URLSession.signal(for:)`, logged with its status and timing; a status other than 200 is
/// an error, and disposal before the answer cancels the request (and says so).
func search(
    _ query: String, attempt: Int, session: URLSession, port: UInt16, log: @escaping @Sendable (String, String) -> Void
) -> Signal<SearchAnswer> {
    var components = URLComponents(string: "http://127.0.0.1:\(port)/search")!
    components.queryItems = [URLQueryItem(name: "q", value: query)]
    let url = components.url!
    let target = "\(url.path)?\(url.query ?? "")"
    return Signal.create { subscriber in
        let start = Date()
        let ended = AttemptCounter()  // > 0 once the request has ended
        log("request", "GET \(target)" + (attempt > 1 ? "  (retry \(attempt - 1))" : ""))
        let request = session.signal(for: URLRequest(url: url))
            .tryMap { data, response -> SearchAnswer in
                _ = ended.next()
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                guard status == 200 else {
                    log("response", "\(status) for '\(query)' in \(milliseconds(since: start)) ms")
                    throw HTTPStatusError(status: status)
                }
                let answer = try JSONDecoder().decode(SearchAnswer.self, from: data)
                log("response", "200 for '\(query)' in \(milliseconds(since: start)) ms: \(answer.total) results")
                return answer
            }
            .doError { error in
                if !(error is HTTPStatusError) {
                    _ = ended.next()
                    log("response", "'\(query)' failed after \(milliseconds(since: start)) ms: \(error)")
                }
            }
        let subscription = request.subscribe(subscriber)
        return Disposable {
            subscription.dispose()
            if ended.next() == 1 {
                log("cancel", "GET \(target) after \(milliseconds(since: start)) ms: a newer query replaced it")
            }
        }
    }.setName("GET \(target)" + (attempt > 1 ? " (retry \(attempt - 1))" : ""))
}

/// RAC's search-as-you-type pipeline over texts of a search field: each text the user
/// settles on (no key for `throttle` seconds, or the end of input), if new and not blank, is
/// searched; a failed request is retried once, then replaced by no results; a newer query
/// cancels the request still in flight.
func searchResults(
    for texts: Signal<String>, throttle: TimeInterval, on scheduler: Scheduler,
    session: URLSession, port: UInt16, log: @escaping @Sendable (String, String) -> Void
) -> Signal<SearchAnswer> {
    // RAC's throttle sends the text still waiting when its input completes, without waiting
    // out the interval: that text settled because typing ended, not because the user paused.
    Signal.defer {
        let inputEnded = AttemptCounter()  // > 0 once `texts` has completed
        return texts
            .doCompleted { _ = inputEnded.next() }
            .throttle(throttle, on: scheduler)
            .doNext { text in
                let how = inputEnded.value > 0 ? "at end of input" : "no key for \(throttle) s"
                log("settled", "'\(text)' (\(how))")
            }
    }.setName("settled texts")
        .distinctUntilChanged()
        .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        .doNext { log("query", "'\($0)'") }
        .map { query in
            let attempts = AttemptCounter()
            return Signal.defer { search(query, attempt: attempts.next(), session: session, port: port, log: log) }
                .doError { log("failed", "'\(query)': \($0)") }
                .retry(1)
                .catch { error in
                    log("gave up", "'\(query)' after a retry (\(error)): showing no results")
                    return Signal.return(SearchAnswer.none(for: query))
                }
                .setName("search '\(query)'")
        }
        .switchToLatest().setName("results")
        .deliver(on: scheduler).setName("results on the demo's scheduler")
}
