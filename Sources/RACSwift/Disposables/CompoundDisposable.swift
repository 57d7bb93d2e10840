/// A disposable that disposes a group of others (RACCompoundDisposable).
///
/// Adding to a compound that is already disposed disposes the newcomer at once. Disposing
/// disposes every child exactly once, in the order they were added, also when children are
/// added concurrently, and then releases them.
public final class CompoundDisposable: Disposable, @unchecked Sendable {
    private let lock = UnfairLock()
    // Guarded by `lock` (so the dynamic exclusivity checks are redundant, and skipped). Most
    // compounds hold zero to two children: those live in `first` and `second`, and the array
    // (which allocates) is used only from the third child on. Children are kept in the order
    // they were added: `first`, `second`, then `rest`; a slot is empty only if every later one
    // is.
    @exclusivity(unchecked) private var first: Disposable?
    @exclusivity(unchecked) private var second: Disposable?
    @exclusivity(unchecked) private var rest: [Disposable] = []

    /// An empty compound. (Every subscription makes one: this skips the array.)
    override public init() {
        super.init()
    }

    /// A compound holding `disposables`.
    public init(_ disposables: [Disposable]) {
        super.init()
        for disposable in disposables { append(disposable) }
    }

    /// Called with `lock` held (or during init).
    private func append(_ disposable: Disposable) {
        if first == nil {
            first = disposable
        } else if second == nil {
            second = disposable
        } else {
            rest.append(disposable)
        }
    }

    /// Adds `disposable` (nil is ignored); disposes it at once if this compound is disposed.
    public func add(_ disposable: Disposable?) {
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
    }

    /// Removes `disposable` without disposing it, so a finished inner subscription stops
    /// costing memory (RAC purges them the same way).
    public func remove(_ disposable: Disposable) {
        // Released outside the lock: freeing it may run code that comes back here.
        var removed: Disposable?
        lock.lock()
        if let index = rest.lastIndex(where: { $0 === disposable }) {
            removed = rest.remove(at: index)
        } else if second === disposable {
            removed = second
            second = rest.isEmpty ? nil : rest.removeFirst()
        } else if first === disposable {
            removed = first
            first = second
            second = rest.isEmpty ? nil : rest.removeFirst()
        }
        lock.unlock()
        _ = removed
    }

    /// Disposes every disposable it holds, once; disposables added afterwards are disposed at
    /// once (RAC's `-dispose`). Thread-safe.
    override public func dispose() {
        // A subscription that ended on its own is usually disposed again by its owner: a load
        // instead of a lock round trip and an exchange.
        if isDisposed { return }
        lock.lock()
        // Marked inside the lock: event paths that check `isDisposed` see it at once, and a
        // concurrent `add` sees it before it could append.
        guard markDisposedHoldingLock() else {
            lock.unlock()
            return
        }
        guard first != nil else {
            // Empty (later slots fill only after `first`): nothing to take or release.
            lock.unlock()
            return
        }
        let takenFirst = first, takenSecond = second, takenRest = rest
        first = nil
        second = nil
        rest = []
        lock.unlock()
        takenFirst?.dispose()
        takenSecond?.dispose()
        for child in takenRest { child.dispose() }
    }
}
