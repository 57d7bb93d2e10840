/// What a `Disposable` holds in its two words: a plain disposable's action, or a compound's first
/// two children. A compound has no action, so its first two children take the action's place and
/// a compound is 48 bytes, not 64, a subject's entry 80, not 96 — every subscription makes at
/// least one (Benchmarks/HISTORY.md, "Issue 37: memory per live subscription, second pass
/// (helper, 2026-12-02)"). Two plain words, not an enum: an enum's destroy and pattern bindings
/// cost R6 +3.4 % and R7 +5.3 % instructions (same section).
///
/// Layout: `word` is the action's function pointer, or the second child retained by hand;
/// `object` is the action's context (nil for a closure that captures nothing), or the first
/// child. A closure is those two words (function, context) with the context a native Swift
/// object, so it is split and rebuilt with a bit cast that keeps its one reference to the
/// context in `object`.
///
/// Invariants — who may call what:
///
/// - A `Disposable` made with an action uses only `init(action:)` and `takeAction()`; a compound
///   only the child methods. Nothing else calls either: which form the words are in is decided
///   by the object's class, never read from the words.
/// - The second child, set with `setSecond(_:)`, is retained by hand and released exactly once:
///   by `takeSecond()`, or by `releaseSecond()` in the compound's deinit.
/// - Called only under the compound's lock (the children) or by the one disposer (the action).
///
/// - A third form, a closure of the owner's own (`init(closure:)`): a subject's `NextEntry`, a
///   compound that keeps its `next` closure here (its `ClosureSlot` field was 16 bytes more per
///   live subscription; Benchmarks/HISTORY.md, "Issue 37: the memory of a subject's
///   subscription, seventh pass"). The compound is told so (`CompoundDisposable.slotsHoldOwnContent`)
///   and then never uses the child methods on these words: its children all go to its `rest`
///   (the function pointer stays in `word` until `releaseClosure()`, so the slots read full),
///   and its disposal, removal, counts and deinit pass the words by. Only the owner calls the
///   closure methods, serialized (the subject's lock): `callClosure` while the context is held,
///   `takeClosureContext()` / `takeClosure()` once, `releaseClosure()` in its deinit.
/// - A fourth form, a reference of the owner's own (`init(ownerReference:)`): a subject's
///   `SubjectEntry`, a compound that keeps its subscriber, retained by hand
///   (`ManuallyRetained`), in `word` (its field was 8 bytes more per entry, three per
///   combineLatest of three; Benchmarks/HISTORY.md, "Issue 37: combineLatest's memory, eighth
///   pass"). The words start empty; the compound is told as for a closure
///   (`slotsHoldOwnContent`) and passes them by the same way. Only the owner calls the
///   reference methods, serialized (the subject's lock): `setOwnerReference` once, on empty
///   words; `withOwnerReference` (a call, borrowed) while it is set; `takeOwnerReference` once;
///   `clearOwnerReference()` in its deinit. `object` stays nil. The hand-made retain is the
///   owner's to give back, as it was in its own field: the words never release it.
/// - The context `takeClosureContext()` hands back is not released while a call through the
///   words may be running (a closure that ends its own subscription runs on): the owner keeps
///   it until its outermost send has ended, as `ClosureSlot`'s owner does (its invariants).
///
/// What would break it: the child methods on an action's words (the function pointer read as an
/// object), `takeAction()` on a compound's, a compound freed without `releaseSecond()` (a
/// leak), a compound using its slots on closure or reference words (the subscriber released
/// as a child), a call after the context was taken, or a reference set twice (a leak).
/// Debug builds check them: the words remember which form they were given (`form`, a debug-only
/// field) and each method stops with a precondition on another form's; a call on taken closure
/// words stops, and the taken context is, in debug builds, a `TakenClosure` whose deinit stops
/// the process if a call through the words is still running (`ClosureSlotLedger`).
struct DisposableContent {
    private var word: UnsafeRawPointer?
    private var object: AnyObject?
    #if DEBUG
    /// Which form the words hold, once given one (debug builds only: release layouts are the
    /// two words).
    private var form: Form?
    private enum Form { case action, children, closure, takenClosure, reference }
    /// The calls in progress through closure words (debug builds only).
    private var ledger: ClosureSlotLedger?

    private mutating func check(_ expected: Form, _ function: StaticString = #function) {
        precondition(form == nil || form == expected, "DisposableContent.\(function): the words hold \(form.map { "\($0)" } ?? "nothing")")
        form = expected
    }
    #endif

    /// Nothing: no action, no children.
    init() {}

    /// A plain disposable's action.
    init(action: @escaping () -> Void) {
        let (function, context) = unsafeBitCast(action, to: (UnsafeRawPointer, AnyObject?).self)
        word = function
        object = context
        #if DEBUG
        form = .action
        #endif
    }

