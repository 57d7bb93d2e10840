/// The one error this target's tests send; it prints as its name, so failure messages read
/// `error(boom)`.
struct TestError: Error, Equatable, Sendable, CustomStringConvertible {
    let name: String
    var description: String { name }

    static let boom = TestError(name: "boom")
    static let bang = TestError(name: "bang")
}
