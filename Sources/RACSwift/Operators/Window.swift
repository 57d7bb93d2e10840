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
        OperatorSignal((source: self, openings: openings, close: close)) { subscriber, payload in
            subscribeWindow(subscriber, source: payload.source, openings: payload.openings, close: payload.close)
        }
        .named("[\(name)] -windowWithStart: \(openings) close:")
    }
}

/// One subscription to `window(withStart:close:)`.
private func subscribeWindow<Value, U, V>(
    _ subscriber: any Subscriber<Signal<Value>>, source: Signal<Value>, openings: Signal<U>,
    close: @escaping (Signal<Value>) -> Signal<V>
) -> Disposable {
    let sink = WindowSink<Value, V>(downstream: subscriber, close: close)
    subscriber.didSubscribe(with: sink.disposable)
    openings.subscribe(WindowInput<U, Value, V>(sink) { sink, _ in sink.openingArrived() })
    // Also when the openings ended the result while being subscribed: as in RAC, the source
    // is subscribed, and the subscription disposed at once.
    source.subscribe(WindowInput<Value, Value, V>(sink, forwardsTerminalEvents: true) { sink, value in
        sink.forward(value)
    })
    return sink.disposable
}

// MARK: - The state machine

/// The rules of one window subscription as a value: which window is open, and whether the
/// result has ended. `Window` is the window's subject (any object in the tests): windows are
/// told apart by identity, since a closing signal may fire after its window was replaced.
struct WindowState<Window: AnyObject> {
    enum Action {
        case none
        /// Make a window, pass it to `opened(_:)`, send it, then call `windowSent(_:)`.
        case openWindow
        /// Subscribe the window's closing signal.
        case subscribeClosing(Window)
        /// Complete the window.
        case completeWindow(Window)
        /// Send the source's value to the window.
        case forward(Window)
        /// End the result (its subscriber first), then the window that was open, if any.
        case finish(openWindow: Window?)
    }

    /// The open window.
    private(set) var window: Window?
    /// The source has ended the result.
    private(set) var isFinished = false

    init() {}

    /// `openings` sent a value: it opens a window unless one is open.
    mutating func openingArrived() -> Action {
        isFinished || window != nil ? .none : .openWindow
    }

    mutating func opened(_ window: Window) {
        self.window = window
    }

    /// `window` has been sent; the subscriber may have ended it, or the result, meanwhile.
    mutating func windowSent(_ window: Window) -> Action {
        self.window === window ? .subscribeClosing(window) : .none
    }

    /// The closing signal of `closed` sent its first event; it ends `closed` if that is still
    /// the open window.
    mutating func closingFired(for closed: Window) -> Action {
        guard let window, window === closed else { return .none }
        self.window = nil
        return .completeWindow(window)
    }

    /// The source sent a value: it goes to the open window; with none open, it is dropped.
    mutating func valueArrived() -> Action {
        guard !isFinished, let window else { return .none }
        return .forward(window)
    }

    /// The source completed or failed.
    mutating func sourceEnded() -> Action {
        guard !isFinished else { return .none }
        isFinished = true
        defer { window = nil }
        return .finish(openWindow: window)
    }
}

// MARK: - The sink

/// Three inputs (openings, the source, the current closing signal): performs `WindowState`'s
/// actions under the output point's lock, which also serializes the open window.
final class WindowSink<Value, V>: OutputPoint<Signal<Value>>, @unchecked Sendable {
    private let close: (Signal<Value>) -> Signal<V>
    // Unchecked: the optimizer keeps its dynamic check, once per value; no workload runs this
    // operator, so it is judged by the sinks of its shape that do (DistinctUntilChanged's `last`,
    // W25 +63 %; Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var state = WindowState<Subject<Value>>()  // guarded by `lock`

    init(downstream: some Subscriber<Signal<Value>>, close: @escaping (Signal<Value>) -> Signal<V>) {
        self.close = close
        super.init(downstream: downstream)
    }

    func openingArrived() {
        serialize {
            guard isOpen, case .openWindow = state.openingArrived() else { return }
            let opened = Subject<Value>()
            state.opened(opened)
            send(opened)
            guard isOpen, case .subscribeClosing(let window) = state.windowSent(opened) else { return }
            close(window).subscribe(WindowClosingInput(self, window: window))
        }
    }

    /// `closing` is the subscription of `closed`'s closing signal.
    func closingFired(for closed: Subject<Value>, closing: CompoundDisposable?) {
        serialize {
            // With the lock released (every level of it, also when this runs inside a
            // delivery on this thread), as the output point disposes: disposing a
            // subscription may take its signal's lock, which a thread delivering from that
            // signal into this sink holds while it waits for this one.
            if let closing {
                lock.withLockReleased {
                    closing.dispose()
                    disposable.remove(closing)
                }
            }
            if case .completeWindow(let window) = state.closingFired(for: closed) { window.sendCompleted() }
        }
    }

    func forward(_ value: Value) {
        serialize {
            guard isOpen, case .forward(let window) = state.valueArrived() else { return }
            window.sendNext(value)
        }
    }

    /// The source's terminal event: the result's subscriber gets it, then the open window —
    /// RAC left the open window unterminated.
    func sourceEnded(error: (any Error)?) {
        let open = serialize { () -> Subject<Value>? in
            guard case .finish(let window) = state.sourceEnded() else { return nil }
            finish(error: error)
            return window
        }
        guard let open else { return }
        // After the output point has delivered the result's terminal event (which waits for
        // the outermost `serialize` to let go), under the lock like every window event.
        serialize {
            if let error { open.sendError(error) } else { open.sendCompleted() }
        }
    }
}

/// `openings` (terminal events ignored) or the source (terminal events end the result).
private final class WindowInput<Input, Value, V>: Sink, Subscriber, @unchecked Sendable {
    private let sink: WindowSink<Value, V>
    private let forwardsTerminalEvents: Bool
    private let receive: (WindowSink<Value, V>, Input) -> Void

    init(
        _ sink: WindowSink<Value, V>, forwardsTerminalEvents: Bool = false,
        receive: @escaping (WindowSink<Value, V>, Input) -> Void
    ) {
        self.sink = sink
        self.forwardsTerminalEvents = forwardsTerminalEvents
        self.receive = receive
    }

    func didSubscribe(with disposable: CompoundDisposable) { sink.disposable.add(disposable) }
    func sendNext(_ value: Input) { receive(sink, value) }

    func sendError(_ error: any Error) {
        if forwardsTerminalEvents { sink.sourceEnded(error: error) }
    }

    func sendCompleted() {
        if forwardsTerminalEvents { sink.sourceEnded(error: nil) }
    }
}

/// The closing signal of one window: its first event of any kind closes that window.
private final class WindowClosingInput<Value, V>: Sink, Subscriber, @unchecked Sendable {
    private let sink: WindowSink<Value, V>
    private let window: Subject<Value>
    private var subscription: CompoundDisposable?

    init(_ sink: WindowSink<Value, V>, window: Subject<Value>) {
        self.sink = sink
        self.window = window
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
        sink.disposable.add(disposable)
    }

    func sendNext(_ value: V) { sink.closingFired(for: window, closing: subscription) }
    func sendError(_ error: any Error) { sink.closingFired(for: window, closing: subscription) }
    func sendCompleted() { sink.closingFired(for: window, closing: subscription) }
}
