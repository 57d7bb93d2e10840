extension Signal {
    /// Zips any number of signals: the n-th value of the result is the tuple of the n-th
    /// values of every input (RAC's `+zip:`, with a typed tuple for any arity; a call with two
    /// to six signals uses the fixed-arity overload of the same name, which type-checks faster).
    ///
    /// Completes as soon as one input has completed and every value it sent has been zipped;
    /// an error from any input is forwarded at once and ends every subscription. Inputs are
    /// subscribed in order; values may arrive on different threads, and tuples go out one at
    /// a time. With no inputs, the result completes at once, as RAC's does.
    public static func zip<each S>(_ signals: repeat Signal<each S>) -> Signal<(repeat each S)>
    where Value == (repeat each S) {
        makeZip(repeat each signals)
    }

    /// Zips any number of signals and sends `reduce` of each set of n-th values (RAC's
    /// `+zip:reduce:`). Completes and fails as `zip(_:)` does.
    /// Each result goes out as `zip(_:)` sends its tuples.
    public static func zip<each S>(
        _ signals: repeat Signal<each S>, reduce: @escaping @Sendable (repeat each S) -> Value
    ) -> Signal<Value> {
        makeZip(repeat each signals, reduce: reduce)
    }

    /// Zips an array of signals of one type into arrays of their n-th values (RAC's `+zip:`
    /// on an array). An empty array gives a signal that completes at once, as in RAC.
    /// Completes and fails as `zip(_:)` on several signals does.
    /// Each array goes out on the thread of the value that completed it, one at a time.
    @inlinable
    public static func zip<T>(_ signals: [Signal<T>]) -> Signal<[T]> where Value == [T] {
        zip(signals, reduce: { $0 }).named("+zip: \(signals)")
    }

    /// Zips an array of signals of one type and sends `reduce` of each array of n-th values
    /// (RAC's `+zip:reduce:`).
    /// Each result goes out on the thread of the value that completed its array, one at a time.
    // Inlinable so that each array is made in the caller's types (see `startZip`): made in the
    // library's generic code it cost about 3,800 instructions per event.
    @inlinable
    public static func zip<T>(_ signals: [Signal<T>], reduce: @escaping @Sendable ([T]) -> Value) -> Signal<Value> {
        OperatorSignal(signals) { subscriber, signals in
            let buffers = signals.map { _ in RingBuffer<T>() }
            let sink = ZipSink<Value>(downstream: subscriber, buffers: buffers) {
                reduce(buffers.map { $0.removeFirst() })
            }
            return startZip(subscriber, sink) {
                // An empty array completes here.
                sink.start()
                for (index, (signal, buffer)) in Swift.zip(signals, buffers).enumerated() {
                    sink.subscribeInput(signal, buffer, index)
                }
            }
        }
        .named("+zip: \(signals) reduce:")
    }
}

/// The typed zip of any number of signals: what every typed form (the any-arity one and the
/// fixed arities in CombineLatestAndZipArities.swift) builds.
func makeZip<each S>(_ signals: repeat Signal<each S>) -> Signal<(repeat each S)> {
    makeZip(repeat each signals, reduce: { (values: repeat each S) in (repeat each values) })
        .named("+zip: \(describeSignals(repeat each signals))")
}

/// The typed zip of any number of signals, reduced: what every typed `zip(_:reduce:)` builds.
func makeZip<each S, R>(
    _ signals: repeat Signal<each S>, reduce: @escaping @Sendable (repeat each S) -> R
) -> Signal<R> {
    let signals = (repeat each signals)
    // The pack stays in this function: a type declaring a parameter pack needs
    // the Swift 5.9 runtime (macOS 14 / iOS 17); the package supports macOS 13 / iOS 16
    // (PlatformSupportTests keeps pack-declaring types out of the library).
    return OperatorSignal(()) { subscriber, _ in
        subscribeZip(subscriber, repeat each signals, reduce: reduce)
    }.named("+zip: \(describeSignals(repeat each signals)) reduce:")
}

// MARK: - The zip machine

/// The output of one zip subscription: performs `ZipState`'s actions under the output point's
/// lock.
@usableFromInline
final class ZipSink<Output>: OutputPoint<Output>, @unchecked Sendable {
    // Guarded by `lock`.
    // Unchecked, measured: the optimizer keeps its dynamic check; W8 +220 %, W24 +215 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var state: ZipState
    private let buffers: [RingBufferBase]
    private let makeOutput: () -> Output  // pops the head of every buffer
    /// The inputs' subscriptions, until every input is subscribed (see
    /// `OutputPoint.subscribeInput`).
    let inputs = CompoundDisposable()

    @usableFromInline
    init(downstream: some Subscriber<Output>, buffers: [RingBufferBase], makeOutput: @escaping () -> Output) {
        self.state = ZipState(inputCount: buffers.count)
        self.buffers = buffers
        self.makeOutput = makeOutput
        super.init(downstream: downstream)
    }

    @usableFromInline
    func start() {
        serialize { perform(state.start()) }
    }

    /// Queues `value` on `buffer`, input `index`'s, and sends a tuple if it completes one.
    func receive<T>(_ value: T, into buffer: RingBuffer<T>, from index: Int) {
        serialize {
            guard isOpen else { return }
            buffer.append(value)
            perform(state.received(from: index))
        }
    }

