/// Errors that the library itself sends (RAC's `RACSignalErrorDomain` codes).
public enum SignalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `timeout(_:on:)` saw no terminal event in time (RACSignalErrorTimedOut).
    case timedOut
    /// `Signal.switch(_:cases:default:)` got a key with no case and there is no default
    /// (RACSignalErrorNoMatchingCase). The payload describes the key.
    case noMatchingCase(String)

    /// RAC's error message for the case (its `NSLocalizedDescriptionKey`).
    public var description: String {
        switch self {
        case .timedOut: return "The operation timed out"
        case .noMatchingCase(let key): return "No matching signal found for value \(key)"
        }
    }
}
