/// `object` as `T`, a type the caller knows it has — a list of non-generic bases whose
/// elements are all of one generic subclass (a subject's entries, a property hook's
/// observers) — without the run-time cast in release builds: there `as!` to a generic class
/// looks the class's metadata up and walks the class hierarchy on every call (in the library's
/// unspecialized code, once per subscriber per event).
///
/// Invariant: every object the caller passes is a `T` (or a subclass), by construction of
/// the list it came from; the call site says why. What would break it: putting another type's
/// object into that list — then release builds would use the object with the wrong layout.
/// Debug builds check every cast and stop, naming both types.
@inlinable @inline(__always)
func castToKnownType<T: AnyObject>(_ object: AnyObject, _ type: T.Type) -> T {
    #if DEBUG
    guard let typed = object as? T else {
        preconditionFailure("castToKnownType: a \(Swift.type(of: object)) where only \(T.self) is put")
    }
    return typed
    #else
    return unsafeDowncast(object, to: T.self)
    #endif
}
