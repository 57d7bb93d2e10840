extension Signal {
    /// Zips any number of signals: the n-th value of the result is the tuple of the n-th
    /// values of every input (RAC's `+zip:`, with a typed tuple for any arity).
    ///
    /// Completes as soon as one input has completed and every value it sent has been zipped;
    /// an error from any input is forwarded at once and ends every subscription. Inputs are
    /// subscribed in order; values may arrive on different threads, and tuples go out one at
    /// a time. With no inputs, the result completes at once, as RAC's does.
    public static func zip<each S>(_ signals: repeat Signal<each S>) -> Signal<(repeat each S)>
    where Value == (repeat each S) {
        zip(repeat each signals, reduce: { (values: repeat each S) in (repeat each values) })
            .named("+zip: \(zipSignalsDescription(repeat each signals))")
    }

    /// Zips any number of signals and sends `reduce` of each set of n-th values (RAC's
    /// `+zip:reduce:`). Completes and fails as `zip(_:)` does.
    /// Each result goes out as `zip(_:)` sends its tuples.
    public static func zip<each S>(
        _ signals: repeat Signal<each S>, reduce: @escaping @Sendable (repeat each S) -> Value
    ) -> Signal<Value> {
        let signals = (repeat each signals)
        return OnSubscribeSignal { subscriber in
            subscribeZip(subscriber, repeat each signals, reduce: reduce)
        }.named("+zip: \(zipSignalsDescription(repeat each signals)) reduce:")
    }

    /// Zips an array of signals of one type into arrays of their n-th values (RAC's `+zip:`
    /// on an array). An empty array gives a signal that completes at once, as in RAC.
    /// Completes and fails as `zip(_:)` on several signals does.
    /// Each array goes out on the thread of the value that completed it, one at a time.
    public static func zip<T>(_ signals: [Signal<T>]) -> Signal<[T]> where Value == [T] {
        ZipArraySignal(signals, reduce: { $0 }).named("+zip: \(signals)")
    }

    /// Zips an array of signals of one type and sends `reduce` of each array of n-th values
    /// (RAC's `+zip:reduce:`).
    /// Each result goes out on the thread of the value that completed its array, one at a time.
    public static func zip<T>(_ signals: [Signal<T>], reduce: @escaping @Sendable ([T]) -> Value) -> Signal<Value> {
        ZipArraySignal(signals, reduce: reduce).named("+zip: \(signals) reduce:")
    }
}

/// "(sig1, sig2, ...)" for debug names.
func zipSignalsDescription<each S>(_ signals: repeat Signal<each S>) -> String {
    var parts: [String] = []
    for signal in repeat each signals { parts.append(signal.description) }
    return "(" + parts.joined(separator: ", ") + ")"
}

// MARK: - The zip machine

/// One input's queue of values not yet zipped, and whether that input has completed. The
/// untyped base lets `ZipState` apply RAC's rules to inputs of different types.
class ZipBufferBase: @unchecked Sendable {
    var isCompleted = false
    var isEmpty: Bool { true }
    func removeAll() {}
}

final class ZipBuffer<T>: ZipBufferBase, @unchecked Sendable {
    private var values = FIFO<T>()
    override var isEmpty: Bool { values.isEmpty }
    func append(_ value: T) { values.append(value) }
    func removeFirst() -> T { values.removeFirst() }
    override func removeAll() { values.removeAll() }
}

/// The shared state of one zip subscription. Every rule sits in `receive`/`complete`:
/// a tuple goes out when every buffer holds a value; the result completes when some input has
/// completed with an empty buffer (RAC's `-zipWith:` rule, applied to all inputs at once).
/// The lock is the output's serializing point.
final class ZipState<Output>: OutputPoint<Output>, @unchecked Sendable {
    private let buffers: [ZipBufferBase]
    private let makeOutput: () -> Output  // pops the head of every buffer

    init(downstream: some Subscriber<Output>, buffers: [ZipBufferBase], makeOutput: @escaping () -> Output) {
        self.buffers = buffers
        self.makeOutput = makeOutput
        super.init(downstream: downstream)
    }

    /// Runs `append` (which queues a value on one buffer) under the lock, then sends a tuple
    /// if every buffer now has one.
    func receive(_ append: () -> Void) {
        serialize {
            guard isOpen else { return }
            append()
            for buffer in buffers where buffer.isEmpty { return }
            send(makeOutput())
            // A subscriber that disposed while receiving the tuple gets no completion
            // (`terminateOutput` checks).
            completeIfExhausted()
        }
    }

    func complete(_ buffer: ZipBufferBase) {
        serialize {
            guard isOpen else { return }
            buffer.isCompleted = true
            completeIfExhausted()
        }
    }

