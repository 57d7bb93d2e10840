// Stub of FlyingFox 0.27.1's FlyingSocks module: only what racswift-demo uses, with the
// package's signatures, for Tools/apple-typecheck/run.sh. Never linked or run. (The Linux
// build checks the demo against the real package.)
public protocol AsyncBufferedIteratorProtocol<Element>: AsyncIteratorProtocol {
    associatedtype Buffer: Collection where Buffer.Element == Element
    mutating func nextBuffer(suggested count: Int) async throws -> Buffer?
}
public protocol AsyncBufferedSequence<Element>: AsyncSequence, Sendable where AsyncIterator: AsyncBufferedIteratorProtocol, Element: Sendable {}
public protocol Logging: Sendable {}
public struct DisabledLogger: Logging {}
extension Logging where Self == DisabledLogger {
    public static var disabled: Self { DisabledLogger() }
}
public protocol SocketAddress: Sendable {}
public struct sockaddr_in: SocketAddress {}
extension SocketAddress where Self == sockaddr_in {
    public static func inet(ip4: String, port: UInt16) throws -> Self { sockaddr_in() }
}
public struct Socket: Sendable {
    public enum Address: Sendable, Hashable {
        case ip4(String, port: UInt16)
        case ip6(String, port: UInt16)
        case unix(String)
    }
}
