extension Signal {
    /// Sends this signal's events, then, once it completes, subscribes `signal` and sends its
    /// events (RAC's `-concat:`). An error from either ends the result; `signal` is not
    /// subscribed until this one completes, and not at all if this one fails or the
    /// subscription is disposed first. Disposal stops whichever is running.
    public func concat(_ signal: Signal<Value>) -> Signal<Value> {
        MergeSignal([self, signal], maxConcurrent: 1).named("[\(name)] -concat: \(signal)")
    }

    /// Sends the events of each signal in turn, subscribing the next one only when the one
    /// before it completes (RAC's `+concat:`). An error from any of them ends the result;
    /// disposal stops whichever is running. An empty array completes at once.
    ///
    /// Unlike RAC's chain of nested `-concat:`, signals that complete synchronously are
    /// subscribed from a loop, so a million of them run in constant stack.
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
