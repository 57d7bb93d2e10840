/// The output of one combineLatest subscription: performs `CombineLatestState`'s actions under
/// the output point's lock, and reads the inputs' latest values through `combine`.
///
/// Each input keeps its own latest value, so an event costs one lock and the output value,
/// nothing else. `combine` refers to the inputs, which refer back to this object; the cycle is
/// cut when the subscription ends (terminated or disposed): by the inputs' compound, disposed
/// with the subscription (`CombineLatestInputs2`, `CycleCuttingCompound`).
@usableFromInline
final class CombineLatestSink<Output>: OutputPoint<Output>, CombineLatestCycle, @unchecked Sendable {
    // Guarded by `lock`.
    // Unchecked, measured: the optimizer keeps its dynamic check; W5 +161 %, W23 +162 %, W28 +92 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) @usableFromInline var combine: (() -> Output)?
    // 32 bits on Linux (`HandOffCount`), so that `state` packs right after it: 4 bytes less
    // per subscription (Benchmarks/HISTORY.md, "Issue 37: combineLatest's memory, tenth pass").
    private let releaseCombine = LockHandOff()
    // Guarded by `lock`. Last: it ends in bytes, which no padding follows here (the instance
    // is 15 bytes smaller than with it between the word-sized fields).
    private var state: CombineLatestState

    @usableFromInline
    init(downstream: some Subscriber<Output>, inputCount: Int) {
        state = CombineLatestState(inputCount: inputCount)
        // A plain compound: the inputs' compound, its child, cuts the cycle when it is disposed
        // (with this one, or at once when it joins this one disposed: `startCombineLatest`).
        // Until the tenth pass this one cut it, a reference to this sink more (16 bytes per
        // subscription, with the two- and three-signal forms' inputs' compound already an object
        // of its own: Benchmarks/HISTORY.md, "Issue 37: combineLatest's memory, tenth pass").
        super.init(downstream: downstream, disposable: CompoundDisposable())
    }

    /// Cuts the cycle through `combine` (the closure holds the inputs, which hold this sink),
    /// once the subscription has ended (called by the inputs' compound as it is disposed):
    /// under the lock — handed to the thread holding it, if another does (the lock rule: a
    /// disposal never waits for a lock held across a delivery).
    func cutCycle() {
        releaseCombine.run(under: lock) { self.combine = nil }
    }

    /// Subscribes `signal` with `input`, one of this sink's, its subscription gathering in
    /// `inputs` (see `OutputPoint.subscribeInput`): RAC's `createSignal` block's compound, which
    /// joins the subscription only once every input is subscribed. Passed by the caller, who
    /// holds it while the inputs are subscribed: kept in a field of the sink, it was 8 bytes of
    /// every live subscription (combine3 637 -> 629 B; Benchmarks/HISTORY.md, "Issue 37:
    /// combineLatest's memory, ninth pass (helper, 2026-12-03)"), set and cleared per
    /// subscription.
    /// Inlinable: in the caller's specialized code, a plain subject's entry for the input is
    /// built with cached metadata (`subscribeBuildingEntryHereUnlessWrapped`); built in the
    /// subject's generic `subscribe`, each was a look-up in the runtime's tables (R7: about
    /// 500 instructions per input).
    ///
    /// An input made for a plain subject (`isForASubject`: `signal` was one, and subscriptions
    /// were not wrapped, when it was made) is that subject's entry itself, so its subscription is
    /// the input (one object per input where an entry held the input: Benchmarks/HISTORY.md,
    /// "Issue 37: combineLatest's memory, tenth pass"); the first input of the two- and
    /// three-signal forms is also `inputs`, which then does not gather itself.
    @inlinable
    func subscribeInput<T, Input: SubjectEntryOf<T> & Subscriber<T>>(
        _ signal: Signal<T>, _ input: Input, into inputs: CompoundDisposable
    ) {
        if input.isForASubject {
            ownEntrySubscribed(input.subscribeToItsSubject(), gatheringIn: inputs)
            return
        }
        if type(of: signal) == Subject<T>.self { subscribingPlainSubject() }
        inputSubscribed(signal.subscribeBuildingEntryHereUnlessWrapped(input), gatheringIn: inputs)
    }

    /// `subscribeInput` for the last input of the three-signal form, whose subscription joins
    /// the subscription beside the inputs' compound instead of in it (`makeCombineLatest3`):
    /// returned here, for the caller to add once the compound has joined.
    @inlinable
    func subscribeLastInput<T, Input: SubjectEntryOf<T> & Subscriber<T>>(
        _ signal: Signal<T>, _ input: Input
    ) -> Disposable {
        if input.isForASubject { return input.subscribeToItsSubject() }
        if type(of: signal) == Subject<T>.self { subscribingPlainSubject() }
        let subscription = signal.subscribeBuildingEntryHereUnlessWrapped(input)
        inputSubscribeReturned()
        return subscription
    }

