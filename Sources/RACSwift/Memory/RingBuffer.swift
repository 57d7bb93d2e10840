/// The untyped base of `RingBuffer`: lets a zip's sink drop every input's values when the zip
/// ends.
@usableFromInline
class RingBufferBase: @unchecked Sendable {
    @usableFromInline init() {}
    func removeAll() {}
}

/// A first-in-first-out ring of values for the library's generic code: a zip input's values not
/// yet zipped, `takeLast`'s last values, delay's waiting values and their due dates, throttle's
/// waiting value (a `ReplaySubject` keeps its values in the same ring inline, `RingStorage`
/// below). Guarded by its owner's lock.
///
/// Raw storage rather than `FIFO` or an `Array`: in the library's generic code, every append
/// to an `Array<T>` looks up `Array<T>`'s metadata at run time (and `FIFO<T>`'s with it), twice
/// per pair (W8, Benchmarks/HISTORY.md, "Levers for after the redesign"); a pointer to `T` needs only `T`'s, which the buffer's
/// own type carries. (`FIFO` stays where its element type is concrete in the library.)
///
/// Invariants (what the raw storage relies on):
///
/// - `storage` holds `capacity` slots (nil while `capacity` is 0); exactly the `count` slots
///   from `head` on, wrapping at `capacity`, are initialized, and `0 <= count <= capacity`,
///   `0 <= head < max(capacity, 1)`. Every read of a slot (`first`, `element(at:)`,
///   `removeFirst`) is of an initialized one; `append` initializes the one after the last;
///   `grow` moves the initialized run, oldest first, and `deinit` destroys what is left and
///   frees the storage.
/// - Its owner serializes every call (the sink's or subject's lock): the fields are unchecked
///   for exclusivity, so two threads inside at once would corrupt them.
///
/// Who may call it: the owners named above, under their lock. Why it is safe: only these
/// methods touch the storage, and each keeps the first invariant. What would break it: a
/// read with `count == 0` (stopped by `removeFirst`'s and `element(at:)`'s preconditions, in
/// release builds too, since they guard raw reads), or an owner calling without its lock. Debug
/// builds also check the counts after each change (`checkInvariants`).
@usableFromInline
final class RingBuffer<T>: RingBufferBase, @unchecked Sendable {
    // Internal for the inlinable `removeFirst`. No dynamic exclusivity checks (the sink's lock
    // guards them): with them, W8 +147% instructions per event (Benchmarks/HISTORY.md, "Issue 26, the annotation audit").
    // Unchecked, measured: the optimizer keeps its dynamic check; W13 +193 %, W22 +126 %, W26 +346 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) @usableFromInline internal var storage: UnsafeMutablePointer<T>?
    // Unchecked, measured: the optimizer keeps its dynamic check; W13 +193 %, W22 +126 %, W26 +346 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) @usableFromInline internal var capacity = 0
    // Unchecked, measured: the optimizer keeps its dynamic check; W13 +193 %, W22 +126 %, W26 +346 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) @usableFromInline internal var head = 0
    // Unchecked, measured: the optimizer keeps its dynamic check; W13 +193 %, W22 +126 %, W26 +346 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) @usableFromInline internal var count = 0

    @usableFromInline override init() {}

    deinit {
        removeAll()
        storage?.deallocate()
    }

    /// The oldest value, if any. For a concrete `T` (delay's due dates): in generic code
    /// `Optional<T>` is looked up at run time.
    var first: T? {
        count > 0 ? storage.unsafelyUnwrapped.advanced(by: head).pointee : nil
    }

    func append(_ value: T) {
        if count == capacity { grow() }
        let end = head + count
        storage.unsafelyUnwrapped.advanced(by: end < capacity ? end : end - capacity).initialize(to: value)
        count += 1
        checkInvariants()
    }

    /// Appends `value` and drops the oldest value, so `count` stays as it is: a buffer that
    /// keeps the last `count` values (a `ReplaySubject` at its capacity). Only called when the
    /// buffer holds a value. One assignment into the oldest slot when it holds one value or its
    /// storage is full, rather than `removeFirst` and `append`'s move out, destruction and copy
    /// in (each a value-witness call in generic code; W26, Benchmarks/HISTORY.md, "Issue 37:
    /// the per-event workloads").
    // Always inlined: the one-value case is then a value-witness assignment in the subject's
    // send, without a call and a frame of its own (W26 216.4 → 190.4 instructions per event;
    // Benchmarks/HISTORY.md, "Issue 37: the subject-based per-event workloads, second pass
    // (helper, 2026-12-02)").
    @inline(__always)
    func replaceOldest(with value: T) {
        precondition(count > 0, "RingBuffer.replaceOldest(with:): the buffer is empty")
        if count == 1 {
            // The oldest is the newest (a replayLast subject's one value): overwritten in place.
            storage.unsafelyUnwrapped.advanced(by: head).pointee = value
            checkInvariants()
        } else {
            replaceOldestOfSeveral(with: value)
        }
    }

