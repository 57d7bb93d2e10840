/// A handle that cancels work or releases resources, once (RACDisposable).
///
/// `dispose()` is idempotent and thread-safe: whichever thread gets there first runs the
/// action; every later call does nothing. Subclasses override `dispose()` and call `super`.
open class Disposable: @unchecked Sendable {
    // The action: written once at init; read and cleared only by the single winner of
    // `disposed.set()`. A compound's first two children instead (`DisposableContent`, in the
    // fenced layer), guarded by its lock; or a subject entry's own closure or subscriber
    // (`NextEntry`, `SubjectEntry`; `CompoundDisposable.slotsHoldOwnContent`), guarded by the
    // subject's lock.
    // Unchecked: guarded by the compound's lock or the one disposer; with its dynamic check, R6
    // 19,716.8 instructions per cycle instead of 17,384.1 (Benchmarks/HISTORY.md, "Issue 37:
    // memory per live subscription, second pass (helper, 2026-12-02)").
    @exclusivity(unchecked) final var content: DisposableContent
    // After `content`, so that a subclass's first field packs right behind this flag (one byte
    // on Linux) instead of behind seven bytes of padding (issue 37, memory per live subscription).
    private let disposed = AtomicFlag()

    /// A disposable with nothing to do but remember that it was disposed.
    public init() {
        content = DisposableContent()
    }

    /// A disposable whose words hold what a subclass put there (`CompoundDisposable`'s forms of
    /// the owner's own; Memory/DisposableContent.swift).
    init(content: consuming DisposableContent) {
        self.content = content
    }

    /// A disposable that runs `action` on the first `dispose()` and then releases it
    /// (RAC: `+disposableWithBlock:`).
    public init(_ action: @escaping @Sendable () -> Void) {
        content = DisposableContent(action: action)
    }

    /// Whether `dispose()` has been called.
    public final var isDisposed: Bool { disposed.isSet }

    /// Runs the action, once. Safe to call from any thread, any number of times.
    open func dispose() {
        guard disposed.set() else { return }
        if let action = content.takeAction() { action() }
    }

    /// A disposable that disposes this one when it is deinitialized
    /// (RAC: `-asScopedDisposable`).
    public func asScopedDisposable() -> ScopedDisposable {
        ScopedDisposable(self)
    }

    /// Marks the disposable disposed; true for the one caller that did so. For subclasses
    /// that keep their own state and must know whether they are the disposing caller.
    final func markDisposed() -> Bool {
        disposed.set()
    }

    /// `markDisposed()` for a subclass that marks only while holding its own lock, which
    /// makes the atomic exchange unnecessary.
    final func markDisposedHoldingLock() -> Bool {
        disposed.setExclusively()
    }

    /// The start of `dispose()` in a container that keeps what it disposes under `lock`
    /// (CompoundDisposable, SerialDisposable): true for the one caller that disposes, which
    /// returns holding `lock` — it takes the contents, unlocks, then disposes them — and false,
    /// with `lock` not held, for every other caller.
    ///
    /// Marked inside the lock, so that a concurrent addition either sees the mark and disposes
    /// its newcomer itself or is taken by the disposing caller — never both, never neither —
    /// and an event path that checks `isDisposed` sees it at once. An owner disposing again a
    /// container that ended on its own (the common case for a subscription) pays a load, not a
    /// lock round trip.
    final func beginDisposal(locking lock: borrowing UnfairLock) -> Bool {
        if isDisposed { return false }
        lock.lock()
        guard markDisposedHoldingLock() else {
            lock.unlock()
            return false
        }
        return true
    }
}
