/// A disposable that disposes a group of others (RACCompoundDisposable).
///
/// Adding to a compound that is already disposed disposes the newcomer at once. Disposing
/// disposes every child exactly once, in the order they were added, also when children are
/// added concurrently, and then releases them. Removing a child takes constant time on
/// average however many children there are (a `flattenMap` with thousands of live inner
/// subscriptions removes each one as it ends).
public class CompoundDisposable: Disposable, @unchecked Sendable {
    // Not `final` only so that a subject's subscription can be one (`SubjectEntry`: the
    // compound and the subject's record of its subscriber in one object); every member but
    // `dispose()` is `final`, so nothing else pays for it.
    //
    /// Whether `content` holds what the subclass keeps there itself instead of the first two
    /// children — a subject entry's closure (`NextEntry`) or subscriber (`SubjectEntry`): then
    /// every child goes to `rest`, and the disposal, removal, counts and deinit pass the words
    /// by (Memory/DisposableContent.swift states the invariants). One byte in the padding
    /// behind `Disposable`'s flag: no compound grows.
    final let slotsHoldOwnContent: Bool
    private let lock = UnfairLock()
    // Guarded by `lock`; the optimizer drops these private fields' dynamic exclusivity checks
    // itself (W6, R5, R6, R7, D1 unchanged with `@exclusivity(unchecked)`;
    // Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two"). Most
    // compounds hold zero to two children: those live in `first` and `second`, and `rest`
    // (which allocates) is used only from the third child on. Children are kept in the order
    // they were added: `first`, `second`, then `rest`. A removal leaves `first` or `second`
    // empty rather than shifting the others, so a newcomer goes into them only while
    // everything after them is empty.
    // `first` and `second` are in `Disposable`'s `content`, the two words a plain disposable
    // keeps its action in.
    private var rest = Rest.small([])
    // No count of additions here: only the indexed children number theirs (`IndexedChildren`
    // counts them), so a compound is 64 bytes, not 72, and a subject's entry 96 — every
    // subscription makes at least one (Benchmarks/HISTORY.md, "Issue 37: memory per live
    // subscription, second pass (helper, 2026-12-02)").

    /// Names one addition made with `addRemovable`, for `remove(_:addedAs:)`: removing
    /// it from among many children then takes no hashing (a `flattenMap` with thousands of
    /// live inner subscriptions removes each as it ends). Only the compound that gave it out
    /// understands it.
    struct Removal {
        /// The additions made while the children are indexed are numbered from 1 in the order
        /// they are made (`IndexedChildren` counts them), so the numbers of the children kept
        /// in order are sorted; 0 for any other addition, which names nothing (such a child is
        /// found by identity).
        fileprivate let number: UInt
    }

    /// From the third child on. Up to `Rest.indexThreshold` children, a plain array searched
    /// from the end on removal (the common case: few children, the newest removed first); from
    /// there on, `IndexedChildren`, where a removal is a hash lookup (a binary search by
    /// number for a child added by `addRemovable`, a look at the removal hint or a search of
    /// at most 32 slots for one that was in the plain array) and leaves a hole.
    /// One word either way, as the plain array was.
    private enum Rest {
        case small([Disposable])
        case indexed(IndexedChildren)

        static let indexThreshold = 32

        var isEmpty: Bool {
            switch self {
            case .small(let children): children.isEmpty
            case .indexed(let indexed): indexed.live == 0
            }
        }

        var count: Int {
            switch self {
            case .small(let children): children.count
            case .indexed(let indexed): indexed.live
            }
        }
    }

    // MARK: The trace probes (Tracing/TraceProbes.swift), out of line

    /// The number of children, read under `lock` (just after the change it reports, so a
    /// concurrent change may already be in it).
    private final func childCount() -> Int {
        lock.withLock { inlineChildCount + rest.count }
    }

    /// The number of children now (what the trace probes report; the tests read it).
    final var childrenCount: Int { childCount() }

    @inline(never)
    private final func traceAdded() { traceAdded(total: childCount()) }

    @inline(never)
    private final func traceRemoved() { traceRemoved(total: childCount()) }

