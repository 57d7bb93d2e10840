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
/// It reaches its subject through an unretained reference behind a gate of its own
/// (`SubscriptionGate`, Memory/GatedReference.swift, which states the invariants): the subject
/// opens the gate when it lists the entry (`Subject.register`) and closes it, under its lock,
/// when the entry leaves the list other than by its own disposal — taken by a terminal event,
/// or still listed at the subject's deinit, which waits for a disposer the closing found
/// inside. The disposer visits the gate to retain the subject, and removes its entry holding
/// that reference, so the subject cannot go away while it is being used (RAC's subscription
/// disposable strongifies its weak subject likewise).
@usableFromInline
class SubjectEntryBase: CompoundDisposable, @unchecked Sendable {
    /// Where it sits in the subject's list (`notListed` when it is not in it); guarded by the
    /// subject's lock. 32 bits, sharing a word with the gate's 32-bit count (its own atomic,
    /// a separate memory location): 8 bytes less per entry, NextEntry 88 → 80 and
    /// SubjectEntry 80 → 72 (Benchmarks/HISTORY.md, "Issue 37: the memory of a subject's
    /// subscription, sixth pass"). A list of 2³² − 1 entries would take over 300 GB.
    private final var storedIndex = UInt32.max
    final let gate = SubscriptionGate()
    static var notListed: Int { Int(UInt32.max) }

    override init() {
        super.init()
    }

    /// An entry whose compound words hold its own: its subscriber's closure (`NextEntry`) or
    /// its subscriber (`SubjectEntry`).
    override init(ownContent: consuming DisposableContent) {
        super.init(ownContent: ownContent)
    }

    final var index: Int {
        @inline(__always) get { Int(storedIndex) }
        @inline(__always) set {
            #if DEBUG
            precondition(newValue >= 0 && newValue <= SubjectEntryBase.notListed, "SubjectEntryBase: index \(newValue) beyond 32 bits")
            #endif
            storedIndex = UInt32(truncatingIfNeeded: newValue)
        }
    }

    /// For the subject, under its lock, once, as it lists the entry.
    final func openGate() { gate.openGate() }

    /// For the subject, under its lock, once, as the entry leaves the list other than by its own
    /// disposal. True if a disposer is inside: the deinit waits for it (`waitForDisposer`).
    final func closeGate() -> Bool { gate.closeGate() }

    /// After `closeGate()`: whether the disposer that was inside has yet to leave.
    final var hasDisposerInside: Bool { gate.hasVisitorInside }

    /// After `closeGate()` reported a disposer inside: returns once it has left (it is inside
    /// for the length of one try-retain of the subject).
    final func waitForDisposer() { gate.waitForVisitor() }

    /// The disposal of the subscription without its removal, for the subject: called under its
    /// lock on an entry a terminal event has just taken out of the list, not disposed, right
    /// before the event reaches it (RAC's order). Disposes the children; overridden by an entry
    /// whose children are not its subscription's (`CombineLatestInputs2`, its own subscriber and
    /// also the compound of the other inputs' subscriptions, which this input's end must not end).
    func endForTerminalEvent() {
        _ = disposeChildren()
    }

    /// Lets go of the subscriber (the subject's reference to it, held while the entry is
    /// listed and until its terminal event has gone out), for the caller to release. Called with the
    /// subject's lock held, or from its deinit once nothing else can.
    func takeSubscriber() -> ManuallyRetained<AnyObject>? { nil }
}

/// The entries of a `Subject<Value>`: what the subject calls to deliver, and the disposal every
/// entry shares.
///
/// An entry may also be its own subscriber (combineLatest's inputs, `CombineLatestInput` and
/// `CombineLatestInputs2`: one object per input where an entry held an input), made with the
/// subject it will be listed in, or with none when its signal is not a plain subject: it then
/// subscribes that signal as an ordinary subscriber and is never listed (its gate stays
/// closed, so its disposal only disposes its children).
@usableFromInline
class SubjectEntryOf<Value>: SubjectEntryBase, @unchecked Sendable {
    /// Used only through the gate (`SubjectEntryBase`), which hands the disposer a strong
    /// reference while the subject is alive. Always a `Subject<Value>` (each init takes one),
    /// or `noSubject` for an entry that is never listed (see the type's note), whose gate never
    /// opens. Typed `AnyObject`, and no optional: an optional of the subject's type, or this
    /// reference typed with it, had the unspecialized code of these classes ask the runtime
    /// for the metadata at each init and disposal (R7 +1,900 instructions per cycle, measured).
    private final let subject: UnretainedReference<AnyObject>

    @usableFromInline
    init(subject: Subject<Value>) {
        self.subject = UnretainedReference(subject)
        super.init()
    }

