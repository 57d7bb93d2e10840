/// A cast and an unwrap whose precondition the caller has already established, for the hot
/// paths where the checked form measured: the merge point's constant inner signals
/// (`MergeSink.startConstant`) and combineLatest's stored latest values (`LatestValueSlot`).
///
/// What each assumes — the caller's promise:
///
/// - `knownClassCast(_:to:)`: the object's class is `To` (the merge point asked the signal,
///   which answers `isReturn` for its own final class; or, for the signals its state hands
///   back, `MergeSink.waitingSignal`, the sink put only `Signal<Value>`s into that state, which
///   keeps them as `AnyObject` so that its type needs no metadata look-up per subscription).
///   A cast without a look-up, so a wrong class is read as `To`.
/// - `Optional.uncheckedValue`: the optional holds a value (combineLatest reads an input's
///   latest value only once every input has sent one; sample and distinctUntilChanged read
///   their kept value only once their flag says one was stored). Unchecked in release builds.
///
/// Who may call them: code that has just tested the promise, and says where at the call.
/// Why it is safe: the promise is a test the caller made on the same value, with nothing in
/// between that could change it. What would break it: a caller whose test no longer implies
/// the promise (a new signal class answering `isReturn`, a new slot type). Debug builds check
/// each promise (the class, the value's presence) and stop with a message naming the
/// primitive; compiled out of release builds, where each is exactly what it replaces
/// (`@_transparent`, inlined before optimization as `unsafeDowncast` is: with a plain
/// `@inline(__always)` function the merge sink's code came out 38 instructions per event longer,
/// W4 722.9 → 760.9).
///
/// Measured against the checked forms (callgrind, release, `Benchmarks/instructions.sh`,
/// issue 39): `as! ReturnSignal<Value>` in `startConstant` W4 722.9 → 1,082.9 and R3 3,082.4 →
/// 4,882.4 instructions per event; `!` in combineLatest's slot W5 552.3 → 560.3 (+1.4 %) and
/// W23 646.8 → 652.8. Map's same-type fusion uses a checked `as!` instead: specialized in the
/// caller it folds away (R5 8,533.7 → 8,533.2 per cycle).
@usableFromInline @_transparent
func knownClassCast<To: AnyObject>(_ object: AnyObject, to type: To.Type) -> To {
    #if DEBUG
    precondition(object is To, "knownClassCast(_:to:): a \(Swift.type(of: object)) is not a \(To.self)")
    #endif
    return unsafeDowncast(object, to: To.self)
}

extension Optional {
    /// The wrapped value, which the caller has established is there (see this file's
    /// header for the rule); debug builds check it.
    @usableFromInline @_transparent
    var uncheckedValue: Wrapped {
        #if DEBUG
        guard let value = self else { preconditionFailure("Optional.uncheckedValue: nil where a value was promised") }
        return value
        #else
        return unsafelyUnwrapped
        #endif
    }
}