    func fail(_ error: any Error) {
        serialize {
            if finish(error: error) { releaseBuffers() }
        }
    }

    /// Completes at once when there is nothing to zip (RAC: `+zip:` of no streams is empty).
    func completeIfNoInputs() {
        guard buffers.isEmpty else { return }
        serialize { finish(error: nil) }
    }

    private func completeIfExhausted() {
        guard buffers.contains(where: { $0.isCompleted && $0.isEmpty }) else { return }
        if finish(error: nil) { releaseBuffers() }
    }

    // Unpaired values of a finished zip are garbage; an input still running (its sink keeps
    // this state alive until its disposal lands) must not keep them.
    private func releaseBuffers() {
        for buffer in buffers { buffer.removeAll() }
    }
}

final class ZipSide<T, Output>: Sink, Subscriber, @unchecked Sendable {
    private let state: ZipState<Output>
    private let buffer: ZipBuffer<T>

    init(state: ZipState<Output>, buffer: ZipBuffer<T>) {
        self.state = state
        self.buffer = buffer
    }

    func didSubscribe(with disposable: CompoundDisposable) { state.disposable.add(disposable) }
    func sendNext(_ value: T) { state.receive { buffer.append(value) } }
    func sendError(_ error: any Error) { state.fail(error) }
    func sendCompleted() { state.complete(buffer) }
}

/// Subscribes `signal` as one input of `state` — also when the zip has already ended (an
/// earlier input failed or completed empty while being subscribed): as RAC's `-zipWith:`, it
/// subscribes every input, and the subscription is disposed at once.
private func subscribeSide<T, Output>(_ signal: Signal<T>, _ buffer: ZipBuffer<T>, _ state: ZipState<Output>) {
    signal.subscribe(ZipSide(state: state, buffer: buffer))
}

/// One subscription to `Signal.zip` of a parameter pack (see `OnSubscribeSignal` for why this
/// is a function and not a signal class of its own).
private func subscribeZip<each S, Output>(
    _ subscriber: any Subscriber<Output>, _ signals: repeat Signal<each S>,
    reduce: @escaping (repeat each S) -> Output
) -> Disposable {
    let buffers = (repeat ZipBuffer<each S>())
    var all: [ZipBufferBase] = []
    for buffer in repeat each buffers { all.append(buffer) }
    let state = ZipState(downstream: subscriber, buffers: all) {
        reduce(repeat (each buffers).removeFirst())
    }
    subscriber.didSubscribe(with: state.disposable)
    state.completeIfNoInputs()
    repeat subscribeSide(each signals, each buffers, state)
    return state.disposable
}

/// `zip(with:)`: the zip machine for exactly two inputs. It builds its pair without a parameter
/// pack, because the pack form looks up tuple metadata for every tuple it makes, which made the
/// two-input zip about a fifth slower per pair.
final class ZipPairSignal<A, B>: Signal<(A, B)>, @unchecked Sendable {
    private let first: Signal<A>
    private let second: Signal<B>

    init(_ first: Signal<A>, _ second: Signal<B>) {
        self.first = first
        self.second = second
    }

    override func subscribe(_ subscriber: some Subscriber<(A, B)>) -> Disposable {
        let firstBuffer = ZipBuffer<A>()
        let secondBuffer = ZipBuffer<B>()
        let state = ZipState(downstream: subscriber, buffers: [firstBuffer, secondBuffer]) {
            (firstBuffer.removeFirst(), secondBuffer.removeFirst())
        }
        subscriber.didSubscribe(with: state.disposable)
        subscribeSide(first, firstBuffer, state)
        subscribeSide(second, secondBuffer, state)
        return state.disposable
    }
}

final class ZipArraySignal<T, Output>: Signal<Output>, @unchecked Sendable {
    private let signals: [Signal<T>]
    private let reduce: ([T]) -> Output

    init(_ signals: [Signal<T>], reduce: @escaping ([T]) -> Output) {
        self.signals = signals
        self.reduce = reduce
    }

    override func subscribe(_ subscriber: some Subscriber<Output>) -> Disposable {
        let buffers = signals.map { _ in ZipBuffer<T>() }
        let reduce = self.reduce
        let state = ZipState(downstream: subscriber, buffers: buffers) {
            reduce(buffers.map { $0.removeFirst() })
        }
        subscriber.didSubscribe(with: state.disposable)
        state.completeIfNoInputs()
        for (signal, buffer) in Swift.zip(signals, buffers) {
            subscribeSide(signal, buffer, state)
        }
        return state.disposable
    }
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
    public func zip<U>(with other: Signal<U>) -> Signal<(Value, U)> {
        ZipPairSignal(self, other).named("[\(name)] -zipWith: \(other)")
    }
}
