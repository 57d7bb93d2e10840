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
/// What would break it: the child methods on an action's words (the function pointer read as an
/// object), `takeAction()` on a compound's, or a compound freed without `releaseSecond()` (a
/// leak). Debug builds check the first two: the words remember which form they were given
/// (`form`, a debug-only field) and each method stops with a precondition on the other form's.
struct DisposableContent {
    private var word: UnsafeRawPointer?
    private var object: AnyObject?
    #if DEBUG
    /// Which form the words hold, once given one (debug builds only: release layouts are the
    /// two words).
    private var form: Form?
    private enum Form { case action, children }

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