    @inline(never)
    private final func traceFreed() {
        if isDisposed { return }
        let count = inlineChildCount + rest.count
        if count > 0 { traceLetGo(count) }
    }

    @inline(never)
    private static func traceLetGo(_ compound: CompoundDisposable, _ first: Disposable?, _ second: Disposable?, _ rest: Rest) {
        let count = (first == nil ? 0 : 1) + (second == nil ? 0 : 1) + rest.count
        if count > 0 { compound.traceLetGo(count) }
    }

    /// An empty compound. (Every subscription makes one: this skips the array.)
    override public init() {
        slotsHoldOwnContent = false
        super.init()
    }

    /// An empty compound whose words hold the subclass's own (`ownContent`, made with
    /// `DisposableContent(closure:)` or `DisposableContent(ownerReference:)`).
    init(ownContent: consuming DisposableContent) {
        slotsHoldOwnContent = true
        super.init(content: ownContent)
    }

    /// A compound holding `disposables`.
    public init(_ disposables: [Disposable]) {
        slotsHoldOwnContent = false
        super.init()
        for disposable in disposables { append(disposable) }
        if _slowPath(tracingIsOn) {
            for _ in disposables { traceAdded() }
        }
    }

    /// The children in `first` and `second`, 0 to 2; under `lock`.
    private final var inlineChildCount: Int {
        if slotsHoldOwnContent { return 0 }
        return (content.hasFirst ? 1 : 0) + (content.hasSecond ? 1 : 0)
    }

    deinit {
        // A compound freed undisposed lets go of its children too (the trace's live count).
        if _slowPath(tracingIsOn) { traceFreed() }
        // Words of the owner's own are emptied by its deinit, which ran first.
        content.releaseSecond()
    }

    /// Called with `lock` held (or during init). `removable`: added by `addRemovable`. Returns
    /// the addition's number (see `Removal`).
    @discardableResult
    private final func append(_ disposable: Disposable, removable: Bool = false) -> UInt {
        // Words holding the owner's own hold no child and are not read here (the owner's
        // subject uses and takes them under its own lock): every child goes to `rest`.
        if rest.isEmpty, !slotsHoldOwnContent {
            if !content.hasSecond {
                if !content.hasFirst {
                    content.setFirst(disposable)
                } else {
                    content.setSecond(disposable)
                }
                return 0
            }
        }
        switch rest {
        case .small(var children):
            if children.count < Rest.indexThreshold {
                // Moved out and back so the append does not copy the array.
                rest = .small([])
                children.append(disposable)
                rest = .small(children)
                return 0
            } else {
                let indexed = IndexedChildren(children)
                let number = indexed.append(disposable, removable: removable)
                rest = .indexed(indexed)
                return number
            }
        case .indexed(let indexed):
            return indexed.append(disposable, removable: removable)
        }
    }

    /// Adds `disposable` (nil is ignored); disposes it at once if this compound is disposed.
    public final func add(_ disposable: Disposable?) {
        guard let disposable else { return }
        // The disposed flag is set under `lock` (see `dispose`), so a child is either taken
        // by the disposing caller or disposed here — never both, never neither.
        lock.lock()
        if isDisposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        append(disposable)
        lock.unlock()
        // The probe's work stays out of line, so that this path compiles as it did without it.
        if _slowPath(tracingIsOn) { traceAdded() }
    }

    /// `add`, for a child that will be removed with `remove(_:addedAs:)` (and only so: `remove(_:)`
    /// does not find it among many children).
    final func addRemovable(_ disposable: Disposable) -> Removal {
        lock.lock()
        if isDisposed {
            lock.unlock()
            disposable.dispose()
            return Removal(number: 0)  // names nothing
        }
        let removal = Removal(number: append(disposable, removable: true))
        lock.unlock()
        if _slowPath(tracingIsOn) { traceAdded() }
        return removal
    }

