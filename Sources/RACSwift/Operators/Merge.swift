extension Signal {
    /// Forwards the values of this signal and `other` as they arrive (RAC's `-merge:`).
    ///
    /// ```
    /// self:   -a--c|
    /// other:  --b--d|
    /// merge:  -ab-cd|
    /// ```
    ///
    /// Completes once both have completed; an error from either is forwarded at once and
    /// disposes the other. Events from the two may come from different threads; they go out
    /// one at a time.
    public func merge(_ other: Signal<Value>) -> Signal<Value> {
        MergeSignal([self, other], maxConcurrent: 0).named("[\(name)] -merge: \(other)")
    }

    /// Forwards the values of every signal in `signals` as they arrive (RAC's `+merge:`).
    ///
    /// Subscribes to all of them at once, in order. Completes once every one has completed
    /// (an empty array completes at once); an error from any is forwarded at once and
    /// disposes the others.
    /// Each event goes out on the thread its signal sent it, one at a time.
    ///
    /// As in RAC, a disposal from downstream while the signals are still being subscribed (a
    /// `take(1)` satisfied by the first) does not stop the later ones from being subscribed:
    /// they run until this subscribe returns, then are disposed in order; the signal that was
    /// inside its `subscribe` is stopped at once (porting guide, "Re-entrancy, nested
    /// terminations and threads").
    public static func merge(_ signals: [Signal<Value>]) -> Signal<Value> {
        MergeSignal(signals, maxConcurrent: 0).named("+merge: \(signals)")
    }

    /// Variadic form of `merge(_:)` on an array (RAC's `+merge:` with a literal array).
    /// Terminates and delivers as `merge(_:)` on an array does.
    public static func merge(_ signals: Signal<Value>...) -> Signal<Value> {
        MergeSignal(signals, maxConcurrent: 0).named("+merge: \(signals)")
    }
}
