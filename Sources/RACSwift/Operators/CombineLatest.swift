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
    // Inlinable so that the pair is formed with the caller's types (see `startCombineLatest`).
    @inlinable
    public func combineLatest<U>(with other: Signal<U>) -> Signal<(Value, U)> {
        PairOperatorSignal(self, other) { subscriber, first, second in
            let sink = CombineLatestSink<(Value, U)>(downstream: subscriber, inputCount: 2)
            let inputs = CombineLatestInputs2<Value, U, (Value, U), Value?>(
                sink, CombineLatestInput(sink, ownSubscriberOf: second.plainSubjectUnlessWrapped),
                ownSubscriberOf: first.plainSubjectUnlessWrapped)
            return startCombineLatest(
                subscriber, sink, inputs: inputs, combine: { [inputs] in (inputs.latest, inputs.second.latest) }
            ) { gathering in
                sink.subscribeInput(first, inputs, into: gathering)
                sink.subscribeInput(second, inputs.second, into: gathering)
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
    // Inlinable so that each array is made in the caller's types (see `startCombineLatest`):
    // made in the library's generic code it cost about 40,000 instructions per event.
    @inlinable
    public static func combineLatest<T>(_ signals: [Signal<T>]) -> Signal<Value> where Value == [T] {
        OperatorSignal(signals) { subscriber, signals in
            let sink = CombineLatestSink<[T]>(downstream: subscriber, inputCount: signals.count)
            let inputs = signals.map {
                CombineLatestInput<T, [T], T?>(sink, ownSubscriberOf: $0.plainSubjectUnlessWrapped)
            }
            let disposable = startCombineLatest(subscriber, sink, combine: { inputs.map { $0.latest } }) { gathering in
                for (signal, input) in Swift.zip(signals, inputs) { sink.subscribeInput(signal, input, into: gathering) }
            }
            // An empty array completes here.
            sink.start()
            return disposable
        }
        .named("+combineLatest: \(signals)")
    }

    /// `combineLatest(_:)` on an array, with each array of latest values passed through
    /// `reduce` (RAC's `+combineLatest:reduce:`).
    /// Terminates and delivers as `combineLatest(_:)` on an array does.
    @inlinable
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
    var parts: [any CustomStringConvertible] = []
    for signal in repeat each signals { parts.append(signal) }
    return describeSignals(parts)
}

/// `describeSignals` for the fixed-arity forms, which are inlinable.
@usableFromInline
func describeSignals(_ signals: [any CustomStringConvertible]) -> String {
    "(" + signals.map(\.description).joined(separator: ", ") + ")"
}

// MARK: - The three forms

/// Starts one subscription to a typed combineLatest (every form: the fixed arities, the array
/// and the pack), whose inputs the caller made for `sink`. `inputs`, the inputs' compound, cuts
/// the sink's cycle when it is disposed: the two-signal forms pass theirs
/// (`CombineLatestInputs2`); for the others it is a `CycleCuttingCompound` made here. The
/// fixed-arity and array forms make `combine` and the inputs where they are inlined, with the
/// caller's concrete types: made in the library's generic code, each tuple or array would look
/// up its metadata at run time (W5, W23, W28).
@usableFromInline
func startCombineLatest<Output>(
    _ subscriber: any Subscriber<Output>, _ sink: CombineLatestSink<Output>,
    inputs: CompoundDisposable? = nil,
    combine: @escaping () -> Output, subscribeInputs: (_ gatheringIn: CompoundDisposable) -> Void
) -> Disposable {
    let inputs = inputs ?? CycleCuttingCompound(cutting: sink)
    sink.combine = combine
    subscriber.didSubscribe(with: sink.disposable)
    // As RAC's -combineLatestWith:, every input is subscribed, also when an earlier one ended
    // the result while being subscribed (see `OutputPoint.subscribeInput`).
    subscribeInputs(inputs)
    sink.joinInputs(inputs)
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
    let inputs = (repeat CombineLatestInput<each S, (repeat each S), (each S)?>(
        sink, ownSubscriberOf: (each signals).plainSubjectUnlessWrapped))
    let disposable = startCombineLatest(subscriber, sink, combine: { (repeat (each inputs).latest) }) { gathering in
        for (signal, input) in repeat (each signals, each inputs) { sink.subscribeInput(signal, input, into: gathering) }
    }
    sink.start()
    return disposable
}
