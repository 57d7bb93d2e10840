// Stub of the Apple SDK's Testing: only what RACSwift's targets use, with the Apple signatures,
// for Tools/apple-typecheck/run.sh. Never linked or run.
public struct Test: Sendable { public static var current: Test? { nil } }
public struct Comment: Sendable, RawRepresentable { public var rawValue: String; public init(rawValue: String) { self.rawValue = rawValue } }
public struct SourceLocation: Sendable {
    public init(fileID: String, filePath: String, line: Int, column: Int) {}
}
public struct Issue: Sendable {
    @discardableResult
    public static func record(_ comment: Comment? = nil, sourceLocation: SourceLocation) -> Issue { Issue() }
}
