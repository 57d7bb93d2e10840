/// A subject's subscriber list: strong references the subject manages by hand, so that a send
/// can walk it through a plain pointer. The first entry is kept inline (`single`): a buffer is
/// allocated only for a second one. Copying the struct does not copy the buffer or retain the
/// entries; `copy()` does, and `free()` releases the entries and the buffer.
struct SubjectEntryList {
    /// The buffer, once there has been a second entry; nil while `count` is 0 or 1.
    private var base: UnsafeMutablePointer<SubjectEntryBase?>?
    /// The only entry while there is no buffer (`count` 1), retained by hand.
    private var single: Unmanaged<SubjectEntryBase>?
    private(set) var count = 0
    private var capacity = 0

    subscript(index: Int) -> SubjectEntryBase? {
        get {
            precondition(index >= 0 && index < count)
            guard let base else { return single.unsafelyUnwrapped.takeUnretainedValue() }
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count)
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
