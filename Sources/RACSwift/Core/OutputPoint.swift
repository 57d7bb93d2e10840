/// The output side of an operator that merges several inputs into one subscriber — merge and
/// the flatten family, switchToLatest, zip, combineLatest, bind, sample, take(until:),
/// take(untilReplacement:), and timeout (its source and its timer) — and its serializing
/// point: in RAC, the passthrough subscriber of the `createSignal` block each of them is
/// written with.
///
/// `serialize` runs a block under `lock`, which serializes the output and guards the
/// subclass's own state; the other methods are called inside it. Once a terminal event has
/// gone out or disposal has begun, nothing more goes out, terminal events included: an input
/// that completes or fails *because* it is being disposed must not reach the subscriber
/// (RAC's passthrough checks one disposed flag for every event).
///
/// A termination is carried out by `endOutput` (below), the last step every serializing
/// point shares: dispose, then send the terminal event (RAC's order), both under `lock`.
/// Disposing there is safe because of the lock rule (contract article, "Which locks"): a
/// disposal never waits for a lock held across a delivery — a subject's subscription hands
/// its removal to the thread delivering, and a disposal action that needs an operator's lock
/// only tries it — so no thread delivering into this point can be waited for. One claimed by
/// the outermost `serialize` waits until its body has run; one nested inside a delivery on
/// the same thread happens at once, where RAC sends it.
@usableFromInline
class OutputPoint<Output>: Sink, @unchecked Sendable {
    /// The subscription; the inputs' subscriptions are added to it.
    @usableFromInline final let disposable: CompoundDisposable
    final let lock = RecursiveLock()
    private final let downstream: any Subscriber<Output>
    // Guarded by `lock`. No `@exclusivity(unchecked)`: the optimizer drops the dynamic checks
    // of these private fields itself (R3, M1, W4, W5, W8, R4, D1, R6, R7 unchanged without
    // it; Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two").
    private final var isTerminated = false
    /// Nested `serialize` calls on the thread holding `lock`. 32 bits, beside `isTerminated`:
    /// the two share a word, and every output point (merge, combineLatest, zip…) is 8 bytes
    /// smaller (a nesting as deep as 2^32 would have overflowed the stack long before).
    private final var depth: UInt32 = 0
    /// A termination claimed by the outermost `serialize`, carried out once it has let go.
    private final var pending: Terminal?
    /// The input inside its `subscribe` (see `subscribeInput`); touched only by the thread
    /// subscribing the inputs.
    private final var inputBeingSubscribed = InputBeingSubscribed.none

    /// Where the input being subscribed stands. The same 16 bytes as the optional pair it
    /// replaces (the cases without payload take the reference's spare bits).
    private enum InputBeingSubscribed {
        case none
        /// Part of `disposable` until its `subscribe` returns (see `subscribeInput`).
        case live(CompoundDisposable, CompoundDisposable.Removal)
        /// A plain subject's subscription, which needs no such step (`subscribingPlainSubject`).
        case plainSubject
    }

    private enum Terminal {
        case completed
        case failed(any Error)
    }

    /// `disposable` is the subscription's compound, when a `LiftedSignal` made it.
    @usableFromInline
    init(downstream: some Subscriber<Output>, disposable: CompoundDisposable = CompoundDisposable()) {
        self.downstream = downstream
        self.disposable = disposable
    }

    /// Runs `body` with `lock` held, then carries out a termination it claimed.
    ///
    /// Always inlined: it runs once per value at every level of a merge, and left to itself
    /// the optimizer called it unspecialized (generic over `R`, the body a closure context),
    /// seen under callgrind in R3 and M1 (inlined: R3 −6.3%, M1 −13.5%; Benchmarks/HISTORY.md,
    /// "Issues 17 and 20, second session").
    @inline(__always) @discardableResult
    final func serialize<R>(_ body: () -> R) -> R {
        lock.withLock { () -> R in
            depth += 1
            let result = body()
            depth -= 1
            if depth == 0, let terminal = pending {
                pending = nil
                lock.endOutput(disposing: disposable) { deliver(terminal) }
            }
            return result
        }
    }

