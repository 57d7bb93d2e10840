/// The merge point: the one sink behind `bind`, `flattenMap`, `flatten`,
/// `flatten(maxConcurrent:)`, `concat()` of a signal of signals, `merge` and both `concat`s of
/// given signals (RAC builds all of them on `-bind:` or `-flatten:`). It subscribes to the
/// source, turns each value into an inner signal, subscribes the inners (at most
/// `maxConcurrent` at a time; the others wait in `MergeState`'s queue) and serializes all
/// their events into one output.
///
/// What differs between the operators is a parameter: `maxConcurrent` (0 for merge and
/// flatten, 1 for the concats), and how a value becomes an inner signal — flattenMap's
/// transform, where nil is an empty signal, or bind's binding function, where nil or `stop`
/// ends the source. Signals given up front (merge, concat) are sent as the values of a
/// source that then completes (`MergeSignal`). `bind` runs its block on the subscription
/// scheduler before it subscribes this sink.
///
/// The rules are `MergeState`'s; this class runs them under `lock` and performs their actions:
/// subscriptions once the lock is released, the output's events inside `serialize`. A
/// finished inner subscription leaves `disposable` at once, so a long-lived flatten does not
/// accumulate them.
@usableFromInline
final class MergeSink<Source, Value>: OutputPoint<Value>, Subscriber, @unchecked Sendable {
    // The flatten family calls `transform`, a closure in a `let`, borrowed; bind's function is
    // an optional, nil for the others (a placeholder built here, in generic code, would be an
    // allocation per subscription: R6), and bind builds the placeholder `transform` instead.
    private let transform: (Source) -> Signal<Value>?
    private let bindingFunction: ((Source, inout Bool) -> Signal<Value>?)?
    // `ReturnSignal<Value>`, when the sink was built where that type is known without a
    // lookup (the caller's specialized code): a `return` inner, the usual result of a
    // flattenMap closure, is then recognized by its class and its value sent directly, without
    // the virtual `isConstant` and `deliverConstant` calls and the closure the latter calls
    // (R3: about 30 instructions per value and level; Benchmarks/HISTORY.md, "Issue 20, third session"). Looking the type up here, in generic
    // code, would cost a runtime metadata lookup per subscription.
    private let returnSignalType: ObjectIdentifier?
    // Subscribes an inner with a new input in `flattenMap`'s caller, where the types are
    // concrete (`subscribeMergeInput`): the input — for a plain subject, the subject's entry
    // itself (`MergeSubjectInput`) — is built with cached metadata, not looked up in the
    // runtime's tables per inner as here (D1: about 840 instructions per inner).
    private let subscribeInput: ((Signal<Value>, MergeSink<Source, Value>) -> Void)?
    // The thread running the drain loop (`currentThreadID()`), 0 when none runs; guarded by
    // `lock`. Its completions start the next waiting signal nested, as RAC does.
    private var drainer: UInt = 0
    // The signal a `startNested` action starts, handed over under `lock` (a field rather than
    // a value carried along, so the usual path — unbounded, or no loop running — stays as it
    // was: R3, W4; Benchmarks/HISTORY.md, "Issue 30b").
    // Unchecked, measured: the optimizer keeps its dynamic check; W4 +69 %, R3 +49 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var nestedNext: AnyObject?
    // Bind's source subscription, for `stopSource`; touched only by the source's deliveries,
    // which come one at a time.
    private var sourceSubscription: CompoundDisposable?
    // Guarded by `lock`, hence no dynamic exclusivity checks (they cost two runtime calls per
    // access from the closures the lock runs).
    // Unchecked, measured: the optimizer keeps its dynamic check; W4 +69 %, R3 +49 %, R6 +11 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    //
    // Its inners are `AnyObject`, not `Signal<Value>`: a machine of a type that depends on
    // `Value` made this class's unspecialized `init` look up the metadata of
    // `MergeState<Signal<Value>>` and of `Signal<Value>` in the runtime's tables, for every
    // subscription (R6: about 3,300 of its 20,800 instructions per cycle; Benchmarks/HISTORY.md,
    // "Issue 37: construction allocations and memory per live subscription (helper, 2026-12-02)").
    // Everything the sink puts in is a `Signal<Value>`, and what comes out is cast back
    // (`waitingSignal`).
    @exclusivity(unchecked) var state: MergeState<AnyObject>
    // Touched only by the source's deliveries, which come one at a time. Declared after
    // `state`, whose last fields are bytes, so that it takes no word of its own (see
    // `MergeState`'s layout).
    private var isSourceStopped = false

