import Foundation

/// The subjects' sources after a terminal event that came before any source: disposed, so
/// that adding a source to it disposes the source at once. Shared, since a disposed compound
/// holds nothing (its `add` and `remove` are thread-safe and keep nothing).
let disposedSources: CompoundDisposable = {
    let compound = CompoundDisposable()
    compound.dispose()
    return compound
}()

/// One subscription of a subject: the disposable `subscribe` returns (and gives the
/// subscriber), and the subject's record of its subscriber, in one object. The list holds
/// this non-generic base, so that walking it costs no generic metadata work.
///
/// It reaches its subject through an unretained reference (a subscription must not keep its
/// subject alive, and a weak reference would give the subject a side table and send every
/// retain and release of it down the runtime's slow path), guarded by a gate of its own:
///
/// - The gate opens when the subject lists the entry (`Subject.register`) and is closed by the
///   subject, under its lock, when the entry leaves the list other than by its own disposal:
///   taken by a terminal event, or still listed at the subject's deinit. An entry that is never
///   listed keeps it closed.
/// - The one caller that disposes the entry enters (adds 1) before it touches the subject and
///   leaves (subtracts 1) when it is done with it; entering a closed gate does nothing else.
///   Both are read-modify-writes of one atomic, so they are ordered with the opening and the
///   closing: a disposer that enters an open gate finds the subject alive and intact, and
///   one that finds it closed never touches the subject.
/// - Closing reports whether a disposer is inside; the subject keeps such entries and its
///   deinit waits, with its lock released, until each of those has left (`Subject.deinit`),
///   unless that disposer is on the deinit's own thread: it released the subject's last
///   reference itself, once done with it.
///   A disposer that removed its entry itself is done with the subject once it has
///   unlocked the subject's lock, which the deinit takes first.
@usableFromInline
class SubjectEntryBase: CompoundDisposable, @unchecked Sendable {
    /// Where it sits in the subject's list (`notListed` when it is not in it); guarded by the
    /// subject's lock.
    final var index = SubjectEntryBase.notListed
    /// `open` while the gate is open, plus the disposers inside (at most one: the caller that
    /// won the disposal).
    private final let gate = AtomicCounter()
    /// Far beyond any number of disposers inside.
    private static var open: Int { 1 << 40 }
    static var notListed: Int { .max }

    /// For the disposing caller: whether it may use the subject. It calls `leave()` either way.
    final func enter() -> Bool { gate.add(1) > Self.open }

    final func leave() { gate.add(-1) }

    /// For the subject, under its lock, once, as it lists the entry.
    final func openGate() { gate.add(Self.open) }

    /// For the subject, under its lock, once, as the entry leaves the list other than by its own
    /// disposal. True if a disposer is inside; it may still use the subject (it waits for its lock).
    final func closeGate() -> Bool { gate.add(-Self.open) != 0 }

    /// After `closeGate()`: whether the disposer that was inside has yet to leave.
    final var hasDisposerInside: Bool { gate.value != 0 }

    /// The thread of the disposer, written by it before it enters (so the entering publishes
    /// it to whoever closes the gate after).
    @exclusivity(unchecked) private final var disposerThread: UInt = 0

    /// For the disposing caller: `enter()`, noting its thread.
    final func enterNotingThread() -> Bool {
        disposerThread = currentThreadID()
        return enter()
    }

    /// After `closeGate()` reported a disposer inside: returns once it has left. It is
    /// inside for the length of one removal from the subject's list — unless it is this
    /// thread: the subject's last reference was then released by the disposer itself, done
    /// with the subject (a build without optimization retains and releases the subject around
    /// the removal), and waiting would never end.
    final func waitForDisposer() {
        if disposerThread == currentThreadID() { return }
        while hasDisposerInside { sched_yield() }
    }

    /// Lets go of the subscriber (the subject's reference to it, held while the entry is
    /// listed and until its terminal event has gone out), for the caller to release. Called with the
    /// subject's lock held, or from its deinit once nothing else can.
    func takeSubscriber() -> Unmanaged<AnyObject>? { nil }
}

