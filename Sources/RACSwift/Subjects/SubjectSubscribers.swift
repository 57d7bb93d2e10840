import Foundation

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
///
/// It is also the disposable, in `subscription`, that removes it from the subject's list (in
/// O(1): it knows where it sits) — one object where a separate slot made two. That makes a
/// cycle (entry → subscription → entry), which disposing the subscription breaks, and
/// otherwise the subject's deinit (`Subject.deinit` takes each live entry out of its
/// subscription, without disposing anything). Not a `Sink`, being a `Disposable`: it counts
/// itself as a live subscription part.
class SubjectEntryBase: Disposable, @unchecked Sendable {
    final let subscription: CompoundDisposable
    /// Where it sits in the subject's list; guarded by the subject's lock.
    final var index: Int
    // Not the subject: a subscription must not keep its subject alive.
    private final let link: SubjectLink

    init(subscription: CompoundDisposable, index: Int, link: SubjectLink) {
        self.subscription = subscription
        self.index = index
        self.link = link
        super.init()
        LiveSubscriptions.increment()
    }

    deinit { LiveSubscriptions.decrement() }

    override final func dispose() {
        guard markDisposed() else { return }
        link.unregister(self)
    }
}

/// One subscriber of a subject and its subscription.
final class SubjectEntry<Value>: SubjectEntryBase, @unchecked Sendable {
    let subscriber: any Subscriber<Value>

    init(_ subscriber: some Subscriber<Value>, subscription: CompoundDisposable, index: Int, link: SubjectLink) {
        self.subscriber = subscriber
        super.init(subscription: subscription, index: index, link: link)
    }
}

/// A subject, as its slots see it.
protocol SubjectSlotOwner: AnyObject {
    /// Removes `entry` from the list; returns it, for the caller to release once it has let
    /// go of the subject (releasing it may release the subject: see `SubjectLink`).
    func unregister(_ entry: SubjectEntryBase) -> SubjectEntryBase?
}

/// How a subject's entries (as their subscriptions' disposables) reach it, instead of a weak reference (which would give the subject
/// a side table and send every retain and release of it — by its senders, on every send of
/// some workloads — down the runtime's slow path). One per subject, made with its first
/// subscription, held strongly by the subject and its entries; the subject itself is reached
/// unretained.
///
/// Sound against a dispose racing the subject's deinit: a disposer enters (adds 1 to
/// `state`) before it touches the subject and leaves (subtracts 1) when it is done; the deinit
/// first closes the link (adds `closed`, making `state` negative) and then waits until every
/// disposer that entered before has left. Both are read-modify-writes of one atomic, so they
/// are ordered: a disposer that entered first finds the subject alive and intact (the deinit
/// has not yet got past closing; its own unretained use is then as safe as the subject's
/// own code), and one that enters later sees the link closed and does nothing. The disposer
/// releases the removed entry only after leaving: the entry's subscriber may hold the last
/// reference to the subject, whose deinit, run on the disposer's own thread, would otherwise
/// wait for it forever.
final class SubjectLink: @unchecked Sendable {
    private let state = AtomicCounter()
    unowned(unsafe) private let owner: any SubjectSlotOwner
    /// Added by the deinit; far beyond any number of disposers in flight.
    private static let closed = -(1 << 40)

    init(_ owner: any SubjectSlotOwner) {
        self.owner = owner
    }

    /// Removes `entry` from the subject's list, unless the subject has begun to deinit.
    func unregister(_ entry: SubjectEntryBase) {
        var removed: SubjectEntryBase?
        if state.add(1) >= 0 { removed = owner.unregister(entry) }
        state.add(-1)
        _ = removed  // released here, after leaving
    }

    /// Called first thing by the subject's deinit: from here on no disposer touches it.
    func close() {
        if state.add(Self.closed) == Self.closed { return }
        // A disposer is inside `unregister` on another thread, for the length of one removal.
        while state.value != Self.closed { sched_yield() }
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