    /// The flatten family: each value becomes the signal `transform` returns (nil: an empty
    /// one). `returnSignalType` identifies `ReturnSignal<Value>` (see the field).
    // `consuming`: left to itself the optimizer made this init borrow its arguments, so the
    // allocating init retained each again to store it and then released the caller's
    // references — three retains and three releases per subscription more than needed (R6:
    // 15,872 -> 15,392 instructions per cycle; Benchmarks/HISTORY.md, "Issue 37: flattenMap's
    // construction, the Z family and its memory, third pass (helper, 2026-12-02)").
    // Each is moved into its field (`consume`): copied, the transform and `subscribeInput`
    // were retained to be stored and released at the end, and the optimizer, finding them
    // only borrowed, gave the init borrowed parameters again (a thunk releasing the caller's
    // references after the call): R6 15,248 -> 14,678 (Benchmarks/HISTORY.md, "Issue 37: the
    // workloads on the line, eighth pass").
    @usableFromInline
    init(
        downstream: consuming some Subscriber<Value>, maxConcurrent: Int,
        transform: consuming @escaping (Source) -> Signal<Value>?,
        disposable: consuming CompoundDisposable = CompoundDisposable(), returnSignalType: ObjectIdentifier? = nil,
        subscribeInput: consuming ((Signal<Value>, MergeSink<Source, Value>) -> Void)? = nil
    ) {
        self.transform = consume transform
        self.bindingFunction = nil
        self.returnSignalType = returnSignalType
        self.subscribeInput = consume subscribeInput
        self.state = MergeState(maxConcurrent: maxConcurrent)
        super.init(downstream: consume downstream, disposable: consume disposable)
        if maxConcurrent > 0 { releaseWaitingOnDisposal() }
    }

    /// `bind`: each value goes to `binding`; a nil signal or `stop` ends the source.
    init(
        downstream: some Subscriber<Value>, binding: @escaping (Source, inout Bool) -> Signal<Value>?,
        disposable: CompoundDisposable
    ) {
        self.transform = { _ in preconditionFailure("MergeSink: no transform") }
        self.bindingFunction = binding
        self.returnSignalType = nil
        self.subscribeInput = nil
        self.state = MergeState(maxConcurrent: 0)
        super.init(downstream: downstream, disposable: disposable)
    }

    /// Disposal releases the waiting signals at once, not when the source lets go of this sink
    /// — if the lock is free: a disposal never waits for a lock held across a delivery (the
    /// lock rule, contract article). Held by another thread, the waiting signals go with the
    /// sink, which nothing starts any more.
    private func releaseWaitingOnDisposal() {
        disposable.add(Disposable { [weak self] in
            guard let self else { return }
            self.lock.withLockIfAvailable { self.state.disposed() }
        })
    }

    // MARK: The source

    @usableFromInline func didSubscribe(with source: CompoundDisposable) {
        if bindingFunction != nil { sourceSubscription = source }
        disposable.add(source)
    }

    @usableFromInline func sendNext(_ value: Source) {
        guard !isSourceStopped, !disposable.isDisposed else { return }
        guard let bindingFunction else {
            arrive(transform(value))
            return
        }
        var stop = false
        let signal = bindingFunction(value, &stop)
        if let signal { arrive(signal) }
        if signal == nil || stop { stopSource() }
    }

    @usableFromInline func sendError(_ error: any Error) {
        guard !isSourceStopped else { return }
        isSourceStopped = true
        fail(error)
    }

    @usableFromInline func sendCompleted() {
        guard !isSourceStopped else { return }
        isSourceStopped = true
        serialize { settle(state.sourceCompleted()) }
    }

    /// Bind's binding function ended the source: its subscription is disposed and counts as
    /// completed.
    private func stopSource() {
        isSourceStopped = true
        if let sourceSubscription {
            sourceSubscription.dispose()
            disposable.remove(sourceSubscription)
        }
        serialize { settle(state.sourceCompleted()) }
    }

    // Always inlined, as are `startConstant` and `constantEnded` (MergeConstantInners.swift) and
    // `OutputPoint.send`: this class's code is generic (compiled once, for every type of value), and each of these
    // steps was a call of its own for every value at every level of a flatten (R3; Benchmarks/HISTORY.md,
    // "Issue 20, third session", the merge point's per-value path). `consuming`:
    // the signal moves into the binding; bound from a borrowed optional it was copied, a retain
    // and a release per value and level.
    @inline(__always)
    private func arrive(_ arrived: consuming Signal<Value>?) {
        guard let signal = consume arrived else {
            // An empty signal; one is built only if it has to wait in the queue.
            if case .start = serialize({ state.innerArrived(Signal<Value>.empty) }) { start(nil) }
            return
        }
        let isReturn = ObjectIdentifier(type(of: signal)) == returnSignalType
        if isReturn || signal.isConstant, Scheduler.isCurrentSet {
            startConstant(signal, isArriving: true, isReturn: isReturn)
            return
        }
        if case .start = serialize({ state.innerArrived(signal) }) { start(signal) }
    }

    // MARK: Inner signals

    func forward(_ value: Value) {
        serialize { send(value) }
    }