    /// Removes `disposable`'s addition named `removal` (what `addRemovable` returned for it)
    /// without disposing it.
    final func remove(_ disposable: Disposable, addedAs removal: Removal) {
        var removed: Disposable?
        lock.lock()
        if case .indexed(let indexed) = rest {
            removed = indexed.remove(disposable, addedAs: removal.number)
            if removed != nil, indexed.live == 0 { rest = .small([]) }
        }
        // Not among the indexed children: in the inline slots or the plain array, or indexed
        // while they were a plain array (see `IndexedChildren.init`), where `remove(_:)` finds it.
        if removed == nil { removed = removeHoldingLock(disposable) }
        lock.unlock()
        if _slowPath(tracingIsOn), removed != nil { traceRemoved() }
        _ = removed
    }

    /// Removes `disposable` without disposing it, so a finished inner subscription stops
    /// costing memory (RAC purges them the same way). If it was added more than once, the
    /// latest addition goes.
    public final func remove(_ disposable: Disposable) {
        // Released outside the lock: freeing it may run code that comes back here.
        lock.lock()
        let removed = removeHoldingLock(disposable)
        lock.unlock()
        if _slowPath(tracingIsOn), removed != nil { traceRemoved() }
        _ = removed
    }

    /// `remove(_:)` with `lock` held; returns the removed child, for the caller to release
    /// once it has unlocked.
    private final func removeHoldingLock(_ disposable: Disposable) -> Disposable? {
        var removed: Disposable?
        switch rest {
        case .small(var children):
            if let index = children.lastIndex(where: { $0 === disposable }) {
                rest = .small([])
                removed = children.remove(at: index)
                rest = .small(children)
            }
        case .indexed(let indexed):
            removed = indexed.remove(disposable)
            if removed != nil, indexed.live == 0 { rest = .small([]) }
        }
        // Not the words of a compound holding its own, which hold no child (a closure's context
        // or a subscriber, which its owner takes under another lock).
        if removed == nil, !slotsHoldOwnContent {
            if content.isSecond(disposable) {
                removed = content.takeSecond()
            } else if content.isFirst(disposable) {
                removed = content.takeFirst()
            }
        }
        return removed
    }

    /// Disposes every disposable it holds, once; disposables added afterwards are disposed at
    /// once (RAC's `-dispose`). Thread-safe.
    override public func dispose() {
        _ = disposeChildren()
    }

    /// `dispose()` without what a subclass adds to it: true for the one caller that disposed.
    final func disposeChildren() -> Bool {
        guard beginDisposal(locking: lock) else { return false }
        // Words holding the owner's own are not read here: the owner's subject uses and
        // takes them under its own lock (ThreadSanitizer reports the access to `content` racing).
        // Most such compounds (a subject's entries) have no children: that test is made here,
        // as the other form's is below, not in an out-of-line call (Z1 +16 instructions per
        // inner, measured).
        if slotsHoldOwnContent {
            if rest.isEmpty {
                lock.unlock()
                return true
            }
            return disposeRestHoldingLock()
        }
        if !content.hasFirst, !content.hasSecond, rest.isEmpty {
            // Empty: nothing to take or release.
            lock.unlock()
            return true
        }
        let takenFirst = content.takeFirst(), takenSecond = content.takeSecond(), takenRest = rest
        rest = .small([])
        lock.unlock()
        if _slowPath(tracingIsOn) { Self.traceLetGo(self, takenFirst, takenSecond, takenRest) }
        takenFirst?.dispose()
        takenSecond?.dispose()
        Self.dispose(takenRest)
        return true
    }

    /// Disposes the children taken out of `rest`, in their order. Always inlined: both disposal
    /// paths call it, and the common one should stay as it was written in place.
    @inline(__always)
    private static func dispose(_ takenRest: Rest) {
        switch takenRest {
        case .small(let children):
            for child in children { child.dispose() }
        case .indexed(let indexed):
            for child in indexed.children { child?.dispose() }
        }
    }

    /// `disposeChildren()` past its marking, for a compound whose words hold its own: its
    /// children are all in `rest`, which is not empty. Called with `lock` held; unlocks.
    private final func disposeRestHoldingLock() -> Bool {
        let takenRest = rest
        rest = .small([])
        lock.unlock()
        if _slowPath(tracingIsOn) { Self.traceLetGo(self, nil, nil, takenRest) }
        Self.dispose(takenRest)
        return true
    }
}
