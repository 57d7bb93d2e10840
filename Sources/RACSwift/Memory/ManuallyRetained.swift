/// A strong reference retained and released by hand: a trivial value (one pointer), so that
/// reading it from a mutable field costs no retain and release, and a call through it borrows
/// the object (`withObject`).
///
/// Used where a subject holds its subscribers (`SubjectEntry`): read from a mutable field, an
/// existential or a plain strong reference would be retained and released around every
/// delivery (a large part of a send's cost, BENCHMARKS.md W1/W17).
///
/// Invariants — who may call what:
///
/// - `retain(_:)` makes one; each made must be `release()`d exactly once, by whoever holds it
///   last (the subject's lock decides who: see `Subject.release(whenNoSend:)`); a copy of the
///   value is the same reference, not a new retain.
/// - `withObject(_:)` is valid only between the retain and the release; the object is alive
///   for the whole call because the retain is held (the caller must not release inside it).
///
/// What would break it: releasing twice, or calling `withObject` after the release (a
/// use-after-free), or never releasing (a leak the leak counter reports, as the subscriber's
/// `LiveSubscriptions` count is kept with it). Debug builds count the references retained by
/// hand and not yet released (`outstanding`), which the tests check returns to its start
/// (ManuallyRetainedTests, the subject tests).
struct ManuallyRetained<Object: AnyObject>: @unchecked Sendable {
    private let unmanaged: Unmanaged<Object>

    @inline(__always)
    private init(_ unmanaged: Unmanaged<Object>) {
        self.unmanaged = unmanaged
    }

    /// Retains `object` by hand.
    static func retain(_ object: Object) -> ManuallyRetained {
        #if DEBUG
        _ = manuallyRetainedOutstanding.add(1)
        #endif
        return ManuallyRetained(.passRetained(object))
    }

    /// Calls `body` with the object, borrowed: no retain or release around it.
    @inline(__always)
    func withObject<R>(_ body: (Object) throws -> R) rethrows -> R {
        try unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// The same reference, typed as `AnyObject` (for a list of several subscribers' types).
    var erased: ManuallyRetained<AnyObject> {
        ManuallyRetained<AnyObject>(Unmanaged.fromOpaque(unmanaged.toOpaque()))
    }

    /// The reference as one plain word, for a primitive that keeps it in words of its own
    /// (`DisposableContent`'s owner-reference form, a `SubjectEntry`'s subscriber); `init(opaque:)`
    /// makes the same reference back. Neither retains nor releases: the word is the one
    /// reference `retain(_:)` made, and whoever holds it holds that.
    var opaque: UnsafeRawPointer {
        @inline(__always) get { UnsafeRawPointer(unmanaged.toOpaque()) }
    }

    /// The reference `opaque` gave (see it). Always inlined: the subject entry's generic code
    /// called it out of line, once per delivered value.
    @inline(__always)
    init(opaque: UnsafeRawPointer) {
        self.init(Unmanaged.fromOpaque(opaque))
    }

    /// Gives the hand-made retain back. Once per `retain`.
    func release() {
        #if DEBUG
        precondition(manuallyRetainedOutstanding.add(-1) >= 0, "ManuallyRetained: released more often than retained")
        #endif
        unmanaged.release()
    }
}

#if DEBUG
/// References retained by hand and not yet released, in this process (debug builds).
let manuallyRetainedOutstanding = AtomicCounter()
#endif
