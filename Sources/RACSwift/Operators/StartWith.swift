extension Signal {
    /// Sends `value` first, then this signal's events (RAC's `-startWith:`).
    ///
    /// `value` goes out at subscription, on the subscription scheduler as `Signal.return`
    /// would send it; this signal is subscribed right after — as in RAC, also when the result
    /// was disposed meanwhile, in which case that subscription is disposed at once.
    public func startWith(_ value: Value) -> Signal<Value> {
        // As RAC's `[[return: value] concat: self]`, this signal is subscribed also when the
        // result was disposed before or while `value` went out; that subscription is disposed
        // at once. Its subscription joins the result's, as defer's made signal does.
        OperatorSignal((self, value)) { subscriber, arguments in
            subscribeScheduled(subscriber) { output in
                if output.isOpen { output.send(arguments.1) }
                arguments.0.subscribe(output)
            }
        }.named("[\(name)] -startWith: \(value)")
    }
}
