extension Signal {
    /// Sends the latest values of this signal and `other` as a pair, each time either sends,
    /// once both have sent at least one value (RAC's `-combineLatestWith:`).
    ///
    /// ```
    /// self:           -a---c|
    /// other:          --x-y|
    /// combineLatest:  --1-23|     1 = (a, x), 2 = (a, y), 3 = (c, y)
    /// ```
    ///
    /// Completes only when both have completed — also when one completes without ever
    /// sending, in which case nothing is sent but the result still waits for the other. An
    /// error from either is forwarded at once and disposes the other.
    /// Each pair goes out on the thread of the source event that caused it, one at a time.
    // Inlinable so that the pair is built with the caller's types (see
    // `subscribeCombineLatestPair`).
    @inlinable
    public func combineLatest<U>(with other: Signal<U>) -> Signal<(Value, U)> {
        OperatorSignal((self, other)) { subscriber, inputs in
            subscribeCombineLatestPair(subscriber, inputs.0, inputs.1) { first, second in
                (first.latest, second.latest)
            }
        }
        .named("[\(name)] -combineLatestWith: \(other)")
    }

    /// Sends an array of the latest values of `signals`, in their order, each time any of
    /// them sends, once every one has sent at least one value (RAC's `+combineLatest:`).
    ///
    /// Completes only when every signal has completed; an empty array completes at once
    /// without sending. An error from any is forwarded at once and disposes the others.
    /// Each array goes out on the thread of the source event that caused it, one at a time.
    public static func combineLatest<T>(_ signals: [Signal<T>]) -> Signal<Value> where Value == [T] {
        OperatorSignal(signals) { subscriber, signals in subscribeCombineLatest(subscriber, signals) }
            .named("+combineLatest: \(signals)")
    }

    /// `combineLatest(_:)` on an array, with each array of latest values passed through
    /// `reduce` (RAC's `+combineLatest:reduce:`).
    /// Terminates and delivers as `combineLatest(_:)` on an array does.
    public static func combineLatest<T>(
        _ signals: [Signal<T>], reduce: @escaping @Sendable ([T]) -> Value
    ) -> Signal<Value> {
        Signal<[T]>.combineLatest(signals).map(reduce).named("+combineLatest: \(signals) reduce:")
    }

    /// Sends a tuple of the latest values of the given signals, each time any of them sends,
    /// once every one has sent at least one value (RAC's `+combineLatest:` with a literal
    /// array, typed). Any number of signals of any types; a call with two to six signals uses
    /// the fixed-arity overload of the same name, which type-checks faster.
    ///
    /// Completes only when every signal has completed; an error from any is forwarded at
    /// once and disposes the others.
    /// Each tuple goes out on the thread of the source event that caused it, one at a time.
    public static func combineLatest<each S>(
        _ signals: repeat Signal<each S>
    ) -> Signal<Value> where Value == (repeat each S) {
        makeCombineLatest(repeat each signals)
    }

    /// The typed `combineLatest` of any number of signals, with each tuple of latest values
    /// passed to `reduce` as separate arguments (RAC's `+combineLatest:reduce:`).
    /// Terminates and delivers as the typed `combineLatest(_:)` does.
    public static func combineLatest<each S>(
        _ signals: repeat Signal<each S>, reduce: @escaping @Sendable (repeat each S) -> Value
    ) -> Signal<Value> {
        makeCombineLatest(repeat each signals)
            .map { (values: (repeat each S)) in reduce(repeat each values) }
            .named("+combineLatest: \(describeSignals(repeat each signals)) reduce:")
    }
}

/// The typed combineLatest of any number of signals: what every typed form (the any-arity
/// one and the fixed arities in CombineLatestAndZipArities.swift) builds.
func makeCombineLatest<each S>(_ signals: repeat Signal<each S>) -> Signal<(repeat each S)> {
    let signals = (repeat each signals)
    // The pack stays in this function: a type declaring a parameter pack needs
    // the Swift 5.9 runtime (macOS 14 / iOS 17); the package supports macOS 13 / iOS 16
    // (PlatformSupportTests keeps pack-declaring types out of the library).
    return OperatorSignal(()) { subscriber, _ in
        subscribeCombineLatest(subscriber, repeat each signals)
    }.named("+combineLatest: \(describeSignals(repeat each signals))")
}

