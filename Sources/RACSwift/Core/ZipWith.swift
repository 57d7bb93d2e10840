extension Signal {
    /// Pairs the n-th value of this signal with the n-th value of `other` (RAC's `-zipWith:`).
    ///
    /// Completes as soon as either side has completed and every value it sent has been paired
    /// (1…5 zipped with A…D sends four pairs, then completes). An error from either side is
    /// forwarded at once. Values from the two sides may arrive on different threads; pairs go
    /// out one at a time.
    public func zip<U>(with other: Signal<U>) -> Signal<(Value, U)> {
        ZipWithSignal(first: self, second: other).named("[\(name)] -zipWith: \(other)")
    }
}

final class ZipWithSignal<A, B>: Signal<(A, B)>, @unchecked Sendable {
    private let first: Signal<A>
    private let second: Signal<B>

    init(first: Signal<A>, second: Signal<B>) {
        self.first = first
        self.second = second
    }

    override func subscribe(_ subscriber: some Subscriber<(A, B)>) -> Disposable {
        let state = ZipWithState<A, B>(downstream: subscriber)
        subscriber.didSubscribe(with: state.disposable)
        first.subscribe(ZipWithSide(state, isFirst: true) { state, value in state.receiveFirst(value) })
        if !state.disposable.isDisposed {
            second.subscribe(ZipWithSide(state, isFirst: false) { state, value in state.receiveSecond(value) })
        }
        return state.disposable
    }
}

/// The two queues and RAC's completion rule, under one lock that is also the output's
/// serializing point.
private final class ZipWithState<A, B>: Sink, @unchecked Sendable {
    let disposable = CompoundDisposable()
    private let downstream: any Subscriber<(A, B)>
    private let lock = RecursiveLock()
    // Guarded by `lock`.
    private var firstValues = FIFO<A>()
    private var secondValues = FIFO<B>()
    private var firstCompleted = false
    private var secondCompleted = false
    private var isTerminated = false

    init(downstream: some Subscriber<(A, B)>) {
        self.downstream = downstream
    }

    func receiveFirst(_ value: A) {
        lock.withLock {
            guard !isTerminated, !disposable.isDisposed else { return }
            firstValues.append(value)
            sendPairIfReady()
        }
    }

    func receiveSecond(_ value: B) {
        lock.withLock {
            guard !isTerminated, !disposable.isDisposed else { return }
            secondValues.append(value)
            sendPairIfReady()
        }
    }

    func complete(isFirst: Bool) {
        lock.withLock {
            guard !isTerminated else { return }
            if isFirst { firstCompleted = true } else { secondCompleted = true }
            completeIfExhausted()
        }
    }

    func fail(_ error: any Error) {
        lock.withLock {
            guard !isTerminated else { return }
            isTerminated = true
            releaseBuffers()
            disposable.dispose()
            downstream.sendError(error)
        }
    }

    private func sendPairIfReady() {
        guard let a = firstValues.first, let b = secondValues.first else { return }
        firstValues.removeFirst()
        secondValues.removeFirst()
        downstream.sendNext((a, b))
        completeIfExhausted()
    }

    private func completeIfExhausted() {
        guard !isTerminated else { return }
        let firstExhausted = firstCompleted && firstValues.isEmpty
        let secondExhausted = secondCompleted && secondValues.isEmpty
        guard firstExhausted || secondExhausted else { return }
        isTerminated = true
        releaseBuffers()
        disposable.dispose()
        downstream.sendCompleted()
    }

    // Unpaired values of a finished zip are garbage; a side still running must not keep them.
    private func releaseBuffers() {
        firstValues.removeAll()
        secondValues.removeAll()
    }
}

private final class ZipWithSide<A, B, Value>: Sink, Subscriber, @unchecked Sendable {
    private let state: ZipWithState<A, B>
    private let isFirst: Bool
    private let receive: (ZipWithState<A, B>, Value) -> Void

    init(_ state: ZipWithState<A, B>, isFirst: Bool, receive: @escaping (ZipWithState<A, B>, Value) -> Void) {
        self.state = state
        self.isFirst = isFirst
        self.receive = receive
    }

    func didSubscribe(with disposable: CompoundDisposable) { state.disposable.add(disposable) }
    func sendNext(_ value: Value) { receive(state, value) }
    func sendError(_ error: any Error) { state.fail(error) }
    func sendCompleted() { state.complete(isFirst: isFirst) }
}
