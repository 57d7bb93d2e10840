/// A compound's children past the first two once there are many: in the order they were
/// added, with holes where children were removed, and where each one is. Guarded by the
/// compound's lock, so the dynamic exclusivity checks are redundant: they are skipped
/// (with them, D1 +13% instructions per inner; Benchmarks/HISTORY.md, "Issue 26, the annotation audit").
///
/// Invariants (what `compact`'s bitwise moves rely on):
///
/// - `children` and `numbers` have the same count; `live` is the number of non-nil children;
///   `positions` maps each child added here by `add` to the slot of its latest addition.
/// - The children that came from the plain array (`init`) are the first `initialSlots` slots
///   (holes included), their numbers 0; they are not in `positions` (found by a search of those
///   at most `CompoundDisposable`'s 32 slots, or at the removal hint when none is there twice).
/// - A slot of `children` is one word: a hole is nil, the zero word, which owns nothing; any
///   other word is a strong reference owned by the slot. So a child can be moved to another
///   slot by copying its word and zeroing the old one — no retain, no release, ownership moves
///   with the word — and the slots left after the last kept child are all holes, whose removal
///   releases nothing.
///
/// Who may call it: `CompoundDisposable`, under its lock. Why it is safe: `Disposable?` is a
/// single-word, nil-as-zero optional class reference (`MemoryLayout` checked in debug builds),
/// and `compact` moves every live word exactly once and zeroes its source. `hasDuplicates`'s
/// table is a stack buffer of at most 64 words, initialized before it is read and indexed
/// modulo its capacity (checked at its start: at most half as many children as slots, so a
/// probe always ends). What would break it:
/// a `Disposable?` that is not one word with nil as zero (a protocol existential instead of a
/// class), or a call without the compound's lock. Debug builds check the layout and, after each
/// compaction, that every live child was kept and every slot past them is a hole; compiled out
/// of release builds.
final class IndexedChildren {
    /// In the order added; nil where a child was removed.
    // Unchecked, measured: the optimizer keeps its dynamic check; W17 +13 %, W18 +10 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private(set) var children: [Disposable?]
    /// Beside each of `children`: its addition's number (see `CompoundDisposable.Removal`)
    /// shifted left by one, the low bit set if it was added by `add` (found by identity); 0 for
    /// those that came from the plain array. The numbers increase along the array, so an
    /// `addRemovable`'s child is found by binary search.
    // Unchecked, measured: the optimizer keeps its dynamic check; W17 +13 %, W18 +10 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var numbers: [UInt]
    /// Where the latest addition of each child added here by `add` is in `children` (the
    /// others are found by their number or, the plain array's, by a short search: no hashing).
    // Unchecked, measured: the optimizer keeps its dynamic check; W17 +13 %, W18 +10 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var positions: [ObjectIdentifier: Int] = [:]
    /// Whether some child was added twice while here: then removing its latest addition must
    /// find the one before (a search, which only such compounds pay).
    private var hasDuplicates = false
    /// How many slots at the front hold (or held) the plain array's children.
    private var initialSlots: Int
    /// Whether one of the plain array's children is there more than once: then a removal by
    /// identity must search for its latest addition instead of taking the one at the hint.
    private var initialHasDuplicates = false
    private(set) var live = 0
    /// Where `remove(_:addedAs:)` looks first: just after the previous removal.
    private var nextRemovalHint = 0
    /// The number of the latest addition made here (0: none yet); see `CompoundDisposable.Removal`.
    /// Counted here, not in the compound, which then needs no field for it.
    private var additions: UInt = 0

    /// The plain array's children, found by identity: whether they were added by
    /// `addRemovable` is not known here (the compound's `remove(_:addedAs:)` falls back to
    /// the identity lookup for them). They are not hashed into `positions` (about 160
    /// instructions per inner at Z100, Benchmarks/HISTORY.md, "Issue 37: flattenMap's
    /// construction, the Z family and its memory, third pass"): at most 32 of them, removed
    /// at the hint (in the order added, a merge point's usual case) or by a search.
    init(_ initial: [Disposable]) {
        children = []
        numbers = []
        children.reserveCapacity(initial.count * 2)
        numbers.reserveCapacity(initial.count * 2)
        for child in initial {
            children.append(child)
            numbers.append(0)
        }
        initialSlots = initial.count
        live = initial.count
        initialHasDuplicates = Self.hasDuplicates(initial)
    }

    /// Whether some object is in `children` twice: a small open-addressing table of their
    /// addresses on the stack (no allocation, no hashing through `Hashable`).
    private static func hasDuplicates(_ children: [Disposable]) -> Bool {
        let capacity = DuplicateTable.capacity
        precondition(children.count <= capacity / 2, "IndexedChildren: \(children.count) initial children, more than the table holds")
        return withUnsafeTemporaryAllocation(of: UInt.self, capacity: capacity) { table in
            table.initialize(repeating: 0)
            for child in children {
                let address = UInt(bitPattern: ObjectIdentifier(child))
                var slot = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> DuplicateTable.shift)
                while true {
                    let held = table[slot]
                    if held == 0 {
                        table[slot] = address
                        break
                    }
                    if held == address { return true }
                    slot = (slot + 1) & (capacity - 1)
                }
            }
            return false
        }
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

    /// Removes the latest addition of `child` made by `add` here, else its latest among the
    /// plain array's children.
    func remove(_ child: Disposable) -> Disposable? {
        // Not even a hash when nothing was added here by `add` (a merge point's children).
        if positions.isEmpty { return removeInitial(child) }
        let id = ObjectIdentifier(child)
        guard let position = positions[id] else { return removeInitial(child) }
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

    /// The latest of `child`'s additions among the plain array's children, removed.
    private func removeInitial(_ child: Disposable) -> Disposable? {
        // Removed in the order they were added: right after the previous removal. That slot is
        // the latest addition only if no child is there twice.
        let hint = nextRemovalHint
        if !initialHasDuplicates, hint < initialSlots, children[hint] === child { return take(at: hint) }
        var position = initialSlots
        while position > 0 {
            position -= 1
            if children[position] === child { return take(at: position) }
        }
        return nil
    }

    /// Removes `child`'s addition numbered `number` (an `addRemovable`), if it is here.
    func remove(_ child: Disposable, addedAs number: UInt) -> Disposable? {
        // 0 names no addition (the plain array's children are found by `remove(_:)`).
        if number == 0 { return nil }
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
        var kept = 0, keptInitial = 0
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
                    if numbers[kept] == 0 { keptInitial += 1 }
                    if numbers[kept] & 1 == 1, let pointer = UnsafeRawPointer(bitPattern: word) {
                        positions[ObjectIdentifier(Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue())] = kept
                    }
                    kept += 1
                }
            }
        }
        initialSlots = keptInitial
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
        precondition(
            numbers[..<initialSlots].allSatisfy { $0 == 0 } && numbers[initialSlots..<kept].allSatisfy { $0 != 0 },
            "IndexedChildren.compact(): the plain array's children are not the first \(initialSlots) slots")
        #endif
    }
}

private enum CompactionSlack {
    static let holes = 16
}

/// `IndexedChildren.hasDuplicates`'s table: twice the plain array's most children (32, see
/// `CompoundDisposable.Rest.indexThreshold`), a power of two.
private enum DuplicateTable {
    static let capacity = 64
    static let shift: UInt = 58  // 64 - log2(capacity)
}
