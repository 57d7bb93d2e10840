extension Signal {
    /// Forwards this signal's events; if it fails, subscribes the signal `handler` returns for
    /// the error and forwards that one's events instead (RAC's `-catch:`).
    ///
    /// The replacement is subscribed only on error, once; its own error is forwarded.
    /// Completion of this signal is forwarded as is. Disposal stops whichever is running.
    /// `handler` runs, and the replacement is subscribed, on the thread that delivered the
    /// error; events go out on the thread that sent them.
    @inlinable
    public func `catch`(_ handler: @escaping @Sendable (any Error) -> Signal<Value>) -> Signal<Value> {
        LiftedSignal(self, handler) { CatchSink(downstream: $0, handler: $1, outer: $2) }.named("[\(name)] -catch:")
    }

    /// On error, subscribes `replacement` instead (RAC's `-catchTo:`). See `catch(_:)`.
    /// Terminates and delivers as `catch(_:)` does.
    @inlinable
    public func `catch`(to replacement: Signal<Value>) -> Signal<Value> {
        self.catch { _ in replacement }.named("[\(name)] -catchTo: \(replacement)")
    }
}

/// Retains the handler (not the replacement signal, which does not exist yet) until the
/// source terminates.
@usableFromInline
final class CatchSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private var handler: ((any Error) -> Signal<Value>)?
    private let outer: CompoundDisposable
    private var source: CompoundDisposable?

    @usableFromInline
    init(downstream: some Subscriber<Value>, handler: @escaping (any Error) -> Signal<Value>,
         outer: CompoundDisposable) {
        self.downstream = downstream
        self.handler = handler
        self.outer = outer
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) {
        source = disposable
        outer.add(disposable)
    }

    @usableFromInline func sendNext(_ value: Value) { downstream.sendNext(value) }

    @usableFromInline func sendError(_ error: any Error) {
        guard let handler, !outer.isDisposed else { return }
        self.handler = nil
        // The failed subscription is finished; only the replacement needs to stay in `outer`.
        if let source { outer.remove(source) }
        source = nil
        handler(error).subscribe(InnerForwardSink(downstream: downstream, outer: outer))
    }

    @usableFromInline func sendCompleted() {
        handler = nil
        outer.dispose()
        downstream.sendCompleted()
    }
}
