internal import RACSwiftRuntimeShims

/// A reference that does not retain its object, for the three places where a retain and a
/// release at every use would be measurable: the passthrough subscriber's downstream, borrowed
/// for each event (`PassthroughSubscriber`, S3), the queue scheduler's reference to itself
/// from the work item that runs its batches, kept alive while a batch run is on its queue
/// (`TargetQueueScheduler`, W14–W16), and a property hook taken from its object's hooks for
/// one assignment (`ObservationCenter.beginDelivery`, A3).
///
/// What it assumes, and who may use it:
///
/// - The object outlives every use: either some other reference keeps it alive (the queue
///   scheduler's work item runs only while a batch run holds it; the observation center's
///   hooks array holds each hook until the object ends, which cannot happen while one of its
///   properties is being assigned), or its holder keeps it alive
///   by hand with `retain()` and gives that back with exactly one `release()` (the passthrough
///   subscriber owns its downstream +1 from `retaining(_:)` until it lets it go).
/// - `retain()` and `release()` balance: a release without a retain first frees the object
///   under another owner's feet; a retain never released leaks it. The holder decides when,
///   and says where in its own comments.
/// - `withObject` borrows: the object must stay alive until `body` returns, which the holder
///   guarantees by not releasing its retain (directly or through code `body` calls) while a
///   borrow is in progress — the passthrough subscriber defers its release while a delivery
///   runs (`depth`).
///
/// Why it is safe: every use goes through this type, whose holders are the three above; each
/// states which of the two ways keeps the object alive. What would break it: a new holder that
/// keeps an `UnretainedReference` past its object's life, or a release on a path that can run
/// twice.
///
/// Debug builds check both rules at every use: a weak shadow of the object, read before the
/// object is touched, stops a use after it was freed (or while its deinit runs), and a count of
/// the manual retains stops a release with none outstanding. Both are compiled out of release
/// builds, where this is one pointer.
struct UnretainedReference<Object: AnyObject>: @unchecked Sendable {
    private let unmanaged: Unmanaged<Object>
    #if DEBUG
    private let ledger: UnretainedReferenceLedger
    #endif

    /// A reference to `object` that does not retain it.
    // Always inlined, as every method here: out of line, a call from a generic class's
    // unspecialized code (SubjectEntry's init and dispose) asks the runtime for this type's
    // metadata each time (W17 +900 instructions per subscription, measured).
    @inline(__always)
    init(_ object: Object) {
        unmanaged = Unmanaged.passUnretained(object)
        #if DEBUG
        ledger = UnretainedReferenceLedger(object)
        #endif
    }

    /// A reference to `object` holding one manual retain of it, to give back with `release()`.
    static func retaining(_ object: Object) -> UnretainedReference {
        let reference = UnretainedReference(object)
        reference.retain()
        return reference
    }

    /// Retains the object, unless it has begun to deinitialize (the runtime's try-retain, what
    /// loading a weak reference uses: RACSwiftRuntimeShims); true if it did. A retain taken is
    /// given back with `release()`. The object's memory must still be allocated: call only from
    /// inside an open `SubscriptionGate` (GatedReference.swift), whose owner's deinit waits for
    /// the caller. Not checked against the debug ledger's weak shadow, which reads nil once the
    /// deinit has begun — exactly the case this answers.
    @inline(__always)
    func tryRetain() -> Bool {
        guard racswift_try_retain(unmanaged.toOpaque()) else { return false }
        #if DEBUG
        _ = ledger.retains.add(1)
        #endif
        return true
    }

    /// The object, with a retain taken by `tryRetain()` or `retain()` handed to the caller's
    /// strong reference (which gives it back when it goes out of use).
    @inline(__always)
    func takeRetainedObject() -> Object {
        #if DEBUG
        let outstanding = ledger.retains.add(-1)
        precondition(
            outstanding >= 0, "UnretainedReference<\(Object.self)>.takeRetainedObject(): no retain outstanding")
        #endif
        return unmanaged.takeRetainedValue()
    }

    /// The object, as a strong reference of the caller's.
    var object: Object {
        checkAlive()
        return unmanaged.takeUnretainedValue()
    }

    /// Runs `body` with the object, borrowed: no retain or release around it.
    @inline(__always)
    func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        checkAlive()
        return try unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// Whether this refers to `object`: an identity test of the two addresses, which touches
    /// neither object (so it is safe whatever the state of this reference's object).
    @inline(__always)
    func refers(to object: Object) -> Bool {
        unmanaged.toOpaque() == Unmanaged.passUnretained(object).toOpaque()
    }

    /// Takes a retain of the object, to give back with `release()`.
    @inline(__always)
    func retain() {
        checkAlive()
        _ = unmanaged.retain()
        #if DEBUG
        ledger.retains.add(1)
        #endif
    }

    /// Gives back one retain taken with `retain()` or `retaining(_:)`; may free the object.
    @inline(__always)
    func release() {
        checkAlive()
        #if DEBUG
        let outstanding = ledger.retains.add(-1)
        precondition(
            outstanding >= 0, "UnretainedReference<\(Object.self)>.release(): released with no retain outstanding")
        #endif
        unmanaged.release()
    }

    @inline(__always)
    private func checkAlive() {
        #if DEBUG
        precondition(
            ledger.object != nil, "UnretainedReference<\(Object.self)>: the object was used after it was freed")
        #endif
    }
}

#if DEBUG
/// What a debug build knows about an `UnretainedReference`'s object: whether it is alive, and
/// the manual retains outstanding (shared by the reference's copies, which stand for one
/// reference).
final class UnretainedReferenceLedger: @unchecked Sendable {
    weak var object: AnyObject?
    let retains = AtomicCounter()

    init(_ object: AnyObject) { self.object = object }
}
#endif