    func complete(input index: Int) {
        serialize {
            guard isOpen else { return }
            perform(state.completed(input: index))
        }
    }

    func fail(_ error: any Error) {
        serialize {
            if state.failed() == .fail, finish(error: error) { releaseBuffers() }
        }
    }

    /// Called inside `serialize`.
    private func perform(_ action: ZipState.Action) {
        switch action {
        case .none, .fail:
            break
        case .sendHead:
            send(makeOutput())
            // A subscriber that disposed while receiving the tuple gets no completion
            // (`finish` checks).
            perform(state.sentHead())
        case .complete:
            if finish(error: nil) { releaseBuffers() }
        }
    }

    // Unpaired values of a finished zip are garbage; an input still running (its sink keeps
    // this state alive until its disposal lands) must not keep them.
    private func releaseBuffers() {
        for buffer in buffers { buffer.removeAll() }
    }
}

/// One input of a zip: queues its values on its buffer.
final class ZipInput<T, Output>: Sink, Subscriber, @unchecked Sendable {
    private let sink: ZipSink<Output>
    private let buffer: RingBuffer<T>
    private let index: Int

    init(sink: ZipSink<Output>, buffer: RingBuffer<T>, index: Int) {
        self.sink = sink
        self.buffer = buffer
        self.index = index
    }

    // The subscription joins the zip's when it returns (`OutputPoint.subscribeInput`).
    func didSubscribe(with disposable: CompoundDisposable) { sink.inputDidSubscribe(with: disposable) }
    func sendNext(_ value: T) { sink.receive(value, into: buffer, from: index) }
    func sendError(_ error: any Error) { sink.fail(error) }
    func sendCompleted() { sink.complete(input: index) }
}

extension ZipSink {
    /// Subscribes `signal` as input `index` — also when the zip has already ended (an earlier
    /// input failed or completed empty while being subscribed): as RAC's `-zipWith:`, it
    /// subscribes every input, and the subscription is disposed as soon as it returns (see
    /// `OutputPoint.subscribeInput`).
    @usableFromInline
    func subscribeInput<T>(_ signal: Signal<T>, _ buffer: RingBuffer<T>, _ index: Int) {
        subscribeInput(signal, ZipInput(sink: self, buffer: buffer, index: index), gatheringIn: inputs)
    }
}

/// One subscription to `Signal.zip` of a parameter pack (see `Signal.zip(_:reduce:)` for why this
/// is a function and not a signal class of its own).
private func subscribeZip<each S, Output>(
    _ subscriber: any Subscriber<Output>, _ signals: repeat Signal<each S>,
    reduce: @escaping (repeat each S) -> Output
) -> Disposable {
    let buffers = (repeat RingBuffer<each S>())
    var all: [RingBufferBase] = []
    for buffer in repeat each buffers { all.append(buffer) }
    let sink = ZipSink(downstream: subscriber, buffers: all) {
        reduce(repeat (each buffers).removeFirst())
    }
    return startZip(subscriber, sink) {
        // An empty pack completes here.
        sink.start()
        var index = 0
        for (signal, buffer) in repeat (each signals, each buffers) {
            sink.subscribeInput(signal, buffer, index)
            index += 1
        }
    }
}

/// Starts one subscription to a zip (every form: the fixed arities, the array and the pack),
/// whose buffers the caller made for `sink`. The fixed-arity and array forms make the sink's
/// output closure and the buffers where they are inlined, with the caller's concrete types:
/// made in the library's generic code, each tuple or array would look up its metadata at run
/// time (W8, W24).
@usableFromInline
func startZip<Output>(
    _ subscriber: any Subscriber<Output>, _ sink: ZipSink<Output>, subscribeInputs: () -> Void
) -> Disposable {
    subscriber.didSubscribe(with: sink.disposable)
    subscribeInputs()
    sink.joinInputs(sink.inputs)
    return sink.disposable
}

extension Signal {
    /// Pairs the n-th value of this signal with the n-th value of `other` (RAC's `-zipWith:`).
    ///
    /// ```
    /// self:  -a-b-c|
    /// other: --x--y|
    /// zip:   --1--2|     1 = (a, x), 2 = (b, y)
    /// ```
    ///
    /// Completes as soon as either side has completed and every value it sent has been paired
    /// (1…5 zipped with A…D sends four pairs, then completes). An error from either side is
    /// forwarded at once. Values from the two sides may arrive on different threads; pairs go
    /// out one at a time. It behaves as `Signal.zip(self, other)`: both run on the same zip
    /// machine (above).
    // Inlinable so that the pair is formed with the caller's types (see `startZip`).
    @inlinable
    public func zip<U>(with other: Signal<U>) -> Signal<(Value, U)> {
        OperatorSignal((self, other)) { subscriber, signals in
            let first = RingBuffer<Value>()
            let second = RingBuffer<U>()
            let sink = ZipSink<(Value, U)>(downstream: subscriber, buffers: [first, second]) {
                (first.removeFirst(), second.removeFirst())
            }
            return startZip(subscriber, sink) {
                sink.subscribeInput(signals.0, first, 0)
                sink.subscribeInput(signals.1, second, 1)
            }
        }
        .named("[\(name)] -zipWith: \(other)")
    }
}
