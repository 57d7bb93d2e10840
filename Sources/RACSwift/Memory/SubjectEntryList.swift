/// A subject's subscriber list: strong references the subject manages by hand, so that a send
/// can walk it through a plain pointer. The first entry is kept inline (`single`): a buffer is
/// allocated only for a second one. Copying the struct does not copy the buffer or retain the
/// entries; `copy()` does, and `free()` releases the entries and the buffer.
///
/// Invariants — what it assumes, who may call what:
///
/// - One owner (a `Subject`, under its lock) changes a list; the struct's copies share its
///   buffer, so at most one copy is changed or freed, and only while no walk is in progress on
///   that buffer. The subject keeps this by *retiring* a list a send may be walking
///   (`Subject.willChangeEntries`): the walk goes on over the retired copy, intact and alive
///   (its entries are retained by it), and changes go to a fresh `copy()`; the retired copy is
///   freed when the outermost send has ended.
/// - `forEachUnretained` lends each entry without retaining it: valid because the buffer
///   holds a retain on every entry and is neither changed nor freed during the walk (above).
/// - `free()` is called once per list made by `init` or `copy()`.
///
/// What would break it: a change or a free while a walk is in progress on the same buffer
/// (the walk would read a freed entry or a moved slot), or freeing a list twice. Debug builds
/// count the walks in progress on each buffer (shared by the struct's copies, as the buffer
/// is) and stop a change or a free made during one (SubjectEntryListTests).
struct SubjectEntryList {
    /// The buffer, once there has been a second entry; nil while `count` is 0 or 1.
    private var base: UnsafeMutablePointer<SubjectEntryBase?>?
    /// The only entry while there is no buffer (`count` 1), retained by hand.
    private var single: Unmanaged<SubjectEntryBase>?
    private(set) var count = 0
    private var capacity = 0
    #if DEBUG
    /// Walks in progress over this list's storage, shared by the struct's copies.
    private var walks = WalkCount()

    private func checkNoWalk(_ change: StaticString) {
        precondition(walks.count.value == 0, "SubjectEntryList: \(change) while a send walks the list")
    }
    #endif

    subscript(index: Int) -> SubjectEntryBase? {
        get {
            precondition(index >= 0 && index < count)
            guard let base else { return single.unsafelyUnwrapped.takeUnretainedValue() }
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count)
            #if DEBUG
            checkNoWalk("a slot changed")
            #endif
            // A vacant slot is never made inline: the last entry is removed instead.
            precondition(base != nil)
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    /// Calls `body` with each slot's entry (nil: vacant), in order, borrowed: neither the list
    /// nor its entries are retained, so the list must stay intact meanwhile (the subject
    /// retires it before any change while a send walks it).
    @inline(__always)
    func forEachUnretained(_ body: (SubjectEntryBase) -> Void) {
        #if DEBUG
        _ = walks.count.add(1)
        defer { _ = walks.count.add(-1) }
        #endif
        guard let base else {
            single?._withUnsafeGuaranteedRef(body)
            return
        }
        // Each slot is read as a trivial `Unmanaged?` (the same single nullable pointer as
        // `SubjectEntryBase?`) and the entry borrowed: no retain/release per subscriber.
        let slots = UnsafeRawPointer(base)
        let stride = MemoryLayout<SubjectEntryBase?>.stride
        var index = 0
        while index < count {
            let slot = slots.load(fromByteOffset: index * stride, as: Unmanaged<SubjectEntryBase>?.self)
            slot?._withUnsafeGuaranteedRef(body)
            index += 1
        }
    }

    mutating func append(_ entry: SubjectEntryBase) {
        #if DEBUG
        checkNoWalk("an entry appended")
        #endif
        if base == nil {
            if count == 0 {
                single = .passRetained(entry)
                count = 1
                return
            }
            grow(to: 4)
        } else if count == capacity {
            grow(to: capacity * 2)
        }
        (base.unsafelyUnwrapped + count).initialize(to: entry)
        count += 1
    }

    mutating func removeLast() {
        precondition(count > 0)
        #if DEBUG
        checkNoWalk("an entry removed")
        #endif
        count -= 1
        if let base {
            (base + count).deinitialize(count: 1)
        } else {
            single.unsafelyUnwrapped.release()
            single = nil
        }
    }

    /// A list of its own holding the same entries.
    func copy() -> SubjectEntryList {
        var copy = SubjectEntryList()
        if let base {
            if count > 0 {
                copy.grow(to: count)
                copy.base.unsafelyUnwrapped.initialize(from: base, count: count)
                copy.count = count
            }
        } else if let single {
            copy.single = single.retain()
            copy.count = 1
        }
        return copy
    }

    /// Releases every entry and the buffer, leaving the list empty.
    mutating func free() {
        #if DEBUG
        checkNoWalk("the list freed")
        #endif
        if let base {
            base.deinitialize(count: count)
            base.deallocate()
        } else {
            single?.release()
        }
        self = SubjectEntryList()
    }

    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<SubjectEntryBase?>.allocate(capacity: newCapacity)
        if let base {
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
        } else if let single {
            // The inline entry moves into the buffer, with its retain.
            grown.initialize(to: single.takeUnretainedValue())
            single.release()
            self.single = nil
        }
        base = grown
        capacity = newCapacity
    }
}

#if DEBUG
/// The walks in progress over one `SubjectEntryList`'s storage (debug builds), a class so that
/// the list's copies share it as they share the buffer; `copy()` makes a list with its own.
private final class WalkCount: @unchecked Sendable {
    let count = AtomicCounter()
}
#endif