    @usableFromInline
    func start() {
        serialize { perform(state.start(), error: nil) }
        settleHandOff()
    }

    /// Called by every thread right after its `serialize`: releases `combine` if a disposal
    /// handed that to it.
    @inline(__always)
    func settleHandOff() {
        releaseCombine.settle(under: lock) { combine = nil }
    }

    /// Called inside `serialize`, after an input stored a new latest value.
    func received(isFirst: Bool) {
        perform(state.received(isFirst: isFirst), error: nil)
    }

    /// `received(isFirst:)` for the first input of the two- and three-signal forms
    /// (`CombineLatestInputs2`), whose "has value" flag is kept in `state`.
    func receivedByFirstInput() {
        perform(state.receivedByFirstInput(), error: nil)
    }

    func inputCompleted() {
        serialize { perform(state.completed(), error: nil) }
        settleHandOff()
    }

    func fail(_ error: any Error) {
        serialize { perform(state.failed(), error: error) }
        settleHandOff()
    }

    /// Called inside `serialize`.
    private func perform(_ action: CombineLatestState.Action, error: (any Error)?) {
        switch action {
        case .none:
            break
        case .sendLatest:
            if isOpen, let combine { send(combine()) }
        case .complete, .fail:
            if finish(error: error) { combine = nil }
        }
    }
}

/// The inputs' compound of a two-signal combineLatest (see `CombineLatestSink.subscribeInput`), which is
/// also its first input and holds the second, so that `combine` captures one reference, this
/// compound, and needs no context of its own (capturing both inputs, it was one allocation per
/// subscription more), and the first input is no object of its own (one allocation less per
/// subscription, R7). What holds it: the subscription's compound once it has joined, `combine`
/// until the cut, and the first signal's subscription (as its subscriber) until that ends — so
/// the cycle through the inputs goes with the cut, and the one between this compound and its
/// child, the first signal's subscription, goes when either is disposed. It makes the cut
/// itself, once it has disposed its children (`dispose()`), as `CycleCuttingCompound` does for
/// the other forms: it is disposed whenever the subscription ends, with the subscription's
/// compound or at once if it joins that one disposed (`OutputPoint.inputSubscribed`,
/// `joinInputs`), so the subscription's compound needs no reference to the sink. The second
/// input, and this object, are made by the caller, in its specialized code (made here, in
/// generic code, each would look its metadata up at run time).
///
/// The first input behaves as `CombineLatestInput` does (the same statements; see it for the
/// fields' attributes), but its "has value" flag is kept in the sink's state
/// (`CombineLatestState.receivedByFirstInput`): a field here took a word of its own, 8 bytes
/// per subscription (Benchmarks/HISTORY.md, "Issue 37: combineLatest's memory, tenth pass").
/// Made for a plain subject (`plainSubjectUnlessWrapped`), it is also the first signal's
/// subscription: that subject's entry (`SubjectEntryOf`), held by the subject's list while
/// listed, where an entry of the subject's own held it (64 B and an allocation per
/// subscription more; the same record). Not final: the three-signal form adds its third input.
@usableFromInline
class CombineLatestInputs2<A, B, Output, SlotA: LatestValueSlot>: SubjectEntryOf<A>, Subscriber,
    @unchecked Sendable where SlotA.Element == A {
    private final let sink: CombineLatestSink<Output>
    @usableFromInline final let second: CombineLatestInput<B, Output, B?>
    // Guarded by `sink.lock`. Last: a field of generic type has a size known only at run time,
    // so the fields after it would sit at offsets read from the metadata on every access.
    // Unchecked, measured: the optimizer keeps its dynamic check; W5 +161 %, W23 +162 %, W28 +92 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) @usableFromInline internal final var latestValue = SlotA.empty

    // Always inlined into its allocating init (the entry point the caller's code calls): out
    // of line, the optimizer gave this init borrowed parameters (`…cfcTf4ggn_n`), so each
    // subscription retained the sink and the second input again to store them and released
    // the caller's references afterwards: R7 9,428.8 -> 9,315.6 instructions per cycle
    // (Benchmarks/HISTORY.md, "Issue 37: combineLatest's construction, seventh pass (helper,
    // 2026-12-03)"). (`@inlinable` is not an option: with library evolution a class's
    // inlinable designated init must delegate to another.)
    @usableFromInline @inline(__always)
    init(
        _ sink: CombineLatestSink<Output>, _ second: CombineLatestInput<B, Output, B?>,
        ownSubscriberOf subject: Subject<A>?
    ) {
        self.sink = sink
        self.second = second
        super.init(ownSubscriberOf: subject)
    }

    /// The first input's latest value (see `CombineLatestInput.latest`). Checked against the
    /// slot itself, not a flag: the flag is in the sink's private state, and the slot's own
    /// `nil` is exact (the slot is `A?`, so a stored `nil` of an optional `A` is `.some(nil)`).
    @inlinable
    final var latest: A {
        precondition(latestValue.holdsValue, "combineLatest read an input before its first value")
        return latestValue.value
    }

    /// Disposes the inputs' subscriptions, then cuts the sink's cycle (see the type's note).
    /// The sink is held strongly, as `CycleCuttingCompound` holds it: once the cut is made only
    /// this object refers to it, and this object is let go of with the subscription's compound
    /// (a disposed compound keeps no child) and the first signal's subscription.
    /// Made for a plain subject, this object is also the first signal's subscription (that
    /// subject's entry: `SubjectEntryOf`), so the disposal also takes it out of that subject,
    /// after the other inputs (unobservable: a plain subject's subscription has no disposal
    /// effect of its own; with any other first signal its subscription is the first child, as
    /// before).
    override final func dispose() {
        guard disposeEntry() else { return }
        sink.cutCycle()
    }

    /// As the subject's entry, ended by that subject's terminal event: nothing to dispose. The
    /// children are the other inputs' subscriptions, which go on (the result completes once
    /// every input has); this input's own subscription ended as the subject took the entry out.
    override final func endForTerminalEvent() {}

    // As the subject's entry (made for a plain subject): the subject calls these.
    override final func deliverNext(_ value: A) { sendNext(value) }
    override final func deliverError(_ error: any Error) { sink.fail(error) }
    override final func deliverCompleted() { sink.inputCompleted() }

    @usableFromInline
    final func didSubscribe(with disposable: CompoundDisposable) { sink.inputDidSubscribe(with: disposable) }

    @usableFromInline
    final func sendNext(_ value: A) {
        sink.serialize {
            latestValue = SlotA(holding: value)
            sink.receivedByFirstInput()
        }
        sink.settleHandOff()
    }

    @usableFromInline final func sendError(_ error: any Error) { sink.fail(error) }
    @usableFromInline final func sendCompleted() { sink.inputCompleted() }
}

