#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// An unretained reference from a subscription to the object it subscribed to (a subject),
/// usable only through a gate the object closes before it goes away.
///
/// Why unretained: a subscription must not keep its subject alive, and a weak reference would
/// give the subject a side table, which sends every retain and release of it — one per send
/// in a `flattenMap` of subjects — down the runtime's slow path (BENCHMARKS.md, D1).
///
/// Invariants — what it assumes, who may call what:
///
/// - The object (the *owner* of the gate) opens the gate once, when it lists the holder
///   (`open()`), and closes it once, under its own lock, when the holder leaves its list other
///   than by the holder's own disposal, or at the latest in its deinit (`close()`). A holder
///   that is never listed keeps the gate closed.
/// - One caller at a time may *visit* (the one that won the holder's disposal). A visit is
///   `visitRetaining(_:)`: it enters the gate (one atomic add), and only if the gate was open
///   reads the object's reference count, trying to retain it; then it leaves, and the caller
///   uses the object through that retain. Entering and closing are read-modify-writes of one atomic, so they are ordered:
///   a visitor that entered an open gate is seen by `close()` (it reports a visitor inside), and
///   the owner's deinit waits (`waitForVisitor()`, its lock released) until the visitor has
///   left — so the object's memory is still allocated while the visitor tries to retain it.
/// - The try-retain succeeds only while the object is not being deinitialized. If it succeeds,
///   the caller holds a strong reference until it is done: the object cannot begin to
///   deinitialize before that, so nothing the caller does, nor any retain and release the
///   compiler adds around it (a debug build retains `self` for the closures of a subject's
///   `unregister`), can free it under the body's feet. That release may be the last one: the
///   deinit then runs on the visitor's thread, after the body, outside the gate. If the
///   try-retain fails, the deinit has begun on another thread and is waiting for this visitor:
///   the body is not run, and the deinit does what the body would have (it ends every entry).
///
/// What would break it: using the reference other than through `visitRetaining`; closing the gate more
/// than once or not under the owner's lock; a deinit that frees the object without waiting for a
/// visitor `close()` reported; a second concurrent visitor. Debug builds check the gate's counts
/// (one opening, one closing, at most one visitor, never a negative count) and that a deinit does
/// not wait for a visitor on its own thread (which could never leave).
///
/// (Before this primitive, a disposer that had removed its own entry kept using the subject
/// after unlocking it, with nothing keeping the subject alive: issue 39, defect 1.)
struct SubscriptionGate: ~Copyable {
    /// `open` while the gate is open, plus the visitors inside (at most one).
    // 32 bits (`AtomicCounter32`), so that a subject's entry keeps its 32-bit list index and its
    // gate in one word: 8 bytes per live subscription of a subject (Benchmarks/HISTORY.md,
    // "Issue 37: the memory of a subject's subscription, sixth pass"). The count is at most
    // `open` plus one visitor and never negative (each subtraction follows its own addition).
    private let count = AtomicCounter32()
    /// Far beyond any number of visitors inside (at most one), and within the count's 32 bits.
    private static var open: Int { 1 << 20 }
    #if DEBUG
    /// The visitor's thread while one is inside (debug builds: `waitForVisitor` checks it).
    private let visitorThread = AtomicCounter()
    /// Openings and closings so far (debug builds: each happens at most once).
    private let openings = AtomicCounter()
    private let closings = AtomicCounter()
    #endif

    init() {}

    /// For the owner, under its lock, once, as it lists the holder.
    func openGate() {
        #if DEBUG
        precondition(openings.add(1) == 1, "SubscriptionGate: opened twice")
        precondition(closings.value == 0, "SubscriptionGate: opened after it was closed")
        #endif
        _ = count.add(Self.open)
    }

    /// For the owner, under its lock, once, as the holder leaves its list other than by its own
    /// disposal (or at its deinit). True if a visitor is inside: the owner must not free itself
    /// before `waitForVisitor()` returns.
    func closeGate() -> Bool {
        #if DEBUG
        precondition(closings.add(1) == 1, "SubscriptionGate: closed twice")
        precondition(openings.value == 1, "SubscriptionGate: closed without being opened")
        #endif
        let remaining = count.add(-Self.open)
        #if DEBUG
        precondition(remaining >= 0 && remaining <= 1, "SubscriptionGate: \(remaining) visitors inside")
        #endif
        return remaining != 0
    }

    /// After `closeGate()`: whether the visitor that was inside has yet to leave.
    var hasVisitorInside: Bool { count.value != 0 }

    /// After `closeGate()` reported a visitor inside, for the owner's deinit (its lock
    /// released): returns once the visitor has left. A visit lasts one try-retain.
    func waitForVisitor() {
        #if DEBUG
        precondition(UInt(bitPattern: visitorThread.value) != currentThreadID() || !hasVisitorInside,
                     "SubscriptionGate: a deinit waits for a visitor on its own thread")
        #endif
        while hasVisitorInside { sched_yield() }
    }

    /// For the one visitor: retains `reference`'s object if the gate is open and the object is
    /// not being deinitialized, and says whether it did; the retain is the caller's, to take
    /// with `reference.takeRetainedObject()`.
    ///
    /// Always inlined, and with no closure or optional of the object's type: called from a
    /// generic class's unspecialized code (`SubjectEntry.dispose`), either asks the runtime for
    /// the subject's metadata at every disposal (W17 2,919 → 3,818 instructions per
    /// subscription, measured).
    @inline(__always)
    func visitRetaining<Object: AnyObject>(_ reference: UnretainedReference<Object>) -> Bool {
        #if DEBUG
        _ = visitorThread.add(Int(bitPattern: currentThreadID()))
        #endif
        let entered = count.add(1)
        #if DEBUG
        precondition(entered == 1 || entered == Self.open + 1, "SubscriptionGate: two visitors inside")
        #endif
        let retained = entered > Self.open && reference.tryRetain()
        #if DEBUG
        _ = visitorThread.add(-Int(bitPattern: currentThreadID()))
        #endif
        _ = count.add(-1)
        return retained
    }
}

