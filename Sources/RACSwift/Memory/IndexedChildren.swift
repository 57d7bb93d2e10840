/// A compound's children past the first two once there are many: in the order they were
/// added, with holes where children were removed, and where each one is. Guarded by the
/// compound's lock, so the dynamic exclusivity checks are redundant: they are skipped
/// (with them, D1 +13% instructions per inner; Benchmarks/HISTORY.md, "Issue 26, the annotation audit").
///
/// Invariants (what `compact`'s bitwise moves rely on):
///
/// - `children` and `numbers` have the same count; `live` is the number of non-nil children;
///   `positions` maps each child added by `add` to the slot of its latest addition.
/// - A slot of `children` is one word: a hole is nil, the zero word, which owns nothing; any
///   other word is a strong reference owned by the slot. So a child can be moved to another
///   slot by copying its word and zeroing the old one — no retain, no release, ownership moves
///   with the word — and the slots left after the last kept child are all holes, whose removal
///   releases nothing.
///
/// Who may call it: `CompoundDisposable`, under its lock. Why it is safe: `Disposable?` is a
/// single-word, nil-as-zero optional class reference (`MemoryLayout` checked in debug builds),
/// and `compact` moves every live word exactly once and zeroes its source. What would break it:
/// a `Disposable?` that is not one word with nil as zero (a protocol existential instead of a
/// class), or a call without the compound's lock. Debug builds check the layout and, after each
/// compaction, that every live child was kept and every slot past them is a hole; compiled out
/// of release builds.
final class IndexedChildren {
    /// In the order added; nil where a child was removed.
    // Unchecked, measured: the optimizer keeps its dynamic check; W17 +13 %, W18 +10 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private(set) var children: [Disposable?]
    /// Beside each of `children`: its addition's number (see `CompoundDisposable.Removal`;
    /// 0 for those that came from the plain array) shifted left by one, the low bit set if it
    /// was added by `add` (found by identity). The numbers increase along the array, so an
    /// `addRemovable`'s child is found by binary search.
    // Unchecked, measured: the optimizer keeps its dynamic check; W17 +13 %, W18 +10 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var numbers: [UInt]
    /// Where the latest addition of each child added by `add` is in `children` (the others
    /// are found by their number, without hashing).
    // Unchecked, measured: the optimizer keeps its dynamic check; W17 +13 %, W18 +10 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var positions: [ObjectIdentifier: Int] = [:]
    /// Whether some child was added twice while here: then removing its latest addition must
    /// find the one before (a search, which only such compounds pay).
    private var hasDuplicates = false
    private(set) var live = 0
    /// Where `remove(_:addedAs:)` looks first: just after the previous removal.
    private var nextRemovalHint = 0
    /// The number of the latest addition made here (0: none yet); see `CompoundDisposable.Removal`.
    /// Counted here, not in the compound, which then needs no field for it.
    private var additions: UInt = 0

    /// The plain array's children, found by identity: whether they were added by
    /// `addRemovable` is not known here (the compound's `remove(_:addedAs:)` falls back to
    /// the identity lookup for them).
    init(_ initial: [Disposable]) {
        children = []
        numbers = []
        children.reserveCapacity(initial.count * 2)
        numbers.reserveCapacity(initial.count * 2)
        for child in initial { append(child, number: 0, removable: false) }
    }

    /// Adds `child` as the latest addition; returns its number (for `remove(_:addedAs:)`).
    func append(_ child: Disposable, removable: Bool) -> UInt {
        additions += 1
        append(child, number: additions, removable: removable)
        return additions
    }

    private func append(_ child: Disposable, number: UInt, removable: Bool) {
        if !removable {
            let id = ObjectIdentifier(child)
            if positions.updateValue(children.count, forKey: id) != nil { hasDuplicates = true }
        }
        children.append(child)
        numbers.append(number << 1 | (removable ? 0 : 1))
        live += 1
    }

    /// Removes the latest addition of `child` made by `add`.
    func remove(_ child: Disposable) -> Disposable? {
        let id = ObjectIdentifier(child)
        guard let position = positions[id] else { return nil }
        if hasDuplicates,
            let earlier = stride(from: position - 1, through: 0, by: -1).first(where: {
                children[$0] === child && numbers[$0] & 1 == 1
            })
        {
            positions[id] = earlier
        } else {
            positions[id] = nil
        }
        return take(at: position)
    }

