/// Casts and unwraps whose precondition the caller has already established, for the hot paths
/// where a checked `as!` or `!` measured: map's same-type fusion (`mapFusing`), the merge
/// point's constant inner signals (`MergeSink.startConstant`), and combineLatest's stored
/// latest values (`LatestValueSlot`).
///
/// What each assumes — the caller's promise:
///
/// - `sameTypeCast(_:to:)`: `From` and `To` are the same type (map tested `U.self ==
///   Value.self` just before). A bit cast, so any other pair reinterprets memory.
/// - `knownClassCast(_:to:)`: the object's class is `To` (the merge point asked the signal,
///   which answers for its own final class). A cast without a look-up, so a wrong class is
///   read as `To`.
/// - `Optional.uncheckedValue`: the optional holds a value (combineLatest reads an input's
///   latest value only once every input has sent one). Unchecked in release builds.
///
/// Who may call them: code that has just tested the promise, and says where at the call.
/// Why it is safe: the promise is a test the caller made on the same value, with nothing in
/// between that could change it. What would break it: a caller whose test no longer implies
/// the promise (a new signal class answering `isReturn`, a new slot type). Debug builds check
/// each promise (the types' identity, the class, the value's presence) and stop with a message
/// naming the primitive; compiled out of release builds, where each is what it replaces
/// (measured: `as!` in `startConstant` and `mapFusing`, `!` in combineLatest's slots, each
/// cost more than 1 % of W4, R5 and W5's instructions — BENCHMARKS.md, issue 39).
@inlinable @inline(__always)
func sameTypeCast<From, To>(_ value: From, to type: To.Type) -> To {
    #if DEBUG
    precondition(From.self == To.self, "sameTypeCast(_:to:): \(From.self) is not \(To.self)")
    #endif
    return unsafeBitCast(value, to: To.self)
}

@inlinable @inline(__always)
func knownClassCast<To: AnyObject>(_ object: AnyObject, to type: To.Type) -> To {
    #if DEBUG
    precondition(object is To, "knownClassCast(_:to:): a \(Swift.type(of: object)) is not a \(To.self)")
    #endif
    return unsafeDowncast(object, to: To.self)
}

extension Optional {
    /// The wrapped value, which the caller has established is there (see `sameTypeCast`'s
    /// file for the rule); debug builds check it.
    @inlinable @inline(__always)
    var uncheckedValue: Wrapped {
        #if DEBUG
        guard let value = self else { preconditionFailure("Optional.uncheckedValue: nil where a value was promised") }
        return value
        #else
        return unsafelyUnwrapped
        #endif
    }
}