    /// Whether events still go out.
    final var isOpen: Bool {
        @inline(__always) get { !isTerminated && !disposable.isDisposed }
    }

    /// Whether a terminal event went out or is on its way (disposal from outside does not
    /// count). Read under the lock: it is asked off the delivery path (merge, once disposed
    /// while subscribing), where an inner on another thread may be terminating meanwhile.
    final var hasTerminated: Bool { lock.withLock { isTerminated } }

    /// Sends `value`, unless the output has ended.
    // Always inlined: once per value at every level of a merge (R3), in generic code
    // (Benchmarks/HISTORY.md, "Issue 20, third session", the merge point's per-value path).
    @inline(__always)
    final func send(_ value: Output) {
        if isOpen { downstream.sendNext(value) }
    }

    /// Ends the output, unless it has ended: disposes the subscription, then sends `error`,
    /// or completion if it is nil (RAC's order). True if this call ended it. Called inside
    /// `serialize`. From the outermost one, both steps wait until its body has run; nested
    /// inside a delivery on this thread, they happen at once. Either way through `endOutput`.
    @discardableResult
    final func finish(error: (any Error)?) -> Bool {
        guard isOpen else { return false }
        isTerminated = true
        let terminal: Terminal = error.map { .failed($0) } ?? .completed
        if depth == 1 {
            pending = terminal
        } else {
            // Nested inside a delivery on this thread: dispose, then send at once, where RAC
            // sends it.
            lock.endOutput(disposing: disposable) { deliver(terminal) }
        }
        return true
    }

    private final func deliver(_ terminal: Terminal) {
        switch terminal {
        case .completed: downstream.sendCompleted()
        case .failed(let error): downstream.sendError(error)
        }
    }
}

extension OutputPoint {
    /// Subscribes one input of an operator that subscribes its inputs in turn (zip,
    /// combineLatest) the way RAC's `createSignal` block does: the inputs' subscriptions gather
    /// in `inputs`, the block's compound, each once its `subscribe` has returned (the inputs'
    /// `didSubscribe(with:)` keeps nothing), and the compound joins `disposable` only once every input is
    /// subscribed (`joinInputs`; RACDynamicSignal.m:44-45). A terminal event sent while the
    /// inputs are being subscribed therefore goes out first — `-sendError:` and
    /// `-sendCompleted` dispose what has joined, then deliver (RACSubscriber.m:78, :88) — and
    /// the inputs subscribed so far are disposed after it, once the ending input's
    /// subscription has returned; every later input is still subscribed, with a subscription
    /// of its own, and disposed as soon as that returns (RAC's `+zip:` and `+combineLatest:`
    /// nest one two-input block per input, RACStream's `+join:block:`, and each block disposes
    /// its inputs when it returns to a subscription already over).
    ///
    /// One difference from RAC, so that the result still stops an input that sends forever
    /// from inside its `subscribe` (a synchronous infinite signal zipped with a finite one,
    /// or under `take`): while an input is inside its `subscribe`, its subscription is also
    /// part of `disposable` (`inputDidSubscribe`), so the result's end disposes it at once —
    /// before the terminal event, where RAC disposes it once its `subscribe` has returned and
    /// a synchronous infinite input never stops. An input that ended the result by its own
    /// terminal event has ended its subscription already, so the order differs only for one
    /// still live (porting guide, "Deliberate differences from RAC"). combineLatest skips this
    /// step for a plain subject, which cannot send from inside its `subscribe`
    /// (`subscribingPlainSubject`).
    @usableFromInline
    final func subscribeInput<T>(_ signal: Signal<T>, _ input: some Subscriber<T>, gatheringIn inputs: CompoundDisposable) {
        inputSubscribed(signal.subscribe(input), gatheringIn: inputs)
    }