    /// Removes `child`'s addition numbered `number` (an `addRemovable`), if it is here.
    func remove(_ child: Disposable, addedAs number: UInt) -> Disposable? {
        let key = number << 1
        // First where the next removal is when inner subscriptions end in the order they
        // started (a flattenMap's usual case): right after the previous one. Else a binary
        // search; the numbers increase along the array.
        var position = nextRemovalHint
        if position >= numbers.count || numbers[position] != key {
            var low = 0, high = numbers.count
            while low < high {
                let middle = (low + high) / 2
                if numbers[middle] < key { low = middle + 1 } else { high = middle }
            }
            position = low
        }
        guard position < numbers.count, numbers[position] == key, children[position] === child else { return nil }
        return take(at: position)
    }

    private func take(at position: Int) -> Disposable? {
        // Swapped out: the reference moves to the caller without a retain and a release.
        var removed: Disposable?
        swap(&removed, &children[position])
        live -= 1
        nextRemovalHint = position + 1
        // Holes are squeezed out once they outnumber the children (and the fixed slack), so
        // the array stays within twice the live count and each removal costs O(1) on average
        // (O(log n) by removal number).
        let holes = children.count - live
        if holes > live, holes >= CompactionSlack.holes { compact() }
        return removed
    }

    /// Moves the children down over the holes, in place. A child's reference is moved
    /// bitwise (a hole is nil: a zero word that owns nothing), so no child is retained or
    /// released; the arrays keep their capacity unless it is far beyond what is left.
    private func compact() {
        positions.removeAll(keepingCapacity: true)
        let count = children.count
        var kept = 0
        let stride = MemoryLayout<Disposable?>.stride
        children.withUnsafeMutableBytes { slots in
            numbers.withUnsafeMutableBufferPointer { numbers in
                for index in 0..<count {
                    let word = slots.load(fromByteOffset: index * stride, as: UInt.self)
                    if word == 0 { continue }
                    if kept != index {
                        slots.storeBytes(of: word, toByteOffset: kept * stride, as: UInt.self)
                        slots.storeBytes(of: 0, toByteOffset: index * stride, as: UInt.self)
                        numbers[kept] = numbers[index]
                    }
                    if numbers[kept] & 1 == 1, let pointer = UnsafeRawPointer(bitPattern: word) {
                        positions[ObjectIdentifier(Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue())] = kept
                    }
                    kept += 1
                }
            }
        }
        checkCompaction(kept: kept, count: count)
        // Every slot from `kept` on is a hole now: nothing to release. One at a time: the
        // generic `removeLast(_:)` destroys the slots through the runtime's value witnesses,
        // several times the cost (D1: about 200 instructions per inner, measured in issue 20).
        for _ in kept..<count { children.removeLast() }
        numbers.removeLast(count - kept)
        nextRemovalHint = 0
        if children.capacity > 8 * Swift.max(live, CompactionSlack.holes) {
            var fewer: [Disposable?] = [], fewerNumbers: [UInt] = []
            fewer.reserveCapacity(live * 2)
            fewerNumbers.reserveCapacity(live * 2)
            fewer.append(contentsOf: children)
            fewerNumbers.append(contentsOf: numbers)
            children = fewer
            numbers = fewerNumbers
        }
    }
}

extension IndexedChildren {
    /// Debug builds: the layout `compact` moves words by, and its result (compiled out of
    /// release builds).
    @inline(__always)
    func checkCompaction(kept: Int, count: Int) {
        #if DEBUG
        precondition(
            MemoryLayout<Disposable?>.size == MemoryLayout<UInt>.size
                && unsafeBitCast(Disposable?.none, to: UInt.self) == 0,
            "IndexedChildren.compact(): Disposable? is no longer a single word with nil as zero")
        precondition(
            kept == live && children[..<kept].allSatisfy { $0 != nil } && children[kept..<count].allSatisfy { $0 == nil },
            "IndexedChildren.compact(): kept \(kept) children of \(count) slots, \(live) live")
        #endif
    }
}

private enum CompactionSlack {
    static let holes = 16
}
