/// The subjects' sources after a terminal event that came before any source: disposed, so
/// that adding a source to it disposes the source at once. Shared, since a disposed compound
/// holds nothing (its `add` and `remove` are thread-safe and keep nothing).
let disposedSources: CompoundDisposable = {
    let compound = CompoundDisposable()
    compound.dispose()
    return compound
}()

/// One subscription of a subject. The list holds this non-generic base, so that iterating
/// it costs no generic metadata work; every element is a `SubjectEntry<Value>` of the
/// subject's `Value`.
class SubjectEntryBase: Sink, @unchecked Sendable {
    final let subscription: CompoundDisposable
    final let slot: SubjectSlot

    init(subscription: CompoundDisposable, slot: SubjectSlot) {
        self.subscription = subscription
        self.slot = slot
    }
}

/// One subscriber of a subject and its subscription.
final class SubjectEntry<Value>: SubjectEntryBase, @unchecked Sendable {
    let subscriber: any Subscriber<Value>

    init(_ subscriber: some Subscriber<Value>, subscription: CompoundDisposable, slot: SubjectSlot) {
        self.subscriber = subscriber
        super.init(subscription: subscription, slot: slot)
    }
}

/// A subject, as its slots see it.
protocol SubjectSlotOwner: AnyObject {
    func unregister(_ slot: SubjectSlot)
}

/// Where an entry sits in its subject's list, for O(1) removal; disposing it (as part of the
/// subscription) removes the entry.
final class SubjectSlot: Disposable, @unchecked Sendable {
    var index: Int  // guarded by the subject's lock
    // Weak: a subscription must not keep its subject alive.
    private weak var owner: (any SubjectSlotOwner)?

    init(_ index: Int, owner: any SubjectSlotOwner) {
        self.index = index
        self.owner = owner
        super.init()
    }

    override func dispose() {
        guard markDisposed() else { return }
        owner?.unregister(self)
    }
}

/// A subject's subscriber list: strong references in a buffer the subject manages by hand, so
/// that a send can walk it through a plain pointer. Copying the struct does not copy the
/// buffer; `copy()` does, and `free()` releases the entries and the buffer.
struct SubjectEntryList {
    private(set) var base: UnsafeMutablePointer<SubjectEntryBase?>?
    private(set) var count = 0
    private var capacity = 0

    subscript(index: Int) -> SubjectEntryBase? {
        get {
            precondition(index >= 0 && index < count)
            return base.unsafelyUnwrapped[index]
        }
        set {
            precondition(index >= 0 && index < count)
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    mutating func append(_ entry: SubjectEntryBase) {
        if count == capacity { grow(to: Swift.max(4, capacity * 2)) }
        (base.unsafelyUnwrapped + count).initialize(to: entry)
        count += 1
    }

    mutating func removeLast() {
        precondition(count > 0)
        count -= 1
        (base.unsafelyUnwrapped + count).deinitialize(count: 1)
    }

    /// A list of its own holding the same entries.
    func copy() -> SubjectEntryList {
        var copy = SubjectEntryList()
        if count > 0, let base {
            copy.grow(to: count)
            copy.base.unsafelyUnwrapped.initialize(from: base, count: count)
            copy.count = count
        }
        return copy
    }

    /// Releases every entry and the buffer, leaving the list empty.
    mutating func free() {
        if let base {
            base.deinitialize(count: count)
            base.deallocate()
        }
        self = SubjectEntryList()
    }

    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<SubjectEntryBase?>.allocate(capacity: newCapacity)
        if let base {
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = grown
        capacity = newCapacity
    }
}
