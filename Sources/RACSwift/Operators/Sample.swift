extension Signal {
    /// Sends the latest value of this signal each time `sampler` sends (RAC's `-sample:`).
    ///
    /// Nothing is sent for sampler values that arrive before this signal's first value; the
    /// same latest value is sent again for every sampler value until a newer one replaces it.
    /// Completes when either signal completes, and fails when either fails; the other is
    /// disposed first.
    public func sample<U>(_ sampler: Signal<U>) -> Signal<Value> {
        SampleSignal(source: self, sampler: sampler).named("[\(name)] -sample: \(sampler)")
    }
}

final class SampleSignal<Value, U>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let sampler: Signal<U>

    init(source: Signal<Value>, sampler: Signal<U>) {
        self.source = source
        self.sampler = sampler
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let state = SampleState<Value>(downstream: subscriber)
        subscriber.didSubscribe(with: state.disposable)
        // RAC's order: the source first, so a synchronous source's value is there to sample.
        source.subscribe(SampleSourceSink(state))
        if !state.disposable.isDisposed { sampler.subscribe(SamplerSink<Value, U>(state)) }
        return state.disposable
    }
}

/// The latest value and the output, under one lock.
private final class SampleState<Value>: Sink, @unchecked Sendable {
    let disposable = CompoundDisposable()
    private let downstream: any Subscriber<Value>
    private let lock = RecursiveLock()
    // Guarded by `lock`.
    private var latest: Value?
    private var hasValue = false
    private var isTerminated = false

    init(downstream: some Subscriber<Value>) {
        self.downstream = downstream
    }

    func store(_ value: Value) {
        lock.withLock {
            latest = value
            hasValue = true
        }
    }

    func sendLatest() {
        lock.withLock {
            guard hasValue, !isTerminated, !disposable.isDisposed else { return }
            // `latest` is set whenever `hasValue` is; Value may itself be optional.
            downstream.sendNext(latest.unsafelyUnwrapped)
        }
    }

    func terminate(_ event: Event<Never>) {
        lock.withLock {
            guard !isTerminated else { return }
            isTerminated = true
            latest = nil
            disposable.dispose()
            if let error = event.error { downstream.sendError(error) } else { downstream.sendCompleted() }
        }
    }
}

private final class SampleSourceSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let state: SampleState<Value>

    init(_ state: SampleState<Value>) {
        self.state = state
    }

    func didSubscribe(with disposable: CompoundDisposable) { state.disposable.add(disposable) }
    func sendNext(_ value: Value) { state.store(value) }
    func sendError(_ error: any Error) { state.terminate(.error(error)) }
    func sendCompleted() { state.terminate(.completed) }
}

private final class SamplerSink<Value, U>: Sink, Subscriber, @unchecked Sendable {
    private let state: SampleState<Value>

    init(_ state: SampleState<Value>) {
        self.state = state
    }

    func didSubscribe(with disposable: CompoundDisposable) { state.disposable.add(disposable) }
    func sendNext(_ value: U) { state.sendLatest() }
    func sendError(_ error: any Error) { state.terminate(.error(error)) }
    func sendCompleted() { state.terminate(.completed) }
}