    /// `replaceOldest(with:)` when the buffer holds more than one value.
    private func replaceOldestOfSeveral(with value: T) {
        let storage = storage.unsafelyUnwrapped
        if count == capacity {
            // Full: the oldest slot is the one after the newest, so it becomes the newest.
            storage.advanced(by: head).pointee = value
        } else {
            storage.advanced(by: head).deinitialize(count: 1)
            let end = head + count
            storage.advanced(by: end < capacity ? end : end - capacity).initialize(to: value)
        }
        head += 1
        if head == capacity { head = 0 }
        checkInvariants()
    }

    /// Debug builds: the first invariant's counts (compiled out of release builds).
    @inlinable @inline(__always)
    func checkInvariants() {
        #if DEBUG
        precondition(
            count >= 0 && count <= capacity && head >= 0 && head < Swift.max(capacity, 1)
                && (storage == nil) == (capacity == 0),
            "RingBuffer: broken invariant (head \(head), count \(count), capacity \(capacity))")
        #endif
    }

    var isEmpty: Bool { count == 0 }

    /// The value `offset` places after the oldest.
    func element(at offset: Int) -> T {
        precondition(offset >= 0 && offset < count, "RingBuffer.element(at:): offset \(offset) out of range")
        let index = head + offset
        return storage.unsafelyUnwrapped[index < capacity ? index : index - capacity]
    }

    /// Only called when the buffer holds a value.
    // Inlinable: the typed zips take the values in the caller's specialized code, where
    // moving a concrete `T` out needs no value-witness call.
    @inlinable @discardableResult
    func removeFirst() -> T {
        precondition(count > 0, "RingBuffer.removeFirst(): the buffer is empty")
        let value = storage.unsafelyUnwrapped.advanced(by: head).move()
        head += 1
        if head == capacity { head = 0 }
        count -= 1
        checkInvariants()
        return value
    }

    override func removeAll() {
        while count > 0 { _ = removeFirst() }
        head = 0
    }

    /// Exchanges the two rings' contents (the values, in order, and the storage holding them):
    /// for an owner that keeps both rings in `let`s, whose values are read without a retain of
    /// the ring (a `var` holding a ring is retained and released at every use).
    func exchangeContents(with other: RingBuffer<T>) {
        (storage, other.storage) = (other.storage, storage)
        (capacity, other.capacity) = (other.capacity, capacity)
        (head, other.head) = (other.head, head)
        (count, other.count) = (other.count, count)
    }

    // Out of line: inlined into `append`, the zips paid 2 instructions per event (W8, W24).
    @inline(never)
    private func grow() {
        (storage, capacity) = grownRing(storage, capacity: capacity, head: head, count: count)
        head = 0
    }
}

/// A `RingBuffer`'s ring kept inline in its owner rather than in an object of its own: a
/// `ReplaySubject`'s values (one allocation less per subject; each execution of a `Command` is
/// one, issue 37). The same ring as `RingBuffer`, with its invariants and checks; one owner,
/// which serializes every call (its lock) and calls `free()` once, in its deinit. Copying the
/// struct does not copy the storage: only the owner's copy is used.
///
/// The methods are inlined into the owner's: a call to a method of this generic struct is
/// passed the struct's own metadata, looked up at run time per call (`ReplaySubject.sendNext`
/// looked up `RingStorage<Value>` at each send while they were calls); what is out of line
/// (appending, replacing among several) is a free function, passed the element type only. A
/// plain struct with
/// `free()`, as `SubjectEntryList`, rather than a non-copyable one with a deinit. `RingBuffer`
/// keeps fields of its own rather than one of these: forwarding to one cost the zips 11
/// instructions per event (W8, W24 +2.4 %).
struct RingStorage<T> {
    private var storage: UnsafeMutablePointer<T>?
    private var capacity = 0
    private var head = 0
    private(set) var count = 0

    init() {}

