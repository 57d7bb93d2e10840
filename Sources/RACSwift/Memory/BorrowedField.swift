/// A call on the object a `let` field refers to, borrowed and seen as the class the caller
/// knows it has: no retain and no release around the call. For map's step into a
/// `subscribeNext` subscriber (`mapInternally`), whose downstream is a `let` of the map's sink:
/// converted to `AnyObject` and cast with `knownClassCast`, the subscriber was retained and
/// released around the call of its closure — the conversion is a copy, and the optimizer kept
/// it alive across a call it cannot see into — two atomic operations per value (S3 141.4 ->
/// 180.3 instructions per value, against 132.4 with this; Benchmarks/HISTORY.md, "Issue 37: a
/// flattenMap's live inner subject and map into subscribeNext, thirteenth pass"). Generic over
/// the field's type, so that an existential field is opened in place, borrowed, not copied.
///
/// What it assumes: `object` is read from a `let` stored property of an object the caller
/// holds (borrowed or owned) for the whole call, so that the field keeps it alive until `body`
/// returns; and its class is `To` (`knownClassCast`'s promise).
///
/// Who may call it: map's step, on `MapSink.downstream` (a `let` of the sink the step is
/// handed), after the sink's maker tested its class. Why it is safe: a `let` is never
/// reassigned, and the sink outlives the step's call. What would break it: a `var` field, or a
/// field of an object `body` can free. Debug builds check the class and that the object is
/// still alive when `body` returns (a weak shadow, read after the call); compiled out of release
/// builds, where this is the call on the field's object.
@usableFromInline @_transparent
func withKnownClassBorrowed<Object: AnyObject, To: AnyObject, Result>(
    _ object: Object, as type: To.Type, _ body: (To) throws -> Result
) rethrows -> Result {
    #if DEBUG
    precondition(object is To, "withKnownClassBorrowed(_:as:_:): a \(Swift.type(of: object)) is not a \(To.self)")
    #endif
    let borrowed = Unmanaged<To>.fromOpaque(Unmanaged.passUnretained(object).toOpaque())
    #if DEBUG
    let shadow = BorrowedFieldShadow(borrowed.takeUnretainedValue())
    defer { precondition(shadow.object != nil, "withKnownClassBorrowed(_:as:_:): the object was freed while borrowed") }
    #endif
    return try borrowed._withUnsafeGuaranteedRef(body)
}

#if DEBUG
/// A debug build's weak reference to a borrowed object, read once the borrow is over.
@usableFromInline
final class BorrowedFieldShadow {
    @usableFromInline weak var object: AnyObject?

    @usableFromInline init(_ object: AnyObject) { self.object = object }
}
#endif
