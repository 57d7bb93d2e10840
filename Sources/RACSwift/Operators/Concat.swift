extension Signal {
    /// Sends this signal's events, then, once it completes, subscribes `signal` and sends its
    /// events (RAC's `-concat:`). An error from either ends the result; `signal` is not
    /// subscribed until this one completes, and not at all if this one fails or the
    /// subscription is disposed first. Disposal stops whichever is running.
    ///
    /// As in RAC, `signal` is subscribed from inside this signal's completion, on the thread
    /// that delivered it: when this signal is synchronous, `signal` runs — and the result
    /// completes — before this signal's `create` block has returned, so that block's
    /// disposable runs last.
    public func concat(_ signal: Signal<Value>) -> Signal<Value> {
        MergeSignal([self, signal], maxConcurrent: 1).named("[\(name)] -concat: \(signal)")
    }

    /// Sends the events of each signal in turn, subscribing the next one only when the one
    /// before it completes (RAC's `+concat:`). An error from any of them ends the result;
    /// disposal stops whichever is running. An empty array completes at once.
    ///
    /// As in RAC's chain of nested `-concat:`, each signal is subscribed from inside the
    /// previous one's completion, so synchronous signals run nested and the result completes
    /// before their `create` blocks return — for up to 32 synchronous signals in a row. A
    /// longer run unwinds (those blocks return, their disposables run, latest first) and the
    /// next run starts from a loop, so a million of them run in constant stack, where RAC's
    /// chain would overflow it.
    /// Events go out on the thread that sent them; the next signal is subscribed by the thread
    /// that delivered the previous one's completion (or by the loop already subscribing).
    public static func concat(_ signals: [Signal<Value>]) -> Signal<Value> {
        MergeSignal(signals, maxConcurrent: 1).named("+concat: \(signals)")
    }

    /// `concat(_:)` on the signals given as arguments (RAC's `+concat:`).
    /// Terminates and delivers as `concat(_:)` on an array does.
    public static func concat(_ first: Signal<Value>, _ rest: Signal<Value>...) -> Signal<Value> {
        concat([first] + rest)
    }
}
