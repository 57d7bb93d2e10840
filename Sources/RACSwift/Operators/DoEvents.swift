extension Signal {
    /// Runs `block` for each value, before the value is forwarded (RAC's `-doNext:`). Events
    /// pass through unchanged.
    /// Terminal events pass through. `block` runs on the thread that delivered the value.
    @inlinable
    public func doNext(_ block: @escaping @Sendable (Value) -> Void) -> Signal<Value> {
        LiftedSignal(self, ValueAction(block)) { DoNextSink(downstream: $0, block: $1.run) }.named("[\(name)] -doNext:")
    }

    /// Runs `block` with the error, before the error is forwarded (RAC's `-doError:`). Events
    /// pass through unchanged.
    /// `block` runs on the thread that delivered the error.
    @inlinable
    public func doError(_ block: @escaping @Sendable (any Error) -> Void) -> Signal<Value> {
        LiftedSignal(self, block) { DoTerminalSink(downstream: $0, error: $1, completed: nil) }.named("[\(name)] -doError:")
    }

    /// Runs `block` on completion, before completion is forwarded (RAC's `-doCompleted:`).
    /// Events pass through unchanged.
    /// `block` runs on the thread that delivered the completion.
    @inlinable
    public func doCompleted(_ block: @escaping @Sendable () -> Void) -> Signal<Value> {
        LiftedSignal(self, block) { DoTerminalSink(downstream: $0, error: nil, completed: $1) }.named("[\(name)] -doCompleted:")
    }

}

/// On the hot path: no lock, nothing allocated per value.
@usableFromInline
final class DoNextSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let block: (Value) -> Void
    /// A terminal event went out. The block may end the source from inside (a create block's
    /// subscriber completed by it): that completion goes out at once, and the value the block
    /// ran for is then dropped, as RAC's passthrough drops it — never sent after the end
    /// (contract §2; the debug builds' serial-delivery check found it). No lock: the source
    /// serializes, and the terminal event arrives on the delivering thread.
    private var isDone = false

    @usableFromInline
    init(downstream: some Subscriber<Value>, block: @escaping (Value) -> Void) {
        self.downstream = downstream
        self.block = block
        super.init()
    }

    // Always inlined: S1 +1.4% without it (Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two").
    @usableFromInline @inline(__always) func sendNext(_ value: Value) {
        block(value)
        if isDone { return }
        downstream.sendNext(value)
    }

    @usableFromInline func sendError(_ error: any Error) {
        isDone = true
        downstream.sendError(error)
    }

    @usableFromInline func sendCompleted() {
        isDone = true
        downstream.sendCompleted()
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}

@usableFromInline
final class DoTerminalSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let error: ((any Error) -> Void)?
    private let completed: (() -> Void)?

    @usableFromInline
    init(downstream: some Subscriber<Value>, error: ((any Error) -> Void)?, completed: (() -> Void)?) {
        self.downstream = downstream
        self.error = error
        self.completed = completed
    }

    // Always inlined: S1 plus doCompleted +1.3% without it (Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two").
    @usableFromInline @inline(__always) func sendNext(_ value: Value) { downstream.sendNext(value) }

    @usableFromInline func sendError(_ error: any Error) {
        self.error?(error)
        downstream.sendError(error)
    }

    @usableFromInline func sendCompleted() {
        completed?()
        downstream.sendCompleted()
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
