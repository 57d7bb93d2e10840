// Stub of FlyingFox 0.27.1's FlyingFox module: only what racswift-demo uses, with the
// package's signatures, for Tools/apple-typecheck/run.sh. Never linked or run. (The Linux
// build checks the demo against the real package.)
import Foundation
import FlyingSocks
public struct HTTPRoute: ExpressibleByStringLiteral, Sendable {
    public init(stringLiteral value: String) {}
}
public struct HTTPRequest: Sendable {
    public struct QueryItem: Hashable, Sendable {
        public var name: String
        public var value: String
    }
    public var path: String
    public var query: [QueryItem]
}
extension Array where Element == HTTPRequest.QueryItem {
    public subscript(_ name: String) -> String? { get { nil } set {} }
}
public struct HTTPStatusCode: Sendable, Hashable {
    public static let ok = HTTPStatusCode()
    public static let internalServerError = HTTPStatusCode()
}
public struct HTTPHeader: Sendable, Hashable {
    public static let contentType = HTTPHeader()
}
public struct HTTPHeaders: Sendable, ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (HTTPHeader, String)...) {}
}
public struct HTTPBodySequence: Sendable {
    public init(from bytes: some AsyncBufferedSequence<UInt8>, suggestedBufferSize: Int = 4096) {}
}
public struct HTTPResponse: Sendable {
    public init(statusCode: HTTPStatusCode, headers: HTTPHeaders = [:], body: HTTPBodySequence) {}
}
public protocol HTTPHandler: Sendable {
    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse
}
public final actor HTTPServer {
    public init(address: some SocketAddress, timeout: TimeInterval = 15, logger: any Logging, handler: (any HTTPHandler)? = nil) {}
    public var listeningAddress: Socket.Address? { nil }
    public func appendRoute(_ route: HTTPRoute, to handler: some HTTPHandler) {}
    public func run() async throws {}
    public func waitUntilListening(timeout: TimeInterval = 5) async throws {}
    public func stop(timeout: TimeInterval = 0) async {}
}
