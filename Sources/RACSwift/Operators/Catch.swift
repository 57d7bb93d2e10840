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
/// source terminates. Its output point also forwards the replacement's events, so that both
/// signals end the output through one rule.
@usableFromInline
final class CatchSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let output: InnerForwardSink<Value>
    private var handler: ((any Error) -> Signal<Value>)?
    private var source: CompoundDisposable?

    @usableFromInline
    init(downstream: some Subscriber<Value>, handler: @escaping (any Error) -> Signal<Value>,
         outer: CompoundDisposable) {
        self.output = InnerForwardSink(downstream: downstream, outer: outer)
        self.handler = handler
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) {
        source = disposable
        output.didSubscribe(with: disposable)
    }

    @usableFromInline func sendNext(_ value: Value) { output.send(value) }

    @usableFromInline func sendError(_ error: any Error) {
        guard let handler, output.isOpen else { return }
        self.handler = nil
        // The failed subscription is finished; only the replacement needs to stay in the
        // output's subscription.
        if let source { output.disposable.remove(source) }
        source = nil
        handler(error).subscribe(output)
    }

    @usableFromInline func sendCompleted() {
        handler = nil
        output.finish(error: nil)
    }
}