/// `CombineLatestInputs2` for three signals (W23's form): the first input and the inputs'
/// compound in one object, holding the other two inputs and the operator's `reduce` (see
/// `makeCombineLatest3(_:_:_:reduce:)`), which `combine` reads from here.
@usableFromInline
final class CombineLatestInputs3<A, B, C, Output, SlotA: LatestValueSlot>: CombineLatestInputs2<A, B, Output, SlotA>,
    @unchecked Sendable where SlotA.Element == A {
    @usableFromInline let third: CombineLatestInput<C, Output, C?>
    @usableFromInline let reduce: (A, B, C) -> Output

    @usableFromInline
    init(
        _ sink: CombineLatestSink<Output>, _ second: CombineLatestInput<B, Output, B?>,
        _ third: CombineLatestInput<C, Output, C?>, reduce: @escaping (A, B, C) -> Output,
        ownSubscriberOf subject: Subject<A>?
    ) {
        self.third = third
        self.reduce = reduce
        super.init(sink, second, ownSubscriberOf: subject)
    }
}

/// What `CycleCuttingCompound` cuts (non-generic, so that the compound's class is not generic
/// either and needs no metadata look-up per subscription).
protocol CombineLatestCycle: AnyObject, Sendable {
    func cutCycle()
}

/// The inputs' compound of a combineLatest subscription of four signals or more, of an array or
/// of a pack (`startCombineLatest`), which cuts its sink's cycle once it has disposed its
/// children (until issue 37 a separate cutter, the compound's first child, cut it just before
/// them: what the cut releases — the closure holding the inputs — is not reachable from
/// outside, so the order cannot be told). Until the tenth pass of issue 37's memory work this
/// was the subscription's compound, and the inputs' one a plain compound: the inputs' compound
/// is disposed whenever the subscription ends (with it, or at once when it joins it disposed),
/// and the two- and three-signal forms' (`CombineLatestInputs2`) can then cut without a
/// reference more.
///
/// It holds the sink strongly, not unowned: `terminate` on one thread can clear `combine` —
/// dropping the last other strong reference to the sink — while a `dispose()` on another thread
/// is about to cut (the stress tests crashed with unowned). Not weak either: a weak reference
/// gives the sink a side table (an allocation) and moves every retain and release of it to the
/// slow path (R7). The reference goes once the cut is made, so a disposed subscription that
/// is still held keeps nothing.
final class CycleCuttingCompound: CompoundDisposable, @unchecked Sendable {
    /// Set by `init`; read and cleared only by the one caller whose `dispose()` disposed it.
    private var target: (any CombineLatestCycle)?

