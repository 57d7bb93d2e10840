import Foundation

/// A value behind a lock, for the `__block` variables of RAC specs: counters, flags and lists
/// that a subscription's `@Sendable` closures update and the test then reads.
///
/// ```swift
/// let count = Locked(0)
/// let received = Locked<[Int]>([])
/// signal.subscribeNext { value in
///     count += 1
///     received.append(value)
/// }
/// XCTAssertEqual(count.value, 3)
/// ```
///
/// A `@Sendable` closure may not capture a `var` (Swift 6 rejects the race), so RAC's
/// `__block NSUInteger count = 0;` ports as `let count = Locked(0)` rather than as a
/// `nonisolated(unsafe) var`. Each access takes the lock; an update that reads and writes
/// (`+=`, `append`, `withValue`) is one locked step. It is `Sendable` when `Value` is.
public final class Locked<Value> {
    private let lock = NSLock()
    private var stored: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        stored = value
    }

    /// The value now; setting it replaces it under the lock.
    public var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Runs `body` with the value under the lock, for an update that reads and writes it in
    /// one step, and returns what `body` returns.
    @discardableResult
    public func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&stored) }
    }
}

extension Locked where Value: AdditiveArithmetic {
    /// Adds `amount` to the value in one locked step (`count += 1`).
    public static func += (locked: Locked, amount: Value) {
        locked.withValue { $0 += amount }
    }

    /// Subtracts `amount` from the value in one locked step.
    public static func -= (locked: Locked, amount: Value) {
        locked.withValue { $0 -= amount }
    }
}

extension Locked where Value: RangeReplaceableCollection {
    /// Appends `element` to the collection in one locked step (RAC specs'
    /// `[values addObject:x]`).
    public func append(_ element: Value.Element) {
        withValue { $0.append(element) }
    }
}

// Every access to the stored value goes through the lock; the value itself must be safe to
// hand to another thread.
extension Locked: @unchecked Sendable where Value: Sendable {}

extension Locked: CustomStringConvertible {
    /// The value's description.
    public var description: String { String(describing: value) }
}
