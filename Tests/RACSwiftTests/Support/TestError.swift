/// The one error the suite sends: a code, or a name where the test reads better with one.
///
/// It prints as its name, or as `E<code>`, so logs of strings (`"error boom"`, `"E1@2.0"`) read
/// the same whichever form a test uses. Two errors are equal when code and name are.
struct TestError: Error, Equatable, Sendable, CustomStringConvertible {
    var code: Int
    var name: String?

    init(code: Int = 0) {
        self.code = code
    }

    init(_ name: String) {
        self.code = 0
        self.name = name
    }

    static let boom = TestError("boom")
    static let other = TestError("other")
    static let failed = TestError("failed")

    var description: String { name ?? "E\(code)" }
}
