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
extension Test {
    public struct Case: Sendable {}
    public var sourceLocation: SourceLocation { SourceLocation(fileID: "", filePath: "", line: 0, column: 0) }
}
public protocol Trait: Sendable {}
public protocol TestTrait: Trait {}
public protocol SuiteTrait: Trait { var isRecursive: Bool { get } }
extension SuiteTrait { public var isRecursive: Bool { false } }
public protocol TestScoping: Sendable {
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws
}
