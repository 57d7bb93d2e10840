/// A closure held in an object's mutable field, called borrowed — without a retain and release
/// of its context around each call — and taken out by hand when its owner is done with it: the
/// `next` closure of a subject's `subscribeNext` entry (`NextEntry`), which the subject calls per
/// value under its lock and lets go of when the subscription ends, while the entry itself (the
/// disposable `subscribeNext` returned) may live on.
///
/// Why a primitive: a closure read from a mutable field is copied (its context retained) for
/// the call and released after it — about 20 instructions per value, an eighth of W1's send —
/// because nothing tells the compiler the field is not changed during the call. A `let` closure
/// is borrowed, but cannot be let go of before its object is freed. Here the closure sits in a
/// noncopyable value, so a call through a borrow of it is a borrow of the closure (no copy,
/// measured: `callq *` and no `swift_retain`), and taking it out is a move.
///
/// Invariants — what it assumes, who may call what:
///
/// - One owner calls and takes, serialized (a subject: under its lock); the field holding the
///   slot is `@exclusivity(unchecked)`, so nothing checks at run time that a take does not
///   overlap a call. One may: a closure that ends its own subscription (a subscriber disposing
///   from inside its `next`) has its slot taken while its call is still running.
/// - Hence the rule the owner keeps: what `take()` hands back — the closure's context, retained
///   by hand — is not released while a call through the slot may be running. The subject keeps
///   it until its outermost send has ended (`Subject.release(whenNoSend:)`). The call in
///   progress keeps using the closure it borrowed (its function and context, loaded before the
///   take), which stays alive with that retain.
/// - `call(_:)` only while the closure is held (the subject calls only entries it lists, and
///   takes the closure only once it has stopped listing one).
///
/// What would break it: releasing the taken context while its call is still running (the
/// closure would run on freed captures), or calling a slot whose closure was taken. Debug
/// builds check both: a call on a taken slot stops with a precondition, and `take()` hands back,
/// in place of the context, an object holding the closure (`TakenClosure`) whose deinit stops
/// the process if a call through the slot is still running (`ClosureSlotLedger` counts them) —
/// so a release too early stops the tests (ClosureSlotTests, the subject tests). (A weak shadow
/// of the context cannot do it: a closure's context is not a class instance, and a weak
/// reference to one reads nil at once.)
struct ClosureSlot<Argument>: ~Copyable {
    /// The closure, or nil once taken. Noncopyable, so that reading it for a call borrows it.
    private var held: Held?
    #if DEBUG
    private let ledger: ClosureSlotLedger
    #endif

    /// The closure, in a noncopyable box: a borrow of the box is a borrow of the closure (an
    /// optional closure read for a call is copied, measured).
    private struct Held: ~Copyable {
        let closure: (Argument) -> Void
    }

    init(_ closure: @escaping (Argument) -> Void) {
        #if DEBUG
        ledger = ClosureSlotLedger()
        #endif
        held = Held(closure: closure)
    }

    #if DEBUG
    @inline(__always)
    private init(held: consuming Held?, ledger: ClosureSlotLedger) {
        self.held = held
        self.ledger = ledger
    }
    #else
    @inline(__always)
    private init(held: consuming Held?) {
        self.held = held
    }
    #endif

    /// The closure as a struct's field, to cast to its two words (function, context).
    private struct ClosureWords {
        let closure: (Argument) -> Void

        @inline(__always)
        init(closure: @escaping (Argument) -> Void) { self.closure = closure }
    }

    /// Whether the closure is still held (not taken).
    @inline(__always)
    var isHeld: Bool {
        switch held {
        case .some: true
        case .none: false
        }
    }

    /// Calls the closure with `argument`, borrowed: no retain or release of its context.
    @inline(__always)
    borrowing func call(_ argument: Argument) {
        #if DEBUG
        precondition(held != nil, "ClosureSlot.call: the closure was taken")
        ledger.callsInProgress.add(1)
        defer { ledger.callsInProgress.add(-1) }
        #endif
        switch held {
        case .some(let box): box.closure(argument)
        case .none: break
        }
    }

    /// Takes the closure out and hands back what keeps its captures alive, retained by hand —
    /// its context (nil if the closure captures nothing, or was taken already); in debug builds
    /// a `TakenClosure` holding it — for the caller to release once no call through the slot
    /// can be running.
    @inline(__always)
    mutating func take() -> ManuallyRetained<AnyObject>? {
        // Moved out by hand, not with `Optional.take()`: that is a generic call, which from a
        // generic class's unspecialized code (`NextEntry.takeSubscriber`) asks the runtime for
        // the metadata of `Held` and of its optional at every take (W17 +390 instructions per
        // subscription, measured); this, inlined, is loads and stores.
        #if DEBUG
        let ledger = self.ledger
        let taken = held
        self = ClosureSlot(held: nil, ledger: ledger)
        #else
        let taken = held
        self = ClosureSlot(held: nil)
        #endif
        switch consume taken {
        case .some(let box):
            #if DEBUG
            return .retain(TakenClosure(box.closure, ledger: ledger))
            #else
            // Cast inside a struct: a closure of a generic type passed as the cast's generic
            // argument is reabstracted, through a thunk allocated per take (measured).
            let words = ClosureWords(closure: box.closure)
            guard let context = unsafeBitCast(words, to: (UnsafeRawPointer, AnyObject?).self).1 else { return nil }
            return .retain(context)
            #endif
        case .none:
            return nil
        }
    }

    /// Takes the closure out, as a closure (nil if it was taken already).
    mutating func takeClosure() -> ((Argument) -> Void)? {
        guard let box = held.take() else { return nil }
        return box.closure
    }
}

#if DEBUG
/// The calls in progress through one `ClosureSlot` (debug builds), shared with what `take()`
/// hands back.
final class ClosureSlotLedger: @unchecked Sendable {
    let callsInProgress = AtomicCounter()
}

/// What a debug build's `take()` hands back: the closure, kept until it is released, which
/// must not happen while a call through its slot is running.
final class TakenClosure<Argument>: @unchecked Sendable {
    private let closure: (Argument) -> Void
    private let ledger: ClosureSlotLedger

    init(_ closure: @escaping (Argument) -> Void, ledger: ClosureSlotLedger) {
        self.closure = closure
        self.ledger = ledger
    }

    deinit {
        precondition(ledger.callsInProgress.value == 0, "ClosureSlot: the closure was released while a call through it was running")
    }
}
#endif
