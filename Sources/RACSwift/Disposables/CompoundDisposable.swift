/// A disposable that disposes a group of others (RACCompoundDisposable).
///
/// Adding to a compound that is already disposed disposes the newcomer at once. Disposing
/// disposes every child exactly once, in the order they were added, also when children are
/// added concurrently, and then releases them. Removing a child takes constant time on
/// average however many children there are (a `flattenMap` with thousands of live inner
/// subscriptions removes each one as it ends).
public final class CompoundDisposable: Disposable, @unchecked Sendable {
    private let lock = UnfairLock()
    // Guarded by `lock` (so the dynamic exclusivity checks are redundant, and skipped). Most
    // compounds hold zero to two children: those live in `first` and `second`, and `rest`
    // (which allocates) is used only from the third child on. Children are kept in the order
    // they were added: `first`, `second`, then `rest`. A removal leaves `first` or `second`
    // empty rather than shifting the others, so a newcomer goes into them only while
    // everything after them is empty.
    @exclusivity(unchecked) private var first: Disposable?
    @exclusivity(unchecked) private var second: Disposable?
    @exclusivity(unchecked) private var rest = Rest.small([])

    /// From the third child on. Up to `Rest.indexThreshold` children, a plain array searched
    /// from the end on removal (the common case: few children, the newest removed first); from
    /// there on, `IndexedChildren`, where a removal is a hash lookup and leaves a hole.
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
    }

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
        if rest.isEmpty {
            if second == nil {
                if first == nil {
                    first = disposable
                } else {
                    second = disposable
                }
                return
            }
        }
        switch rest {
        case .small(var children):
            if children.count < Rest.indexThreshold {
                // Moved out and back so the append does not copy the array.
                rest = .small([])
                children.append(disposable)
                rest = .small(children)
            } else {
                let indexed = IndexedChildren(children)
                indexed.append(disposable)
                rest = .indexed(indexed)
            }
        case .indexed(let indexed):
            indexed.append(disposable)
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
    /// costing memory (RAC purges them the same way). If it was added more than once, the
    /// latest addition goes.
    public func remove(_ disposable: Disposable) {
        // Released outside the lock: freeing it may run code that comes back here.
        var removed: Disposable?
        lock.lock()
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
        if removed == nil {
            if second === disposable {
                removed = second
                second = nil
            } else if first === disposable {
                removed = first
                first = nil
            }
        }
        lock.unlock()
        _ = removed
    }

    /// Disposes every disposable it holds, once; disposables added afterwards are disposed at
    /// once (RAC's `-dispose`). Thread-safe.
    override public func dispose() {
        guard beginDisposal(locking: lock) else { return }
        if first == nil, second == nil, rest.isEmpty {
            // Empty: nothing to take or release.
            lock.unlock()
            return
        }
        let takenFirst = first, takenSecond = second, takenRest = rest
        first = nil
        second = nil
        rest = .small([])
        lock.unlock()
        takenFirst?.dispose()
        takenSecond?.dispose()
        switch takenRest {
        case .small(let children):
            for child in children { child.dispose() }
        case .indexed(let indexed):
            for child in indexed.children { child?.dispose() }
        }
    }
}

/// A compound's children past the first two once there are many: in the order they were
/// added, with holes where children were removed, and where each one is. Guarded by the
/// compound's lock, so the dynamic exclusivity checks are redundant (and were a tenth of the
/// removal's instructions): they are skipped.
private final class IndexedChildren {
    /// In the order added; nil where a child was removed.
    @exclusivity(unchecked) private(set) var children: [Disposable?]
    /// Where each child's latest addition is in `children`.
    @exclusivity(unchecked) private var positions: [ObjectIdentifier: Int] = [:]
    /// Whether some child was added twice while here: then removing its latest addition must
    /// find the one before (a search, which only such compounds pay).
    @exclusivity(unchecked) private var hasDuplicates = false
    @exclusivity(unchecked) private(set) var live = 0

    init(_ initial: [Disposable]) {
        children = []
        children.reserveCapacity(initial.count * 2)
        for child in initial { append(child) }
    }

    func append(_ child: Disposable) {
        let id = ObjectIdentifier(child)
        if positions.updateValue(children.count, forKey: id) != nil { hasDuplicates = true }
        children.append(child)
        live += 1
    }

    func remove(_ child: Disposable) -> Disposable? {
        let id = ObjectIdentifier(child)
        guard let position = positions[id] else { return nil }
        let removed = children[position]
        children[position] = nil
        live -= 1
        if hasDuplicates, let earlier = children[..<position].lastIndex(where: { $0 === child }) {
            positions[id] = earlier
        } else {
            positions[id] = nil
        }
        // Holes are squeezed out once they outnumber the children (and the fixed slack), so
        // the array stays within twice the live count and each removal costs O(1) on average.
        let holes = children.count - live
        if holes > live, holes >= CompactionSlack.holes { compact() }
        return removed
    }

    private func compact() {
        var kept: [Disposable?] = []
        kept.reserveCapacity(live * 2)
        positions.removeAll(keepingCapacity: true)
        for case let child? in children {
            positions[ObjectIdentifier(child)] = kept.count
            kept.append(child)
        }
        children = kept
    }
}

private enum CompactionSlack {
    static let holes = 16
}