    /// The action, moved out (nil if there is none or it was taken).
    mutating func takeAction() -> (() -> Void)? {
        #if DEBUG
        check(.action)
        #endif
        guard let function = word else { return nil }
        word = nil
        var context: AnyObject?
        swap(&context, &object)
        return unsafeBitCast((function, context), to: (() -> Void).self)
    }

    // MARK: A compound's first two children

    var hasFirst: Bool { object != nil }
    var hasSecond: Bool { word != nil }

    func isFirst(_ child: Disposable) -> Bool { object === child }
    func isSecond(_ child: Disposable) -> Bool { word == UnsafeRawPointer(Unmanaged.passUnretained(child).toOpaque()) }

    /// Sets the first slot (which must be empty).
    mutating func setFirst(_ child: Disposable) {
        #if DEBUG
        check(.children)
        #endif
        object = child
    }

    /// Sets the second slot (which must be empty), retaining `child` by hand.
    mutating func setSecond(_ child: Disposable) {
        #if DEBUG
        check(.children)
        #endif
        word = UnsafeRawPointer(Unmanaged.passRetained(child).toOpaque())
    }

    /// Moves the first child out.
    mutating func takeFirst() -> Disposable? {
        #if DEBUG
        check(.children)
        #endif
        var taken: AnyObject?
        swap(&taken, &object)
        guard let taken else { return nil }
        return unsafeDowncast(taken, to: Disposable.self)
    }

    /// Moves the second child out, with the reference retained by hand.
    mutating func takeSecond() -> Disposable? {
        #if DEBUG
        check(.children)
        #endif
        guard let taken = word else { return nil }
        word = nil
        return Unmanaged<Disposable>.fromOpaque(taken).takeRetainedValue()
    }

    /// For the compound's deinit: releases the second child, if there is one.
    mutating func releaseSecond() {
        #if DEBUG
        check(.children)
        #endif
        if let taken = word {
            word = nil
            Unmanaged<Disposable>.fromOpaque(taken).release()
        }
    }
}

// MARK: A closure of the owner's own (NextEntry)

extension DisposableContent {
    /// The closure, as a noncopyable struct's field: read through a pointer to the words, a
    /// borrow of it is a borrow of the closure (no retain of its context; a closure rebuilt from
    /// the words with `unsafeBitCast` is copied for the call, measured in "Issue 37: the memory
    /// of a subject's subscription, third pass").
    private struct BorrowedClosure<Argument>: ~Copyable {
        let closure: (Argument) -> Void
    }

    /// The closure as a struct's field, to cast to its two words (function, context): a closure
    /// of a generic type passed as the cast's generic argument is reabstracted through a thunk
    /// allocated per cast (measured, `ClosureSlot.take()`).
    private struct ClosureWords<Argument> {
        let closure: (Argument) -> Void

        @inline(__always)
        init(closure: @escaping (Argument) -> Void) { self.closure = closure }
    }

    /// Words holding `closure` (its one reference to its context in `object`), for the owner's
    /// init to hand to `Disposable`'s: set after it, on the object, the words cost a retain
    /// and two releases of the object (W17 2,012.6 instead of 1,940.8 instructions per
    /// subscription, measured).
    @inline(__always)
    init<Argument>(closure: consuming @escaping (Argument) -> Void) {
        // Cast to its two words (a copy: a retain of the context, and the release of the
        // consumed closure), then moved into the words through a pointer: assigned, the old,
        // empty words are released (a call); a generic value moved there instead is
        // initialized through its type's witness, looked up at run time from the entry's
        // generic code (W17 2,343 instead of 1,940.8 instructions per subscription, measured).
        self.init()
        let words = unsafeBitCast(ClosureWords(closure: closure), to: (UnsafeRawPointer, AnyObject?).self)
        Self.place(words, in: &self)
        #if DEBUG
        form = .closure
        ledger = ClosureSlotLedger()
        #endif
    }

    @inline(__always)
    private static func place(_ words: consuming (UnsafeRawPointer, AnyObject?), in content: UnsafeMutablePointer<DisposableContent>) {
        UnsafeMutableRawPointer(content).assumingMemoryBound(to: (UnsafeRawPointer, AnyObject?).self).initialize(to: words)
    }

    /// Calls the closure with `argument`, borrowed: no retain or release of its context. Only
    /// while the context is held (not taken).
    @inline(__always)
    mutating func callClosure<Argument>(_ argument: Argument) {
        #if DEBUG
        precondition(form == .closure, "DisposableContent.callClosure: the words hold \(form.map { "\($0)" } ?? "nothing")")
        let ledger = self.ledger!
        ledger.callsInProgress.add(1)
        defer { ledger.callsInProgress.add(-1) }
        #endif
        // Through a `borrowing` parameter: the pointee's field called directly is copied (a
        // retain and a release per call, W1 135.0 → 184.0 instructions per value, measured).
        withUnsafeMutablePointer(to: &self) { words in
            Self.call(UnsafeMutableRawPointer(words).assumingMemoryBound(to: BorrowedClosure<Argument>.self).pointee, argument)
        }
    }