    init(cutting target: any CombineLatestCycle) {
        self.target = target
        super.init()
    }

    override func dispose() {
        guard disposeChildren() else { return }
        let cut = target
        target = nil
        cut?.cutCycle()
    }
}

/// Where an input keeps its latest value: `Optional`, passed as a type parameter of the input
/// so that its metadata is resolved once, with the input's type, instead of at every value
/// (the library's generic code would look `Optional<Element>` up at run time per access; W5).
@usableFromInline
protocol LatestValueSlot {
    associatedtype Element
    static var empty: Self { get }
    init(holding value: Element)
    /// Whether a value was stored (checked where the caller's specialized code reads it).
    var holdsValue: Bool { get }
    /// The value; only called once one was stored.
    var value: Element { get }
}

extension Optional: LatestValueSlot {
    @usableFromInline static var empty: Self { nil }
    @usableFromInline init(holding value: Wrapped) { self = .some(value) }
    @inlinable var holdsValue: Bool {
        if case .some = self { return true }
        return false
    }
    @inlinable var value: Wrapped { uncheckedValue }
}

/// One input: holds that input's latest value.
///
/// Made for a plain subject (`plainSubjectUnlessWrapped`), it is that subject's entry itself
/// (`SubjectEntryOf`: the subject delivers to it and its disposal takes it out): until the
/// tenth pass of issue 37's memory work the subject made an entry of its own holding the input,
/// one allocation and 16 bytes more per input (Benchmarks/HISTORY.md, "Issue 37: combineLatest's
/// memory, tenth pass"). Made for any other signal, it subscribes as an ordinary subscriber and
/// its entry part stays unused. Counted as a live subscription part, as every `Sink` is.
@usableFromInline
final class CombineLatestInput<Element, Output, Slot: LatestValueSlot>: SubjectEntryOf<Element>, Subscriber,
    @unchecked Sendable where Slot.Element == Element {
    private let sink: CombineLatestSink<Output>
    // Guarded by `sink.lock`.
    // Read by the inlinable `latest`.
    // Unchecked, measured: the optimizer keeps its dynamic check; W5 +161 %, W23 +162 %, W28 +92 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) @usableFromInline internal var latestValue = Slot.empty
    // Unchecked, measured: the optimizer keeps its dynamic check; W5 +161 %, W23 +162 %, W28 +92 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) @usableFromInline internal var hasValue = false

    @usableFromInline
    init(_ sink: CombineLatestSink<Output>, ownSubscriberOf subject: Subject<Element>?) {
        self.sink = sink
        super.init(ownSubscriberOf: subject)
        LiveSubscriptions.increment()
    }

    deinit { LiveSubscriptions.decrement() }

    /// The latest value; read only by `sink.combine`, with the lock held, once every input
    /// has sent.
    // Inlinable: `combineLatest(with:)`'s pair reads it in the caller's specialized code,
    // where the slot is a concrete `Optional` (no value-witness calls per read).
    @inlinable
    var latest: Element {
        // `hasValue` rather than a nil check: Element may itself be optional.
        precondition(hasValue, "combineLatest read an input before its first value")
        return latestValue.value
    }

    // The subscription joins the sink's when it returns (`OutputPoint.subscribeInput`).
    @usableFromInline
    func didSubscribe(with disposable: CompoundDisposable) { sink.inputDidSubscribe(with: disposable) }

    @usableFromInline
    func sendNext(_ value: Element) {
        sink.serialize {
            latestValue = Slot(holding: value)
            let isFirst = !hasValue
            hasValue = true
            sink.received(isFirst: isFirst)
        }
        sink.settleHandOff()
    }

    @usableFromInline func sendError(_ error: any Error) { sink.fail(error) }
    @usableFromInline func sendCompleted() { sink.inputCompleted() }

    // As the subject's entry (made for a plain subject): the subject calls these.
    override func deliverNext(_ value: Element) { sendNext(value) }
    override func deliverError(_ error: any Error) { sink.fail(error) }
    override func deliverCompleted() { sink.inputCompleted() }
}
