/// A disposable that disposes a group of others (RACCompoundDisposable).
///
/// Adding to a compound that is already disposed disposes the newcomer at once. Disposing
/// disposes every child exactly once, also when children are added concurrently, and then
/// releases them.
public final class CompoundDisposable: Disposable, @unchecked Sendable {
    private let lock = UnfairLock()
    // Guarded by `lock`. Most compounds hold zero to two children, so no storage is
    // allocated until the first `add`.
    private var children: [Disposable] = []

    /// A compound holding `disposables`.
    public init(_ disposables: [Disposable] = []) {
        children = disposables
        super.init()
    }

    /// Adds `disposable` (nil is ignored); disposes it at once if this compound is disposed.
    public func add(_ disposable: Disposable?) {
        guard let disposable else { return }
        // The disposed flag is set under `lock` (see `dispose`), so a child is either taken
        // by the disposing caller or disposed here — never both, never neither.
        let accepted = lock.withLock { () -> Bool in
            if isDisposed { return false }
            children.append(disposable)
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// Removes `disposable` without disposing it, so a finished inner subscription stops
    /// costing memory (RAC purges them the same way).
    public func remove(_ disposable: Disposable) {
        lock.withLock {
            if let index = children.lastIndex(where: { $0 === disposable }) {
                children.remove(at: index)
            }
        }
    }

    override public func dispose() {
        let toDispose: [Disposable]? = lock.withLock {
            // Marked inside the lock: event paths that check `isDisposed` see it at once,
            // and a concurrent `add` sees it before it could append.
            guard markDisposed() else { return nil }
            let taken = children
            children = []
            return taken
        }
        guard let toDispose else { return }
        for child in toDispose { child.dispose() }
    }
}
