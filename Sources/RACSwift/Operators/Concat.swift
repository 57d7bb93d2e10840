extension Signal {
    /// Sends this signal's events, then, once it completes, subscribes `signal` and sends its
    /// events (RAC's `-concat:`). An error from either ends the result; `signal` is not
    /// subscribed until this one completes, and not at all if this one fails or the
    /// subscription is disposed first. Disposal stops whichever is running.
    @inlinable
    public func concat(_ signal: Signal<Value>) -> Signal<Value> {
        OperatorSignal((self, signal)) { subscriber, inputs in
            let state = ConcatState(downstream: subscriber)
            subscriber.didSubscribe(with: state.disposable)
            inputs.0.subscribe(ConcatFirstSubscriber(state, next: inputs.1))
            return state.disposable
        }.named("[\(name)] -concat: \(signal)")
    }
}

/// What both halves share: the downstream, the subscription handed to it, and the slot
/// holding whichever input is running.
@usableFromInline
final class ConcatState<Value>: @unchecked Sendable {
    let downstream: any Subscriber<Value>
    @usableFromInline let disposable = CompoundDisposable()
    let current = SerialDisposable()

    @usableFromInline
    init(downstream: some Subscriber<Value>) {
        self.downstream = downstream
        disposable.add(current)
    }

    // Terminate: dispose the whole subscription first, then forward (RAC's order), so the
    // disposable `subscribe` returned reads as disposed once the result has ended.
    @usableFromInline func sendError(_ error: any Error) {
        disposable.dispose()
        downstream.sendError(error)
    }

    @usableFromInline func sendCompleted() {
        disposable.dispose()
        downstream.sendCompleted()
    }
}

/// Forwards the first signal's events; its completion hands over to the second signal. Only
/// the second signal is retained, because only it still has to be subscribed.
@usableFromInline
final class ConcatFirstSubscriber<Value>: Sink, Subscriber, @unchecked Sendable {
    private let state: ConcatState<Value>
    private var next: Signal<Value>?

    @usableFromInline
    init(_ state: ConcatState<Value>, next: Signal<Value>) {
        self.state = state
        self.next = next
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) {
        state.current.disposable = disposable
    }

    @usableFromInline func sendNext(_ value: Value) { state.downstream.sendNext(value) }

    @usableFromInline func sendError(_ error: any Error) {
        next = nil
        state.sendError(error)
    }

    @usableFromInline func sendCompleted() {
        guard let next else { return }
        self.next = nil
        guard !state.disposable.isDisposed else { return }
        next.subscribe(ConcatSecondSubscriber(state))
    }
}

private final class ConcatSecondSubscriber<Value>: Sink, Subscriber, @unchecked Sendable {
    private let state: ConcatState<Value>

    init(_ state: ConcatState<Value>) {
        self.state = state
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        state.current.disposable = disposable
    }

    func sendNext(_ value: Value) { state.downstream.sendNext(value) }
    func sendError(_ error: any Error) { state.sendError(error) }
    func sendCompleted() { state.sendCompleted() }
}

extension Signal {
    /// Sends the events of each signal in turn, subscribing the next one only when the one
    /// before it completes (RAC's `+concat:`). An error from any of them ends the result;
    /// disposal stops whichever is running. An empty array completes at once.
    ///
    /// Unlike RAC's chain of nested `-concat:`, signals that complete synchronously are
    /// subscribed from a loop, so a million of them run in constant stack.
    /// Events go out on the thread that sent them; the next signal is subscribed by the thread
    /// that delivered the previous one's completion (or by the loop already subscribing).
    public static func concat(_ signals: [Signal<Value>]) -> Signal<Value> {
        ConcatSignals(signals).named("+concat: \(signals)")
    }

    /// `concat(_:)` on the signals given as arguments (RAC's `+concat:`).
    /// Terminates and delivers as `concat(_:)` on an array does.
    public static func concat(_ first: Signal<Value>, _ rest: Signal<Value>...) -> Signal<Value> {
        concat([first] + rest)
    }
}

final class ConcatSignals<Value>: Signal<Value>, @unchecked Sendable {
    private let signals: [Signal<Value>]

    init(_ signals: [Signal<Value>]) {
        self.signals = signals
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let state = ConcatSignalsSink(downstream: subscriber, signals: signals)
        subscriber.didSubscribe(with: state.disposable)
        state.subscribeNext()
        return state.disposable
    }
}

/// Subscribes the signals one after another, as the subscriber of each.
///
/// The trampoline: a completion that arrives while `subscribeNext` is still inside a
/// `subscribe` call (a synchronous signal) only records that the next signal is due, and the
/// loop already running subscribes it — so the stack does not grow with the number of
/// signals. A completion arriving later, on any thread, starts the loop itself.
final class ConcatSignalsSink<Value>: Sink, Subscriber, @unchecked Sendable {
    let disposable = CompoundDisposable()
    private let downstream: any Subscriber<Value>
    private let current = SerialDisposable()
    private let lock = UnfairLock()
    // Guarded by `lock`.
    private var signals: [Signal<Value>]  // kept only to subscribe them later; emptied at the end
    private var index = 0
    private var isSubscribing = false
    private var isNextDue = false

    init(downstream: some Subscriber<Value>, signals: [Signal<Value>]) {
        self.downstream = downstream
        self.signals = signals
        super.init()
        disposable.add(current)
        // Disposal also drops the signals not yet subscribed.
        disposable.add(Disposable { [weak self] in self?.releaseSignals() })
    }

    private func releaseSignals() {
        lock.withLock { signals = [] }
    }

    func subscribeNext() {
        let isLooping = lock.withLock { () -> Bool in
            if isSubscribing {
                isNextDue = true
                return false
            }
            isSubscribing = true
            return true
        }
        guard isLooping else { return }
        while true {
            let next = lock.withLock { () -> Signal<Value>? in
                guard index < signals.count else { return nil }
                index += 1
                return signals[index - 1]
            }
            guard !disposable.isDisposed else { return }
            guard let signal = next else {
                finish()
                return
            }
            signal.subscribe(self)
            let again = lock.withLock { () -> Bool in
                if isNextDue {
                    isNextDue = false
                    return true
                }
                isSubscribing = false
                return false
            }
            guard again else { return }
        }
    }

    private func finish() {
        disposable.dispose()
        downstream.sendCompleted()
    }

    func didSubscribe(with other: CompoundDisposable) { current.disposable = other }
    func sendNext(_ value: Value) { downstream.sendNext(value) }

    func sendError(_ error: any Error) {
        disposable.dispose()
        downstream.sendError(error)
    }

    func sendCompleted() { subscribeNext() }
}