    @inline(__always)
    private static func call<Argument>(_ borrowed: borrowing BorrowedClosure<Argument>, _ argument: Argument) {
        borrowed.closure(argument)
    }

    /// Whether the closure's context is still held (not taken): debug builds only, where a
    /// closure that captures nothing is told apart from a taken one.
    #if DEBUG
    var holdsClosure: Bool { form == .closure }
    #endif

    /// Takes the closure's context out, retained by hand (nil if the closure captures nothing
    /// or it was taken already; in debug builds a `TakenClosure` holding the closure), for the
    /// owner to release once no call through the words can be running. The function pointer
    /// stays, so that the compound's slots still read full.
    @inline(__always)
    mutating func takeClosureContext<Argument>(as argument: Argument.Type) -> ManuallyRetained<AnyObject>? {
        #if DEBUG
        guard form == .closure else {
            precondition(form == .takenClosure, "DisposableContent.takeClosureContext: the words hold \(form.map { "\($0)" } ?? "nothing")")
            return nil
        }
        form = .takenClosure
        let closure = unsafeBitCast((word!, object), to: ClosureWords<Argument>.self).closure
        object = nil
        return .retain(TakenClosure(closure, ledger: ledger!))
        #else
        var context: AnyObject?
        swap(&context, &object)
        guard let context else { return nil }
        // `.retain` then dropping `context` leaves the words' one reference with the caller.
        return .retain(context)
        #endif
    }

    /// Takes the closure out, as a closure (nil if its context was taken already).
    mutating func takeClosure<Argument>(as argument: Argument.Type) -> ((Argument) -> Void)? {
        #if DEBUG
        guard form == .closure else { return nil }
        form = .takenClosure
        #endif
        guard let function = word else { return nil }
        var context: AnyObject?
        swap(&context, &object)
        return unsafeBitCast((function, context), to: ClosureWords<Argument>.self).closure
    }

    /// For the owner's deinit: lets go of the closure if it is still held and empties the words,
    /// so that the compound's deinit finds no second child.
    mutating func releaseClosure() {
        #if DEBUG
        precondition(form == .closure || form == .takenClosure, "DisposableContent.releaseClosure: the words hold \(form.map { "\($0)" } ?? "nothing")")
        form = nil
        #endif
        word = nil
        object = nil
    }
}

// MARK: A reference of the owner's own (SubjectEntry)

extension DisposableContent {
    /// Empty words for a reference of the owner's own, set later (`setOwnerReference`).
    @inline(__always)
    init(ownerReference: Void) {
        self.init()
        #if DEBUG
        form = .reference
        #endif
    }

    /// Keeps `reference` (its hand-made retain with it) in the words, which hold none.
    @inline(__always)
    mutating func setOwnerReference<Object>(_ reference: ManuallyRetained<Object>) {
        #if DEBUG
        precondition(form == .reference && word == nil, "DisposableContent.setOwnerReference: the words hold \(form.map { "\($0)" } ?? "nothing")\(word == nil ? "" : ", a reference")")
        #endif
        word = reference.opaque
    }

    /// Calls `body` with the object the reference names, borrowed (no retain or release around
    /// it); only while the reference is set. Straight from the word: through an optional
    /// `ManuallyRetained` in the entry's generic code, each delivered value cost 19
    /// instructions more (W2, measured).
    @inline(__always)
    mutating func withOwnerReference<Object: AnyObject>(as type: Object.Type, _ body: (Object) -> Void) {
        #if DEBUG
        precondition(form == .reference && word != nil, "DisposableContent.withOwnerReference: the words hold \(form.map { "\($0)" } ?? "nothing")\(word == nil ? ", no reference" : "")")
        #endif
        Unmanaged<Object>.fromOpaque(word.unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }

    /// Takes the reference out (nil if none is set), its hand-made retain with it, typed as
    /// `AnyObject` (what the subject's list of released subscribers holds): made as the
    /// object's own type in the entry's generic code, it was an out-of-line generic call per
    /// subscription (Z1, measured).
    @inline(__always)
    mutating func takeOwnerReference() -> ManuallyRetained<AnyObject>? {
        #if DEBUG
        precondition(form == .reference, "DisposableContent.takeOwnerReference: the words hold \(form.map { "\($0)" } ?? "nothing")")
        #endif
        guard let taken = word else { return nil }
        word = nil
        return ManuallyRetained(opaque: taken)
    }

    /// For the owner's deinit: empties the words, so that the compound's deinit finds no second
    /// child. A reference still set is not released (as its own field was not).
    @inline(__always)
    mutating func clearOwnerReference() {
        #if DEBUG
        precondition(form == .reference, "DisposableContent.clearOwnerReference: the words hold \(form.map { "\($0)" } ?? "nothing")")
        form = nil
        #endif
        word = nil
    }
}
