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
    public func combineLatest<U>(with other: Signal<U>) -> Signal<(Value, U)> {
        CombineLatestWithSignal(first: self, second: other)
            .named("[\(name)] -combineLatestWith: \(other)")
    }

    /// Sends an array of the latest values of `signals`, in their order, each time any of
    /// them sends, once every one has sent at least one value (RAC's `+combineLatest:`).
    ///
    /// Completes only when every signal has completed; an empty array completes at once
    /// without sending. An error from any is forwarded at once and disposes the others.
    /// Each array goes out on the thread of the source event that caused it, one at a time.
    public static func combineLatest<T>(_ signals: [Signal<T>]) -> Signal<Value> where Value == [T] {
        CombineLatestArraySignal(signals).named("+combineLatest: \(signals)")
    }

    /// `combineLatest(_:)` on an array, with each array of latest values passed through
    /// `reduce` (RAC's `+combineLatest:reduce:`).
    /// Terminates and delivers as `combineLatest(_:)` on an array does.
    public static func combineLatest<T>(
        _ signals: [Signal<T>], reduce: @escaping @Sendable ([T]) -> Value
    ) -> Signal<Value> {
        CombineLatestArraySignal(signals).map(reduce).named("+combineLatest: \(signals) reduce:")
    }

    /// Sends a tuple of the latest values of the given signals, each time any of them sends,
    /// once every one has sent at least one value (RAC's `+combineLatest:` with a literal
    /// array, typed). Any number of signals of any types.
    ///
    /// Completes only when every signal has completed; an error from any is forwarded at
    /// once and disposes the others.
    /// Each tuple goes out on the thread of the source event that caused it, one at a time.
    public static func combineLatest<each S>(
        _ signals: repeat Signal<each S>
    ) -> Signal<Value> where Value == (repeat each S) {
        let signals = (repeat each signals)
        return OnSubscribeSignal { subscriber in
            subscribeCombineLatest(subscriber, repeat each signals)
        }.named("+combineLatest: \(describeSignals(repeat each signals))")
    }

    /// The typed `combineLatest` of any number of signals, with each tuple of latest values
    /// passed to `reduce` as separate arguments (RAC's `+combineLatest:reduce:`).
    /// Terminates and delivers as the typed `combineLatest(_:)` does.
    public static func combineLatest<each S>(
        _ signals: repeat Signal<each S>, reduce: @escaping @Sendable (repeat each S) -> Value
    ) -> Signal<Value> {
        Signal<(repeat each S)>.combineLatest(repeat each signals)
            .map { values in reduce(repeat each values) }
            .named("+combineLatest: \(describeSignals(repeat each signals)) reduce:")
    }
}

/// RAC's description of the signals array in a debug name: `(<signal>, <signal>)`.
private func describeSignals<each S>(_ signals: repeat Signal<each S>) -> String {
    var parts: [String] = []
    for signal in repeat each signals { parts.append("\(signal)") }
    return "(\(parts.joined(separator: ", ")))"
}

// MARK: - The shared state

/// What every `combineLatest` form shares: the lock that serializes the output, how many
/// inputs have yet to send a first value, how many are still running, and the function that
/// reads the inputs' latest values into the output.
///
/// Each input sink keeps its own latest value, so an event costs one lock and the output
/// value, nothing else. `combine` refers to the input sinks, which refer back to this object;
/// the cycle is cut when the subscription ends (terminated or disposed).
final class CombineLatestState<Output>: OutputPoint<Output>, @unchecked Sendable {
    // Guarded by `lock`.
    var combine: (() -> Output)?
    var waitingForFirstValue: Int
    private var running: Int

    init(downstream: some Subscriber<Output>, inputCount: Int) {
        waitingForFirstValue = inputCount
        running = inputCount
        super.init(downstream: downstream)
        // Weak, not unowned: `terminate` on one thread can clear `combine` — dropping the last
        // strong reference to this state — while a `dispose()` on another thread is about to
        // run this action (the stress tests crashed with unowned).
        disposable.add(Disposable { [weak self] in
            guard let self else { return }
            self.lock.withLock { self.combine = nil }
        })
    }

