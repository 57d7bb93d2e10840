import Foundation

/// One event of a signal, as a value (RACEvent): what `materialize()` sends and
/// `dematerialize()` reads.
// Frozen: a signal's events are these three for good (the contract), and `dematerialize()`'s
// inlinable code switches over them without an `@unknown default` in a library-evolution
// (xcframework) build.
@frozen
public enum Event<Value> {
    /// A value (RAC's `RACEventTypeNext`, `+eventWithValue:`).
    case next(Value)
    /// The terminal error (RAC's `RACEventTypeError`, `+eventWithError:`).
    case error(any Error)
    /// The terminal completion (RAC's `RACEventTypeCompleted`, `+completedEvent`).
    case completed

    /// Whether this is a terminal event (`error` or `completed`).
    public var isFinished: Bool {
        switch self {
        case .next: return false
        case .error, .completed: return true
        }
    }

    /// The value of a `next` event, else nil.
    public var value: Value? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event, else nil.
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }
}

extension Event: Sendable where Value: Sendable {}

extension Event: Equatable where Value: Equatable {
    /// Two events are equal when they are of the same kind with equal payloads; errors
    /// compare with `==` when their type is `Equatable`, else as `NSError`s (domain and code).
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.next(let a), .next(let b)): return a == b
        case (.completed, .completed): return true
        case (.error(let a), .error(let b)): return errorsEqual(a, b)
        default: return false
        }
    }
}

extension Event: CustomStringConvertible {
    /// `next(value)`, `error(error)` or `completed`, as test failures and logs show events.
    public var description: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

/// Compares two errors: with their own `==` when they are `Equatable` and of one type,
/// otherwise by NSError domain and code.
@_spi(Testing) public func errorsEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
    func compare<E: Equatable>(_ lhs: E) -> Bool {
        guard let rhs = rhs as? E else { return false }
        return lhs == rhs
    }
    if let equatable = (lhs as Any) as? any Equatable { return compare(equatable) }
    let a = lhs as NSError
    let b = rhs as NSError
    return a.domain == b.domain && a.code == b.code
}