/// RAC's description of the signals array in a debug name: `(<signal>, <signal>)`.
func describeSignals<each S>(_ signals: repeat Signal<each S>) -> String {
    var parts: [String] = []
    for signal in repeat each signals { parts.append("\(signal)") }
    return "(\(parts.joined(separator: ", ")))"
}

// MARK: - The state machine

/// The rules of one combineLatest subscription as a value: how many inputs have yet to send a
/// first value and how many are still running. The latest values live in the inputs; the sink
/// performs the actions.
struct CombineLatestState: Sendable {
    enum Action: Equatable, Sendable {
        case none
        /// Send the inputs' latest values.
        case sendLatest
        /// Complete the output.
        case complete
        /// Send the input's error.
        case fail
    }

    private var waitingForFirstValue: Int
    private var running: Int
    /// The state has asked for a terminal event; nothing more is asked for after it.
    private(set) var isFinished = false

    init(inputCount: Int) {
        waitingForFirstValue = inputCount
        running = inputCount
    }

    /// The subscription has begun: with no inputs there is nothing to combine (RAC's `+join:`
    /// of no signals is `+empty`).
    mutating func start() -> Action {
        guard running == 0, !isFinished else { return .none }
        isFinished = true
        return .complete
    }

    /// An input has sent a value; `isFirst` when it is that input's first.
    mutating func received(isFirst: Bool) -> Action {
        if isFirst { waitingForFirstValue -= 1 }
        return waitingForFirstValue == 0 && !isFinished ? .sendLatest : .none
    }

    /// An input has completed: the result completes once every input has — also one that
    /// never sent, as RAC's does.
    mutating func completed() -> Action {
        running -= 1
        guard running == 0, !isFinished else { return .none }
        isFinished = true
        return .complete
    }

    mutating func failed() -> Action {
        guard !isFinished else { return .none }
        isFinished = true
        return .fail
    }
}

// MARK: - The sink

/// The output of one combineLatest subscription: performs `CombineLatestState`'s actions under
/// the output point's lock, and reads the inputs' latest values through `combine`.
///
/// Each input keeps its own latest value, so an event costs one lock and the output value,
/// nothing else. `combine` refers to the inputs, which refer back to this object; the cycle is
/// cut when the subscription ends (terminated or disposed).
@usableFromInline
final class CombineLatestSink<Output>: OutputPoint<Output>, CombineLatestCycle, @unchecked Sendable {
    // Guarded by `lock`.
    @exclusivity(unchecked) var combine: (() -> Output)?
    @exclusivity(unchecked) private var state: CombineLatestState
    private let releaseCombine = LockHandOff()

    init(downstream: some Subscriber<Output>, inputCount: Int) {
        state = CombineLatestState(inputCount: inputCount)
        super.init(downstream: downstream)
        // Strong, not unowned: `terminate` on one thread can clear `combine` — dropping the
        // last other strong reference to this sink — while a `dispose()` on another thread is
        // about to cut (the stress tests crashed with unowned). The cutter's own reference goes
        // when the subscription's compound, disposed, lets go of it. Not weak either: a weak
        // reference gives the sink a side table (an allocation) and moves every retain and
        // release of it to the slow path (R7).
        disposable.add(CycleCutter(self))
    }

    /// Cuts the cycle through `combine` (the closure holds the inputs, which hold this sink),
    /// once the subscription has ended: under the lock — handed to the thread holding it, if
    /// another does (the lock rule: a disposal never waits for a lock held across a delivery).
    func cutCycle() {
        releaseCombine.run(under: lock) { self.combine = nil }
    }

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

/// What `CycleCutter` cuts (non-generic, so that the cutter's class is not generic either and
/// needs no metadata look-up per subscription).
protocol CombineLatestCycle: AnyObject, Sendable {
    func cutCycle()
}

/// Disposed with a combineLatest subscription, cuts its sink's cycle.
final class CycleCutter: Disposable, @unchecked Sendable {
    private let target: any CombineLatestCycle