    /// An entry that is its own subscriber, for `subject` — its signal, a plain `Subject` — or
    /// for none (see the type's note).
    @usableFromInline
    init(ownSubscriberOf subject: Subject<Value>?) {
        if let subject {
            self.subject = UnretainedReference(subject)
        } else {
            self.subject = UnretainedReference(noSubject)
        }
        super.init()
    }

    /// Whether this entry, its own subscriber, was made for a subject (`init(ownSubscriberOf:)`),
    /// which `subscribeToItsSubject()` lists it in.
    @usableFromInline
    final var isForASubject: Bool { !subject.refers(to: noSubject) }

    /// Lists this entry, its own subscriber, in its subject (`Subject.subscribe(ownEntry:)`), and
    /// returns it. Only on an entry `isForASubject`, by its maker, while it holds the subject (the
    /// signal it made this entry for), so that the reference is to a live subject.
    @usableFromInline
    final func subscribeToItsSubject() -> Disposable {
        precondition(isForASubject, "SubjectEntryOf.subscribeToItsSubject(): made for no subject")
        // A `Subject<Value>`: `init(ownSubscriberOf:)` stored one (tested just above).
        return knownClassCast(subject.object, to: Subject<Value>.self).subscribe(ownEntry: self)
    }

    init(subject: Subject<Value>, ownContent: consuming DisposableContent) {
        self.subject = UnretainedReference(subject)
        super.init(ownContent: ownContent)
    }

    /// Each called by the subject with its lock held, on a listed entry that is not disposed
    /// (`deliverError` and `deliverCompleted`: on one just taken from the list and disposed).
    func deliverNext(_ value: Value) {}
    func deliverError(_ error: any Error) {}
    func deliverCompleted() {}

    /// Disposing the subscription (`disposeEntry()`). Overridden only by an entry that is its
    /// own subscriber and must do more once disposed (`CombineLatestInputs2` cuts its sink's
    /// cycle).
    override func dispose() {
        disposeEntry()
    }

    /// Disposing the subscription: its children first (as `CompoundDisposable`), then its removal
    /// from the subject's list, holding the subject alive meanwhile. True for the one call that
    /// disposed it.
    @discardableResult
    final func disposeEntry() -> Bool {
        guard disposeChildren() else { return false }
        // Not retained: the gate was closed (the subject took the entry out itself) or the
        // subject is being deinitialized, which ends the entry; or it was never listed (its
        // subject is `noSubject`, and the gate never opened).
        guard gate.visitRetaining(subject) else { return true }
        // The strong reference lives until `unregister` has returned. A `Subject<Value>`: the
        // gate opened, so the subject listed this entry (`noSubject` is never listed).
        let removed = knownClassCast(subject.takeRetainedObject(), to: Subject<Value>.self).unregister(self)
        // Released only once the subject is let go of: a subscriber may hold the last
        // reference to the subject.
        removed.releaseAll()
        return true
    }
}

/// A subscription of a subject by a subscriber of type `S`.
///
/// Generic over the subscriber's type so that the subject's reference to it can be a trivial
/// `ManuallyRetained`, released by hand when the subscription ends: read from a mutable field,
/// an existential would be retained and released around every delivery.
///
/// The reference lives in the compound's own two words (`Disposable.content`, the first two
/// children's place; Memory/DisposableContent.swift states the invariants), as `NextEntry`'s
/// closure does, not in a field of its own: 72 → 64 bytes per entry (Benchmarks/HISTORY.md,
/// "Issue 37: combineLatest's memory, eighth pass"). Children added to it — a subscriber
/// may add some to the disposable it is given — go to the compound's `rest`
/// (`slotsHoldOwnContent`).
///
/// Named through `SubjectEntry<S>`; generic over the value type too, so that its superclass is
/// `SubjectEntryOf<Value>`, not `SubjectEntryOf<S.Value>`: the runtime, making the metadata of
/// each new `SubjectEntry<S>`, resolved `S.Value` by searching the conformance records for
/// `S: Subscriber` (about 310,000 instructions per subscriber type the first time; a
/// `Command`'s init made seven, issue 37).
@usableFromInline
final class SubjectEntryFor<Value, S: Subscriber<Value>>: SubjectEntryOf<Value>, @unchecked Sendable {
    // The subject's reference to the subscriber: set by `Subject.register`, taken by
    // `takeSubscriber()`, guarded by the subject's lock (`content`'s exclusivity is unchecked:
    // the lock is the check, and the dynamic one is most of a delivery's cost, W17).

    @usableFromInline
    override init(subject: Subject<Value>) {
        super.init(subject: subject, ownContent: DisposableContent(ownerReference: ()))
    }

    deinit {
        // Before the compound's deinit, which would read the reference as a second child.
        content.clearOwnerReference()
    }

