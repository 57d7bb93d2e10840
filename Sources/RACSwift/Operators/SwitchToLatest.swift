extension Signal {
    /// Forwards the values of the latest signal this signal sent (RAC's `-switchToLatest`).
    ///
    /// ```
    /// self:            a-b|         a = -1--2|, b = --3|
    /// switchToLatest:  -1--3|
    /// ```
    ///
    /// When a new inner signal arrives, the previous inner subscription is disposed first,
    /// then the new signal is subscribed; nothing the replaced signal sends gets through, even
    /// from another thread. Completes once this signal and the latest inner signal have
    /// completed; an error from this signal or from the latest inner signal is forwarded at
    /// once and disposes everything.
    ///
    /// RAC builds it from `publish`, `flattenMap:` and `takeUntil:`, which subscribes the new
    /// inner signal a moment before it disposes the old one; here the old one is disposed
    /// first, so two inner signals are never live at once.
    @inlinable
    public func switchToLatest<T>() -> Signal<T> where Value: Signal<T> {
        LiftedSignal(self, ()) { downstream, _, subscription in
            SwitchToLatestSink<Value, T>(downstream: downstream, disposable: subscription)
        }.named("[\(name)] -switchToLatest")
    }
}

/// Subscribes to the outer signal and to one inner signal at a time. Each inner subscription
/// carries a generation number; an event whose generation is not the latest is dropped under
/// the lock, which is what keeps a replaced inner signal out even while it is mid-send.
@usableFromInline
final class SwitchToLatestSink<Source: Signal<Value>, Value>: OutputPoint<Value>, Subscriber, @unchecked Sendable {
    private let inner = SerialDisposable()
    // Guarded by `lock`.
    private var generation = 0
    private var isInnerActive = false
    private var isOuterCompleted = false

    @usableFromInline
    override init(downstream: some Subscriber<Value>, disposable: CompoundDisposable) {
        super.init(downstream: downstream, disposable: disposable)
        disposable.add(inner)
    }

    // MARK: The outer signal

    @usableFromInline func didSubscribe(with outer: CompoundDisposable) {
        disposable.add(outer)
    }

    @usableFromInline func sendNext(_ signal: Source) {
        let current = serialize { () -> Int? in
            if !isOpen { return nil }
            generation += 1
            isInnerActive = true
            return generation
        }
        guard let current else { return }
        inner.swap(with: nil)?.dispose()
        if signal.isConstant, Scheduler.isCurrentSet, deliverConstant(signal, generation: current) { return }
        signal.subscribe(SwitchToLatestInnerSink(self, generation: current))
    }

    /// Delivers a constant inner signal (`return`, `empty`, `error`) without subscribing to
    /// it; false if `signal` is not constant. Only while a scheduler is current, where its
    /// subscription would have sent everything synchronously, right here. The checks are
    /// those the subscription would make: nothing gets through once a newer signal replaced
    /// this one (its subscription would be disposed) or this subscription is disposed.
    private func deliverConstant(_ signal: Source, generation current: Int) -> Bool {
        serialize {
            let termination = signal.deliverConstant { value in
                guard current == generation else { return }
                send(value)
            }
            guard let termination else { return false }
            guard current == generation, isOpen else { return true }
            switch termination {
            case .completed:
                isInnerActive = false
                if isOuterCompleted { finish(error: nil) }
            case .failed(let error):
                finish(error: error)
            }
            return true
        }
    }

    @usableFromInline func sendError(_ error: any Error) {
        serialize { finish(error: error) }
    }

    @usableFromInline func sendCompleted() {
        serialize {
            isOuterCompleted = true
            if !isInnerActive { finish(error: nil) }
        }
    }

    // MARK: Inner signals

    func innerDidSubscribe(_ subscription: CompoundDisposable, generation: Int) {
        let isLatest = serialize { () -> Bool in
            guard generation == self.generation, !hasTerminated else { return false }
            inner.disposable = subscription
            return true
        }
        if !isLatest { subscription.dispose() }
    }

    func forward(_ value: Value, generation: Int) {
        serialize {
            guard generation == self.generation else { return }
            send(value)
        }
    }

    func innerFailed(_ error: any Error, generation: Int) {
        serialize {
            guard generation == self.generation else { return }
            finish(error: error)
        }
    }

    func innerCompleted(generation: Int) {
        serialize {
            guard generation == self.generation else { return }
            isInnerActive = false
            inner.disposable = nil
            if isOuterCompleted { finish(error: nil) }
        }
    }
}

private final class SwitchToLatestInnerSink<Source: Signal<Value>, Value>: Sink, Subscriber, @unchecked Sendable {
    private let parent: SwitchToLatestSink<Source, Value>
    private let generation: Int

    init(_ parent: SwitchToLatestSink<Source, Value>, generation: Int) {
        self.parent = parent
        self.generation = generation
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        parent.innerDidSubscribe(disposable, generation: generation)
    }

    func sendNext(_ value: Value) { parent.forward(value, generation: generation) }
    func sendError(_ error: any Error) { parent.innerFailed(error, generation: generation) }
    func sendCompleted() { parent.innerCompleted(generation: generation) }
}
