extension Signal {
    /// Ignores this signal's values; when it completes, calls `block` and subscribes to the
    /// signal it returns, forwarding that one's events (RAC's `-then:`, built there as
    /// `ignoreValues` concatenated with `+defer:`). `block` runs only on completion; an error
    /// from this signal is forwarded and `block` never runs.
    /// `block` runs, and its signal is subscribed, on the thread that delivered this signal's
    /// completion, from inside it: for a synchronous source, before its `create` block has
    /// returned (RAC's order; see `concat(_:)`).
    @inlinable
    public func then<U>(_ block: @escaping @Sendable () -> Signal<U>) -> Signal<U> {
        let ignored: Signal<U> = ignoringValues()
        return ignored.concat(Signal<U>.defer(block)).named("[\(name)] -then:")
    }
}