    func fail(_ error: any Error) {
        serialize {
            if case .fail = state.failed() { finish(error: error) }
        }
    }

    /// An inner signal completed; `subscription` is its disposable (nil if it never gave
    /// one), added to `disposable` as `removal`.
    func innerCompleted(_ subscription: CompoundDisposable?, removal: CompoundDisposable.Removal?) {
        if let subscription, let removal { disposable.remove(subscription, addedAs: removal) }
        follow(serialize { settle(completion()) })
    }

    /// The transition for an inner signal's completion: on the thread running the drain loop
    /// the next waiting signal may start nested (RAC's order; see `MergeState`). Called inside
    /// `serialize`.
    @inline(__always)
    func completion() -> MergeAction {
        // `drainer` is 0 unless a drain loop runs (bounded mode only): the usual completion
        // reads one word more than before, and the rest stays out of line.
        if drainer != 0 { return completionWhileDraining() }
        return state.innerCompleted()
    }

    @inline(never)
    private func completionWhileDraining() -> MergeAction {
        if drainer == currentThreadID() {
            return state.innerCompletedInDrain(isOpen: isOpen, into: &nestedNext)
        }
        return state.innerCompleted()
    }

    /// Performs the output's part of `action`; returns what is left for after the lock is
    /// released. Called inside `serialize`. Always inlined, as `follow`: both run for every
    /// constant inner (W4, R3), and the compiler stopped inlining them once they grew (about
    /// 70 instructions per value on W4; Benchmarks/HISTORY.md, "Issue 30b").
    @inline(__always)
    func settle(_ action: MergeAction) -> MergeAction {
        if case .complete = action {
            finish(error: nil)
            return .none
        }
        if case .drain = action { becomeDrainer() }
        return action
    }

    /// This thread runs the drain loop. Called inside `serialize`.
    @inline(never)
    private func becomeDrainer() {
        drainer = currentThreadID()
    }

    /// Performs what `settle` left, with `lock` released.
    @inline(__always)
    func follow(_ action: MergeAction) {
        if case .drain = action {
            drainWaiting()
        } else if case .startNested = action {
            startNested()
        }
    }

    /// Starts the signal a `startNested` action handed over, nested in the completion being
    /// delivered on this thread (RAC's order; see `MergeState`).
    @inline(never)
    private func startNested() {
        let next = serialize { () -> AnyObject? in
            defer { nestedNext = nil }
            return nestedNext
        }
        start(waitingSignal(next))
        serialize { state.nestedStartReturned() }
    }

    /// Starts waiting signals while there is room; run by one thread at a time.
    private func drainWaiting() {
        while true {
            var next: AnyObject?
            let action = serialize { () -> MergeAction in
                let action = settle(state.nextWaiting(isOpen: isOpen, into: &next))
                if case .start = action { return action }
                drainer = 0
                return action
            }
            guard case .start = action else { return }
            start(waitingSignal(next))
        }
    }

    /// A signal `state` handed back: only this sink puts signals in it, every one a
    /// `Signal<Value>` (`knownClassCast`'s promise; debug builds check it).
    @inline(__always)
    private func waitingSignal(_ inner: AnyObject?) -> Signal<Value>? {
        guard let inner else { return nil }
        return knownClassCast(inner, to: Signal<Value>.self)
    }

    /// `concat`'s signals, given up front: each starts from inside its predecessor's
    /// completion (RAC's chain of `-concat:`), this thread starting the first.
    func concatenate(_ signals: [Signal<Value>]) {
        isSourceStopped = true
        var first: AnyObject?
        // An upcast of an array of class references: the same storage, not a copy.
        guard case .drain = serialize({ settle(state.sourceSentAll(signals as [AnyObject], first: &first)) }) else {
            return
        }
        start(waitingSignal(first))
        drainWaiting()
    }

    /// Subscribes an inner signal already counted in `active` (nil: an empty one).
    ///
    /// A constant inner signal (`return`, `empty`, `error`, the usual result of a
    /// `flattenMap` closure) subscribed while a scheduler is current would send everything
    /// synchronously, right here; its events are delivered directly instead, with the checks
    /// its subscription would make, and no subscription objects are built. When no scheduler
    /// is current the signal is subscribed, so its events arrive on the subscription
    /// scheduler as usual.
    private func start(_ signal: Signal<Value>?) {
        if let signal, !signal.isConstant {
            if let subscribeInput {
                subscribeInput(signal, self)
            } else {
                signal.subscribe(MergeInput(self))
            }
            return
        }
        if !Scheduler.isCurrentSet {
            (signal ?? Signal<Value>.empty).subscribe(MergeInput(self))
            return
        }
        guard let signal else {
            follow(serialize { settle(constantEnded()) })
            return
        }
        startConstant(signal, isArriving: false, isReturn: false)
    }
}