/// The entries of a `Subject<Value>`: what the subject calls to deliver.
@usableFromInline
class SubjectEntryOf<Value>: SubjectEntryBase, @unchecked Sendable {
    /// Each called by the subject with its lock held, on a listed entry that is not disposed
    /// (`deliverError` and `deliverCompleted`: on one just taken from the list and disposed).
    func deliverNext(_ value: Value) {}
    func deliverError(_ error: any Error) {}
    func deliverCompleted() {}
}

/// A subscription of a subject by a subscriber of type `S`.
///
/// Generic over the subscriber's type so that the subject's reference to it can be a trivial
/// `Unmanaged`, released by hand when the subscription ends: read from a mutable field, an
/// existential would be retained and released around every delivery.
@usableFromInline
final class SubjectEntry<S: Subscriber>: SubjectEntryOf<S.Value>, @unchecked Sendable {
    /// Valid while the gate lets a disposer in (see `SubjectEntryBase`). Unmanaged and used
    /// borrowed: an `unowned(unsafe)` reference is retained and released around each use, and
    /// that release, inside the gate, could be the subject's last (its deinit, run there, would
    /// wait for this very disposer).
    private let subject: Unmanaged<Subject<S.Value>>
    /// The subject's reference to the subscriber, retained by hand: set by `Subject.register`,
    /// taken by `takeSubscriber()`. Guarded by the subject's lock.
    @exclusivity(unchecked) private var subscriber: Unmanaged<S>?

    @usableFromInline
    init(subject: Subject<S.Value>) {
        self.subject = .passUnretained(subject)
        super.init()
    }

    /// Called by `Subject.register`, with the subject's lock held.
    func retain(_ subscriber: S) {
        self.subscriber = .passRetained(subscriber)
        LiveSubscriptions.increment()
    }

    override func takeSubscriber() -> Unmanaged<AnyObject>? {
        guard let taken = subscriber else { return nil }
        subscriber = nil
        LiveSubscriptions.decrement()
        return Unmanaged.fromOpaque(taken.toOpaque())
    }

    override func deliverNext(_ value: S.Value) {
        subscriber.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.sendNext(value) }
    }

    override func deliverError(_ error: any Error) {
        subscriber.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.sendError(error) }
    }

    override func deliverCompleted() {
        subscriber.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.sendCompleted() }
    }

    /// Disposing the subscription: its children first (as `CompoundDisposable`), then its removal
    /// from the subject's list, through the gate.
    override func dispose() {
        guard disposeChildren() else { return }
        var removed = ReleasedSubscribers()
        if enterNotingThread() { removed = subject._withUnsafeGuaranteedRef { $0.unregister(self) } }
        leave()
        // Released only after leaving: a subscriber may hold the last reference to the
        // subject, whose deinit, run here, may wait for this disposer to leave.
        removed.releaseAll()
    }
}

/// Subscribers a subject let go of, for the caller to release once it is done with the
/// subject: usually one (a disposal's own), more when the caller also removed entries handed
/// off by other threads.
struct ReleasedSubscribers {
    private var first: Unmanaged<AnyObject>?
    private var more: [Unmanaged<AnyObject>]?

    init() {}

    mutating func append(_ subscriber: Unmanaged<AnyObject>?) {
        guard let subscriber else { return }
        if first == nil {
            first = subscriber
        } else if more == nil {
            more = [subscriber]
        } else {
            more!.append(subscriber)
        }
    }

    func releaseAll() {
        first?.release()
        if let more { for subscriber in more { subscriber.release() } }
    }
}

/// What a subscription or a disposal hands to the thread delivering from a subject
/// (`Subject.handedOff`): a removal, or a registration (the entry, kept for its identity, and
/// the subject's `register` call with the subscriber's type). Not nested in the generic
/// `Subject`, as `SubjectRetired`.
enum SubjectHandOff {
    case removal(SubjectEntryBase)
    case registration(SubjectEntryBase, (AnyObject) -> Void)
}

/// What a subject keeps until the sends in progress have ended (`Subject.retired`): a list
/// they may be walking, or a subscriber let go of meanwhile. Not nested in the generic
/// `Subject`, which would make it generic too, and every check of the array a run-time
/// metadata look-up.
enum SubjectRetired {
    case list(SubjectEntryList)
    case subscriber(Unmanaged<AnyObject>)
}
