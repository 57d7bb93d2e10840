extension Signal {
    /// Runs `block` once the signal terminates, with an error or by completing, before the
    /// terminal event is forwarded (RAC's `-finally:`, built there from `doError:` and
    /// `doCompleted:`, hence the order). Disposal without a terminal event does not run it.
    /// `block` runs on the thread that delivered the terminal event.
    @inlinable
    public func finally(_ block: @escaping @Sendable () -> Void) -> Signal<Value> {
        LiftedSignal(self, block) { downstream, block in
            DoTerminalSink(downstream: downstream, error: { _ in block() }, completed: block)
        }.named("[\(name)] -finally:")
    }
}