    /// The rest of `subscribeInput` once the input's `subscribe` has returned `subscription`,
    /// for a caller that subscribes the input itself (combineLatest, which builds a subject's
    /// entry for it in the caller's specialized code).
    @usableFromInline
    final func inputSubscribed(_ subscription: Disposable, gatheringIn inputs: CompoundDisposable) {
        inputSubscribeReturned()
        inputs.add(subscription)
        // Read without the lock, as `isOpen` does: the flag is set before the terminal event
        // goes out, on the thread that sent it.
        if disposable.isDisposed { inputs.dispose() }
    }

    /// `inputSubscribed` for an input that is its plain subject's entry itself
    /// (`CombineLatestSink.subscribeInput`), whose subscription, `entry`, is the input: no
    /// `didSubscribe` came, so nothing joined `disposable` meanwhile. Gathers it in `inputs`
    /// unless it is `inputs` itself (the first input of the two- and three-signal
    /// combineLatest).
    @usableFromInline
    final func ownEntrySubscribed(_ entry: Disposable, gatheringIn inputs: CompoundDisposable) {
        if entry !== inputs { inputs.add(entry) }
        // As in `inputSubscribed`.
        if disposable.isDisposed { inputs.dispose() }
    }

    /// The step of `inputSubscribed` that ends the input's `subscribe`: its subscription leaves
    /// `disposable` if it had joined it meanwhile (`inputDidSubscribe`). Called alone for the
    /// last input of the three-signal combineLatest, whose subscription the caller adds to
    /// `disposable` itself, after the inputs' compound (`makeCombineLatest3`).
    @usableFromInline @inline(__always)
    final func inputSubscribeReturned() {
        switch inputBeingSubscribed {
        case .none: break
        case .live(let live, let removal):
            inputBeingSubscribed = .none
            disposable.remove(live, addedAs: removal)
        case .plainSubject:
            inputBeingSubscribed = .none
        }
    }

    /// Called by the input `subscribeInput` is subscribing, from its `didSubscribe(with:)`
    /// (synchronously, on the subscribing thread): its subscription is part of `disposable`
    /// until its `subscribe` returns — unless the result is over already, when a later input
    /// runs with a subscription of its own, as in RAC.
    @usableFromInline
    final func inputDidSubscribe(with subscription: CompoundDisposable) {
        if case .plainSubject = inputBeingSubscribed { return }
        if disposable.isDisposed { return }
        inputBeingSubscribed = .live(subscription, disposable.addRemovable(subscription))
    }

    /// Called by `subscribeInput`'s caller right before it subscribes an input that is a plain
    /// `Subject` (the exact class): its subscription does not join `disposable` while its
    /// `subscribe` runs. That step exists to stop an input that sends forever from inside its
    /// `subscribe`; a plain subject's `subscribe` sends nothing (it registers the entry and
    /// calls the input's `didSubscribe(with:)`, this point's own code), and a value another
    /// thread sends meanwhile is delivered as it would be a moment later: if the result ends
    /// meanwhile, the subscription is disposed when `subscribe` returns (`inputSubscribed`),
    /// as in RAC. Saves an addition to and a removal from the subscription's compound, each
    /// under its lock, per input (R7: about 340 instructions per cycle).
    @usableFromInline
    final func subscribingPlainSubject() {
        inputBeingSubscribed = .plainSubject
    }

    /// The end of the block `subscribeInput` describes: the inputs' compound joins the
    /// subscription (disposed at once if that is over).
    @usableFromInline
    final func joinInputs(_ inputs: CompoundDisposable) {
        disposable.add(inputs)
    }
}