    init(_ target: any CombineLatestCycle) {
        self.target = target
        super.init()
    }

    override func dispose() {
        guard markDisposed() else { return }
        target.cutCycle()
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
    /// The value; only called once one was stored.
    var value: Element { get }
}

extension Optional: LatestValueSlot {
    @usableFromInline static var empty: Self { nil }
    @usableFromInline init(holding value: Wrapped) { self = .some(value) }
    @inlinable var value: Wrapped { unsafelyUnwrapped }
}

/// One input: holds that input's latest value.
@usableFromInline
final class CombineLatestInput<Element, Output, Slot: LatestValueSlot>: Sink, Subscriber, @unchecked Sendable
where Slot.Element == Element {
    private let sink: CombineLatestSink<Output>
    // Guarded by `sink.lock`.
    // Read by the inlinable `latest`.
    @exclusivity(unchecked) @usableFromInline internal var latestValue = Slot.empty
    @exclusivity(unchecked) @usableFromInline internal var hasValue = false

    init(_ sink: CombineLatestSink<Output>) {
        self.sink = sink
    }

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

    @usableFromInline
    func didSubscribe(with disposable: CompoundDisposable) {
        sink.disposable.add(disposable)
    }

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
}

// MARK: - The three forms

/// One subscription to `combineLatest(with:)`. `pair` is formed where `combineLatest(with:)` is
/// inlined, with the caller's concrete types: made here, in generic code, each pair would look
/// up its tuple's metadata at run time (W5).
@usableFromInline
func subscribeCombineLatestPair<A, B, Output>(
    _ subscriber: any Subscriber<Output>, _ first: Signal<A>, _ second: Signal<B>,
    pair: @escaping (_ first: CombineLatestInput<A, Output, A?>, _ second: CombineLatestInput<B, Output, B?>) -> Output
) -> Disposable {
    let sink = CombineLatestSink<Output>(downstream: subscriber, inputCount: 2)
    let a = CombineLatestInput<A, Output, A?>(sink)
    let b = CombineLatestInput<B, Output, B?>(sink)
    sink.combine = { pair(a, b) }
    subscriber.didSubscribe(with: sink.disposable)
    // As RAC's -combineLatestWith:, every input is subscribed, also when an earlier one ended
    // the result while being subscribed (that subscription is disposed at once).
    first.subscribe(a)
    second.subscribe(b)
    return sink.disposable
}

/// One subscription to `Signal.combineLatest` of an array.
private func subscribeCombineLatest<T>(_ subscriber: any Subscriber<[T]>, _ signals: [Signal<T>]) -> Disposable {
    let sink = CombineLatestSink<[T]>(downstream: subscriber, inputCount: signals.count)
    let inputs = signals.map { _ in CombineLatestInput<T, [T], T?>(sink) }
    sink.combine = { inputs.map(\.latest) }
    subscriber.didSubscribe(with: sink.disposable)
    for (signal, input) in Swift.zip(signals, inputs) { signal.subscribe(input) }
    sink.start()
    return sink.disposable
}

/// One subscription to `Signal.combineLatest` of a parameter pack (see `Signal.combineLatest(_:)`
/// for why this is a function and not a signal class of its own).
private func subscribeCombineLatest<each S>(
    _ subscriber: any Subscriber<(repeat each S)>, _ signals: repeat Signal<each S>
) -> Disposable {
    var count = 0
    for _ in repeat each signals { count += 1 }
    let sink = CombineLatestSink<(repeat each S)>(downstream: subscriber, inputCount: count)
    let inputs = (repeat CombineLatestInput<each S, (repeat each S), (each S)?>(sink))
    sink.combine = { (repeat (each inputs).latest) }
    subscriber.didSubscribe(with: sink.disposable)
    for (signal, input) in repeat (each signals, each inputs) { signal.subscribe(input) }
    sink.start()
    return sink.disposable
}
