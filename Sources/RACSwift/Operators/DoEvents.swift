extension Signal {
    /// Runs `block` for each value, before the value is forwarded (RAC's `-doNext:`). Events
    /// pass through unchanged.
    /// Terminal events pass through. `block` runs on the thread that delivered the value.
    public func doNext(_ block: @escaping @Sendable (Value) -> Void) -> Signal<Value> {
        DoNextSignal(source: self, block: block).named("[\(name)] -doNext:")
    }

    /// Runs `block` with the error, before the error is forwarded (RAC's `-doError:`). Events
    /// pass through unchanged.
    /// `block` runs on the thread that delivered the error.
    public func doError(_ block: @escaping @Sendable (any Error) -> Void) -> Signal<Value> {
        DoTerminalSignal(source: self, error: block, completed: nil).named("[\(name)] -doError:")
    }

    /// Runs `block` on completion, before completion is forwarded (RAC's `-doCompleted:`).
    /// Events pass through unchanged.
    /// `block` runs on the thread that delivered the completion.
    public func doCompleted(_ block: @escaping @Sendable () -> Void) -> Signal<Value> {
        DoTerminalSignal(source: self, error: nil, completed: block).named("[\(name)] -doCompleted:")
    }

}

final class DoNextSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let block: (Value) -> Void

    init(source: Signal<Value>, block: @escaping (Value) -> Void) {
        self.source = source
        self.block = block
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        source.subscribe(DoNextSink(downstream: subscriber, block: block))
    }
}

/// Stateless and on the hot path: no lock, nothing allocated per value.
final class DoNextSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let block: (Value) -> Void

    init(downstream: some Subscriber<Value>, block: @escaping (Value) -> Void) {
        self.downstream = downstream
        self.block = block
    }

    @inline(__always) func sendNext(_ value: Value) {
        block(value)
        downstream.sendNext(value)
    }

    func sendError(_ error: any Error) { downstream.sendError(error) }
    func sendCompleted() { downstream.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}

/// `doError`, `doCompleted` and `finally`: one sink with optional blocks for the terminal
/// events, so `finally` costs one sink rather than RAC's two.
final class DoTerminalSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let error: ((any Error) -> Void)?
    private let completed: (() -> Void)?

    init(source: Signal<Value>, error: ((any Error) -> Void)?, completed: (() -> Void)?) {
        self.source = source
        self.error = error
        self.completed = completed
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        source.subscribe(DoTerminalSink(downstream: subscriber, error: error, completed: completed))
    }
}

final class DoTerminalSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let error: ((any Error) -> Void)?
    private let completed: (() -> Void)?

    init(downstream: some Subscriber<Value>, error: ((any Error) -> Void)?, completed: (() -> Void)?) {
        self.downstream = downstream
        self.error = error
        self.completed = completed
    }

    @inline(__always) func sendNext(_ value: Value) { downstream.sendNext(value) }

    func sendError(_ error: any Error) {
        self.error?(error)
        downstream.sendError(error)
    }

    func sendCompleted() {
        completed?()
        downstream.sendCompleted()
    }

    func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