extension RecursiveLock {
    /// The terminal rule's last step, shared by every serializing point that holds this lock
    /// while it delivers — the output point, `create`'s subscriber (`PassthroughSubscriber`) and
    /// `AnySubscriber` — once it has closed its output under the lock: disposes `subscription`,
    /// then runs `deliver` (the terminal event), so that it goes out where RAC sends it, nested
    /// inside a delivery if there is one.
    ///
    /// Both with the lock held, at every level this thread holds it and at every serializing
    /// point further up its stack: by the lock rule (contract article, "Which locks") a
    /// disposal takes only locks that are never held while waiting for another — a subject's
    /// subscription hands its removal to the thread delivering from that subject — so it
    /// cannot wait for a thread that waits for one of these. (Until issue 30 the disposal ran
    /// with this lock released, which left the locks further up held: that cycle is gone.)
    func endOutput(disposing subscription: Disposable, then deliver: () -> Void) {
        subscription.dispose()
        deliver()
    }
}

/// The output point of a sink fed by one serialized source that owns its subscription's
/// compound (a `LiftedSignal` made it): the same rule as `OutputPoint` without the lock, since
/// the source delivers one event at a time. Nothing goes out once the subscription is
/// disposed — by a terminal event or from outside — and a terminal event disposes the
/// subscription before it goes out (RAC's order).
///
/// Values go out unchecked: the source stops sending once its subscription, part of this one,
/// is disposed. The sink checks `isOpen` itself where it sends values of its own after the
/// source has ended (takeLast's buffer).
@usableFromInline
class SerialOutputPoint<Output>: Sink, @unchecked Sendable {
    /// The subscription; the source's subscription joins it.
    @usableFromInline final let disposable: CompoundDisposable
    private final let downstream: any Subscriber<Output>

    @usableFromInline
    init(downstream: any Subscriber<Output>, disposable: CompoundDisposable) {
        self.downstream = downstream
        self.disposable = disposable
    }

    /// The source's subscription joins the output's (the `Subscriber` requirement of the
    /// subclass).
    @usableFromInline final func didSubscribe(with source: CompoundDisposable) {
        // A sink passed on to the signal whose subscription it is (RAC's concat does that).
        if source !== disposable { disposable.add(source) }
    }

    /// Whether events still go out.
    final var isOpen: Bool { !disposable.isDisposed }

    /// Sends `value` (see the type's note on checks).
    final func send(_ value: Output) {
        downstream.sendNext(value)
    }

    /// Ends the output, unless it has ended: disposes the subscription, then sends `error`, or
    /// completion if it is nil.
    final func finish(error: (any Error)?) {
        guard isOpen else { return }
        disposable.dispose()
        if let error { downstream.sendError(error) } else { downstream.sendCompleted() }
    }

    /// How an operator that answers once, at its source's end (aggregate, collect, any/all,
    /// materialize's last event), ends: it sends `value`, then — unless the subscriber
    /// disposed meanwhile, also while receiving `value` — disposes and completes.
    final func finish(sending value: Output) {
        guard isOpen else { return }
        downstream.sendNext(value)
        finish(error: nil)
    }
}

/// One piece of cleanup that a disposal must do under a serializing point's lock without
/// waiting for it (the lock rule): run at once if the lock is free or this thread's, else
/// handed to the thread holding it, which runs it right after it lets go (`settle`). The work
/// must be idempotent and need nothing but the lock (it releases what a disposed point no
/// longer uses: combineLatest's closure, which holds the inputs that hold the point).
struct LockHandOff: ~Copyable {
    private let count = HandOffCount()

    init() {}

    /// For the disposal.
    func run(under lock: borrowing RecursiveLock, _ work: () -> Void) {
        if lock.withLockIfAvailable(work) != nil { return }
        count.add(1)
        // The holder may have let go before it could see the count: look again.
        settle(under: lock, work)
    }

    /// For each thread that held `lock`, right after it let go.
    @inline(__always)
    func settle(under lock: borrowing RecursiveLock, _ work: () -> Void) {
        if count.mayBeNonZero { settleHandedOff(under: lock, work) }
    }

    @inline(never)
    private func settleHandedOff(under lock: borrowing RecursiveLock, _ work: () -> Void) {
        while count.mayBeNonZero {
            let settled: Void? = lock.withLockIfAvailable {
                guard count.mayBeNonZero else { return }
                count.add(-1)
                work()
            }
            if settled == nil { return }
        }
    }
}