    /// Destroys the values left and frees the storage: the owner's deinit.
    @inline(__always)
    mutating func free() {
        guard let storage else { return }
        var offset = 0
        while offset < count {
            let index = head + offset
            storage.advanced(by: index < capacity ? index : index - capacity).deinitialize(count: 1)
            offset += 1
        }
        storage.deallocate()
        self = RingStorage()
    }

    /// `RingBuffer.append(_:)`, out of line (`appendToRing`): the owner's send stays small
    /// where it replaces the oldest instead (W26).
    @inline(__always)
    mutating func append(_ value: T) {
        appendToRing(&storage, capacity: &capacity, head: &head, count: &count, value)
        checkInvariants()
    }

    /// `RingBuffer.replaceOldest(with:)`: the one-value case in place, in the owner's send.
    @inline(__always)
    mutating func replaceOldest(with value: T) {
        precondition(count > 0, "RingStorage.replaceOldest(with:): the ring is empty")
        if count == 1 {
            // The oldest is the newest (a replayLast subject's one value): overwritten in place.
            storage.unsafelyUnwrapped.advanced(by: head).pointee = value
            checkInvariants()
        } else {
            replaceOldestOfSeveralInRing(storage.unsafelyUnwrapped, capacity: capacity, head: &head, count: count, with: value)
            checkInvariants()
        }
    }

    /// `RingBuffer.element(at:)`.
    @inline(__always)
    func element(at offset: Int) -> T {
        precondition(offset >= 0 && offset < count, "RingStorage.element(at:): offset \(offset) out of range")
        let index = head + offset
        return storage.unsafelyUnwrapped[index < capacity ? index : index - capacity]
    }

    /// Debug builds: `RingBuffer`'s first invariant (compiled out of release builds).
    @inline(__always)
    func checkInvariants() {
        #if DEBUG
        precondition(
            count >= 0 && count <= capacity && head >= 0 && head < Swift.max(capacity, 1)
                && (storage == nil) == (capacity == 0),
            "RingStorage: broken invariant (head \(head), count \(count), capacity \(capacity))")
        #endif
    }
}

/// `RingStorage.append(_:)`: grows the storage when it is full (doubled, 4 slots at first, its
/// two runs moved to the start of the new storage, oldest first; `head` is then 0), then
/// initializes the slot after the newest. A free function, passed the element type only.
private func appendToRing<T>(
    _ storage: inout UnsafeMutablePointer<T>?, capacity: inout Int, head: inout Int, count: inout Int, _ value: T
) {
    if count == capacity {
        (storage, capacity) = grownRing(storage, capacity: capacity, head: head, count: count)
        head = 0
    }
    let end = head + count
    // `initialize(repeating:count:)` rather than `initialize(to:)`: a second caller of that one
    // in the module left `RingBuffer.append` calling it out of line (W8 +9 instructions per
    // event).
    storage.unsafelyUnwrapped.advanced(by: end < capacity ? end : end - capacity).initialize(repeating: value, count: 1)
    count += 1
}

/// The storage a full ring grows into, for both kinds of ring: doubled (4 slots at first), the
/// ring's two runs moved to its start, oldest first, and the old storage freed, so the ring's
/// head is 0 after. Once per doubling, but inlined: a `Command` execution's replay subject grows
/// its ring at its first value, and the call cost each execution 24 instructions (A1).
@inline(__always)
private func grownRing<T>(
    _ storage: UnsafeMutablePointer<T>?, capacity: Int, head: Int, count: Int
) -> (UnsafeMutablePointer<T>, Int) {
    let newCapacity = Swift.max(4, capacity * 2)
    let grown = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
    if let storage {
        let firstRun = Swift.min(count, capacity - head)
        grown.moveInitialize(from: storage.advanced(by: head), count: firstRun)
        grown.advanced(by: firstRun).moveInitialize(from: storage, count: count - firstRun)
        storage.deallocate()
    }
    return (grown, newCapacity)
}

/// `RingStorage.replaceOldest(with:)` when the ring holds more than one value, out of line.
private func replaceOldestOfSeveralInRing<T>(
    _ storage: UnsafeMutablePointer<T>, capacity: Int, head: inout Int, count: Int, with value: T
) {
    if count == capacity {
        // Full: the oldest slot is the one after the newest, so it becomes the newest.
        storage.advanced(by: head).pointee = value
    } else {
        storage.advanced(by: head).deinitialize(count: 1)
        let end = head + count
        storage.advanced(by: end < capacity ? end : end - capacity).initialize(repeating: value, count: 1)
    }
    head += 1
    if head == capacity { head = 0 }
}
