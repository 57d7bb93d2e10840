extension Signal {
    /// Sends the values of `then` while the latest value of `condition` is true, and those of
    /// `else` while it is false (RAC's `+if:then:else:`).
    ///
    /// Each new condition value disposes the current branch's subscription and subscribes the
    /// chosen branch anew (`switchToLatest` of the condition mapped to branches). Completes
    /// once `condition` and the current branch have completed; an error from `condition` or
    /// from the current branch is forwarded at once.
    /// A branch is subscribed on the thread that delivered the condition's value; events go out
    /// on the thread their signal sent them, one at a time.
    public static func `if`(
        _ condition: Signal<Bool>, then trueSignal: Signal<Value>, else falseSignal: Signal<Value>
    ) -> Signal<Value> {
        condition
            .map { $0 ? trueSignal : falseSignal }
            .switchToLatest()
            .named("+if: \(condition) then: \(trueSignal) else: \(falseSignal)")
    }
}
