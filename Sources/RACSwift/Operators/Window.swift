extension Signal {
    /// Splits this signal's values into windows: each value of `openings` that arrives while
    /// no window is open opens one — a new signal, sent on the result — and the values of
    /// this signal go to the open window until the signal `close` returns for it sends any
    /// event; values that arrive while no window is open are dropped (RAC 2.5's
    /// `-windowWithStart:close:`, deprecated there with no replacement).
    ///
    /// Windows are subjects: subscribe to a window when it arrives, or you miss its values.
    /// Closing a window completes it. `openings`'s own error and completion are ignored (no
    /// further windows open). This signal's error or completion goes to the result's
    /// subscriber, then to the open window — RAC left the open window unterminated, so its
    /// subscribers waited forever. Disposal stops this signal, `openings` and the current
    /// closing signal. `openings` is subscribed first, then this signal.
    /// A window is sent on the thread that delivered the `openings` value that opened it, and
    /// values reach it on the thread that sent them.
    public func window<U, V>(
        withStart openings: Signal<U>, close: @escaping @Sendable (_ window: Signal<Value>) -> Signal<V>
    ) -> Signal<Signal<Value>> {
        WindowSignal(source: self, openings: openings, close: close)
            .named("[\(name)] -windowWithStart: \(openings) close:")
    }
}

final class WindowSignal<Value, U, V>: Signal<Signal<Value>>, @unchecked Sendable {
    private let source: Signal<Value>
    private let openings: Signal<U>
    private let close: (Signal<Value>) -> Signal<V>

    init(source: Signal<Value>, openings: Signal<U>, close: @escaping (Signal<Value>) -> Signal<V>) {
        self.source = source
        self.openings = openings
        self.close = close
    }

    override func subscribe(_ subscriber: some Subscriber<Signal<Value>>) -> Disposable {
        let state = WindowState<Value, V>(downstream: subscriber, close: close)
        subscriber.didSubscribe(with: state.disposable)
        openings.subscribe(WindowInputSink<U, Value, V>(state) { state, _ in state.open() })
        // Also when the openings ended the result while being subscribed: as in RAC, the
        // source is subscribed, and the subscription disposed at once.
        source.subscribe(WindowInputSink<Value, Value, V>(state, forwardsTerminalEvents: true) { state, value in
            state.forward(value)
        })
        return state.disposable
    }
}

/// Three inputs (openings, this signal, the current closing signal): the output and the open
/// window are serialized by `lock`, held while delivering.
final class WindowState<Value, V>: Sink, @unchecked Sendable {
    let disposable = CompoundDisposable()
    private let downstream: any Subscriber<Signal<Value>>
    private let close: (Signal<Value>) -> Signal<V>
    private let lock = RecursiveLock()
    // Guarded by `lock`.
    private var window: Subject<Value>?
    private var isTerminated = false

    init(downstream: some Subscriber<Signal<Value>>, close: @escaping (Signal<Value>) -> Signal<V>) {
        self.downstream = downstream
        self.close = close
    }

    func open() {
        lock.withLock {
            guard !isTerminated, !disposable.isDisposed, window == nil else { return }
            let opened = Subject<Value>()
            window = opened
            downstream.sendNext(opened)
            // The subscriber may have disposed, or ended the window, while receiving it.
            guard window === opened, !disposable.isDisposed else { return }
            close(opened).subscribe(WindowCloseSink(self, window: opened))
        }
    }

    /// Ends `closed` if it is still the open window; `closing` is its closing subscription.
    func closeWindow(_ closed: Subject<Value>, closing: CompoundDisposable?) {
        lock.withLock {
            // With the lock released (every level of it, also when this runs inside a
            // delivery on this thread), like every disposal here: disposing a subscription
            // may take its signal's lock, which a thread delivering from that signal into
            // this state holds while it waits for this one.
            if let closing {
                lock.withLockReleased {
                    closing.dispose()
                    disposable.remove(closing)
                }
            }
            guard window === closed else { return }
            window = nil
            closed.sendCompleted()
        }
    }

    func forward(_ value: Value) {
        lock.withLock {
            guard !isTerminated, !disposable.isDisposed else { return }
            window?.sendNext(value)
        }
    }

    func terminate(_ event: Event<Value>) {
        lock.withLock {
            guard !isTerminated else { return }
            isTerminated = true
            let open = window
            window = nil
            // Disposed with the lock released (see `closeWindow`), also when the terminal
            // event comes from inside a delivery on this thread; nothing goes out meanwhile.
            lock.withLockReleased { disposable.dispose() }
            if case .error(let error) = event {
                downstream.sendError(error)
                open?.sendError(error)
            } else {
                downstream.sendCompleted()
                open?.sendCompleted()
            }
        }
    }
}

/// `openings` (terminal events ignored) or this signal (terminal events end the result).
private final class WindowInputSink<Input, Value, V>: Sink, Subscriber, @unchecked Sendable {
    private let state: WindowState<Value, V>
    private let forwardsTerminalEvents: Bool
    private let receive: (WindowState<Value, V>, Input) -> Void

    init(
        _ state: WindowState<Value, V>, forwardsTerminalEvents: Bool = false,
        receive: @escaping (WindowState<Value, V>, Input) -> Void
    ) {
        self.state = state
        self.forwardsTerminalEvents = forwardsTerminalEvents
        self.receive = receive
    }

    func didSubscribe(with disposable: CompoundDisposable) { state.disposable.add(disposable) }
    func sendNext(_ value: Input) { receive(state, value) }

    func sendError(_ error: any Error) {
        if forwardsTerminalEvents { state.terminate(.error(error)) }
    }

    func sendCompleted() {
        if forwardsTerminalEvents { state.terminate(.completed) }
    }
}

/// The closing signal of one window: its first event of any kind closes that window.
private final class WindowCloseSink<Value, V>: Sink, Subscriber, @unchecked Sendable {
    private let state: WindowState<Value, V>
    private let window: Subject<Value>
    private var subscription: CompoundDisposable?

    init(_ state: WindowState<Value, V>, window: Subject<Value>) {
        self.state = state
        self.window = window
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
        state.disposable.add(disposable)
    }

    func sendNext(_ value: V) { state.closeWindow(window, closing: subscription) }
    func sendError(_ error: any Error) { state.closeWindow(window, closing: subscription) }
    func sendCompleted() { state.closeWindow(window, closing: subscription) }
}