    /// Called with `lock` held, after an input stored a new latest value.
    func sendLatest() {
        guard waitingForFirstValue == 0, isOpen, let combine else { return }
        send(combine())
    }

    func inputCompleted() {
        serialize {
            running -= 1
            if running == 0 { terminate(nil) }
        }
    }

    func fail(_ error: any Error) {
        serialize { terminate(error) }
    }

    /// Completes at once when there is nothing to combine (RAC's `+join:` of no signals is
    /// `+empty`).
    func completeIfNoInputs() {
        serialize {
            if running == 0 { terminate(nil) }
        }
    }

    /// Called with `lock` held.
    private func terminate(_ error: (any Error)?) {
        if finish(error: error) { combine = nil }
    }
}

/// One input: holds that input's latest value.
final class CombineLatestInput<Element, Output>: Sink, Subscriber, @unchecked Sendable {
    private let state: CombineLatestState<Output>
    // Guarded by `state.lock`.
    private var latestValue: Element?
    private var hasValue = false

    init(_ state: CombineLatestState<Output>) {
        self.state = state
    }

    /// The latest value; read only by `state.combine`, with the lock held, once every input
    /// has sent.
    var latest: Element {
        // `hasValue` rather than `latestValue != nil`: Element may itself be optional.
        precondition(hasValue, "combineLatest read an input before its first value")
        return latestValue.unsafelyUnwrapped
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        state.disposable.add(disposable)
    }

    func sendNext(_ value: Element) {
        state.serialize {
            latestValue = value
            if !hasValue {
                hasValue = true
                state.waitingForFirstValue -= 1
            }
            state.sendLatest()
        }
    }

    func sendError(_ error: any Error) { state.fail(error) }
    func sendCompleted() { state.inputCompleted() }
}

// MARK: - The three forms

final class CombineLatestWithSignal<A, B>: Signal<(A, B)>, @unchecked Sendable {
    private let first: Signal<A>
    private let second: Signal<B>

    init(first: Signal<A>, second: Signal<B>) {
        self.first = first
        self.second = second
    }

    override func subscribe(_ subscriber: some Subscriber<(A, B)>) -> Disposable {
        let state = CombineLatestState<(A, B)>(downstream: subscriber, inputCount: 2)
        let a = CombineLatestInput<A, (A, B)>(state)
        let b = CombineLatestInput<B, (A, B)>(state)
        state.combine = { (a.latest, b.latest) }
        subscriber.didSubscribe(with: state.disposable)
        // As RAC's -combineLatestWith:, every input is subscribed, also when an earlier one
        // ended the result while being subscribed (that subscription is disposed at once).
        first.subscribe(a)
        second.subscribe(b)
        return state.disposable
    }
}

final class CombineLatestArraySignal<T>: Signal<[T]>, @unchecked Sendable {
    private let signals: [Signal<T>]

    init(_ signals: [Signal<T>]) {
        self.signals = signals
    }

    override func subscribe(_ subscriber: some Subscriber<[T]>) -> Disposable {
        let state = CombineLatestState<[T]>(downstream: subscriber, inputCount: signals.count)
        let inputs = signals.map { _ in CombineLatestInput<T, [T]>(state) }
        state.combine = { inputs.map(\.latest) }
        subscriber.didSubscribe(with: state.disposable)
        for (signal, input) in Swift.zip(signals, inputs) { signal.subscribe(input) }
        state.completeIfNoInputs()
        return state.disposable
    }
}

/// One subscription to `Signal.combineLatest` of a parameter pack (see `OnSubscribeSignal`
/// for why this is a function and not a signal class of its own).
private func subscribeCombineLatest<each S>(
    _ subscriber: any Subscriber<(repeat each S)>, _ signals: repeat Signal<each S>
) -> Disposable {
    var count = 0
    for _ in repeat each signals { count += 1 }
    let state = CombineLatestState<(repeat each S)>(downstream: subscriber, inputCount: count)
    let inputs = (repeat CombineLatestInput<each S, (repeat each S)>(state))
    state.combine = { (repeat (each inputs).latest) }
    subscriber.didSubscribe(with: state.disposable)
    for (signal, input) in repeat (each signals, each inputs) { signal.subscribe(input) }
    state.completeIfNoInputs()
    return state.disposable
}