    /// Called by `Subject.register`, with the subject's lock held.
    func retain(_ subscriber: S) {
        content.setOwnerReference(ManuallyRetained.retain(subscriber))
        LiveSubscriptions.increment()
    }

    override func takeSubscriber() -> ManuallyRetained<AnyObject>? {
        guard let taken = content.takeOwnerReference() else { return nil }
        LiveSubscriptions.decrement()
        return taken
    }

    /// The subscriber, borrowed: only on a listed entry, under the subject's lock, where it is
    /// set (the subject delivers only to entries it lists, and takes the subscriber only when
    /// it stops listing one).
    @inline(__always)
    private func withSubscriber(_ body: (S) -> Void) {
        content.withOwnerReference(as: S.self, body)
    }

    override func deliverNext(_ value: Value) {
        withSubscriber { $0.sendNext(value) }
    }

    override func deliverError(_ error: any Error) {
        withSubscriber { $0.sendError(error) }
    }

    override func deliverCompleted() {
        withSubscriber { $0.sendCompleted() }
    }
}

/// A subscription of a subject by a subscriber of type `S` (see `SubjectEntryFor`).
@usableFromInline
typealias SubjectEntry<S: Subscriber> = SubjectEntryFor<S.Value, S>

/// The subscription of `subscribeNext(_:)` to a plain `Subject`: the entry and the subscriber in
/// one object, holding the `next` closure itself where a `SubjectEntry<NextSubscriber<Value>>`
/// held a subscriber holding it (one allocation and 80 + 33 bytes → 88 per live subscription;
/// Benchmarks/HISTORY.md, "Issue 37: the memory of a subject's subscription, third pass").
///
/// What the subscriber did, it does: the closure gets the values, nothing else (a terminal
/// event takes the entry out of the list, so nothing follows one), and it is let go of when
/// the subscription ends — the subject takes it (`takeSubscriber`) when it stops listing the
/// entry, as it lets go of a subscriber — while the entry, the disposable the caller holds,
/// may live on. The closure is called borrowed, under the subject's lock: what
/// `takeSubscriber` hands back is its context, which the subject keeps until its outermost
/// send has ended, as it keeps a subscriber let go of during a send.
///
/// The closure lives in the compound's own two words (`Disposable.content`, the first two
/// children's place; Memory/DisposableContent.swift states the invariants), not in a field of
/// its own: 80 → 64 bytes per entry (Benchmarks/HISTORY.md, "Issue 37: the memory of a
/// subject's subscription, seventh pass"). Its children — the caller may add
/// some to the disposable it was given — all go to the compound's `rest` instead
/// (`slotsHoldOwnContent`).
@usableFromInline
final class NextEntry<Value>: SubjectEntryOf<Value>, @unchecked Sendable {
    @usableFromInline
    init(subject: Subject<Value>, next: consuming @escaping (Value) -> Void) {
        super.init(subject: subject, ownContent: DisposableContent(closure: next))
        // A live subscription while it holds the closure, as a `SubjectEntry` while it holds
        // its subscriber.
        LiveSubscriptions.increment()
    }

    deinit {
        #if DEBUG
        // Never listed (a registration handed off and dropped with its subject): the closure
        // goes with the entry.
        if content.holdsClosure { LiveSubscriptions.decrement() }
        #endif
        // Before the compound's deinit, which would read the function pointer as a child.
        content.releaseClosure()
    }

    // Guarded by the subject's lock (taken by the subject with it held, or by its deinit).
    override func takeSubscriber() -> ManuallyRetained<AnyObject>? {
        #if DEBUG
        guard content.holdsClosure else { return nil }
        LiveSubscriptions.decrement()
        #endif
        return content.takeClosureContext(as: Value.self)
    }

    /// The closure, taken out before the entry is used, for a traced subscription (which goes
    /// through a subscriber, which the trace wraps).
    func takeClosure() -> (Value) -> Void {
        LiveSubscriptions.decrement()
        return content.takeClosure(as: Value.self)!
    }

    override func deliverNext(_ value: Value) {
        content.callClosure(value)
    }
}

/// What an entry made for no subject refers to (`SubjectEntryOf.init(ownSubscriberOf:)`): only
/// compared with, never used (such an entry is never listed, so its gate never opens).
let noSubject: NoSubject = NoSubject()
final class NoSubject: Sendable {}

/// Subscribers a subject let go of, for the caller to release once it is done with the
/// subject: usually one (a disposal's own), more when the caller also removed entries handed
/// off by other threads.
struct ReleasedSubscribers {
    private var first: ManuallyRetained<AnyObject>?
    private var more: [ManuallyRetained<AnyObject>]?

    init() {}

    mutating func append(_ subscriber: ManuallyRetained<AnyObject>?) {
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
    case subscriber(ManuallyRetained<AnyObject>)
}
