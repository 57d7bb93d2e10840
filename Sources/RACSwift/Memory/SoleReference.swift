/// Whether an object can be reached through one reference only — map fusion's test
/// (`FusibleMapSignal.unobserved`) before it changes a signal in place: a `map` applied to a
/// fused signal nothing else can reach joins it as a stage instead of wrapping it, which is
/// only invisible if no other strong, weak or unowned reference could see the signal change.
///
/// What it assumes: the runtime's reference counts. A uniquely referenced strong reference
/// (`isKnownUniquelyReferenced`) says nothing of weak and unowned references; those are read
/// from the runtime's own counts, which include the object's own: one weak (once it has a side
/// table) and one unowned. The counts are underscored entry points with no public equivalent:
/// the alternative, a copy of the signal per joining operator (which needs no check at all),
/// measured R5 at 16,270 instructions per cycle against 8,730 (Benchmarks/HISTORY.md, "Issue 26: one home for every fast path").
///
/// Who may call it: map fusion, with the strong reference it is about to change (`inout`, so
/// no copy of its own is counted). Why it is safe: with no other reference of any kind, no
/// other code can observe the object between the test and the change, and the caller's
/// thread holds the only reference. What would break it: the runtime counting differently —
/// pinned by MapFilterFusionTests' `testRuntimeCountsWeakAndUnownedReferencesAsFusionExpects`,
/// which fails if a weak or an unowned reference is no longer counted — or a caller testing a
/// reference other code could still copy from (a shared variable). Debug builds check that the
/// unowned count includes the object's own (a runtime that stopped counting it would make every
/// test pass); compiled out of release builds.
///
/// Also used, strong references only, by the asynchronous property observation
/// (`PropertyObserver`): a change watcher that is still uniquely referenced after
/// `withObservationTracking` returns was not kept by Observation — the read touched nothing
/// observable — so it is disarmed. Safe for the same reason: the caller's local is the only
/// strong reference, and the test reads only its count.
@usableFromInline
enum SoleReference {
    /// Whether `reference` is the only strong reference to its object.
    @inlinable @inline(__always)
    static func isOnlyStrongReference<Object: AnyObject>(_ reference: inout Object) -> Bool {
        isKnownUniquelyReferenced(&reference)
    }

    /// Whether no weak or unowned reference to `object` exists beyond the object's own.
    @inlinable @inline(__always)
    static func hasNoWeakOrUnownedReferences(_ object: AnyObject) -> Bool {
        let unowned = _getUnownedRetainCount(object)
        #if DEBUG
        precondition(unowned >= 1, "SoleReference: the runtime no longer counts an object's own unowned reference")
        #endif
        return _getWeakRetainCount(object) <= 1 && unowned <= 1
    }
}
