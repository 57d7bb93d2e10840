extension Signal {
    /// Sends the values of the signal that `cases` holds for the latest key `keys` sent, or of
    /// `default` for a key with no case (RAC's `+switch:cases:default:`).
    ///
    /// Each new key disposes the current case's subscription and subscribes the chosen one
    /// anew (`switchToLatest` of the keys mapped to signals). A key with no case when
    /// `default` is nil fails the result with `SignalError.noMatchingCase`, whose payload
    /// describes the key. Completes once `keys` and the current case have completed; an error
    /// from `keys` or from the current case is forwarded at once.
    /// A case is subscribed on the thread that delivered its key; events go out on the thread
    /// their signal sent them, one at a time.
    @inlinable
    public static func `switch`<Key: Hashable>(
        _ keys: Signal<Key>, cases: [Key: Signal<Value>], default defaultSignal: Signal<Value>?
    ) -> Signal<Value> {
        // The internal map, whose closure need not be @Sendable: keys are of any Hashable
        // type, as in RAC, and the dictionary is immutable.
        keys.mapInternally { key -> Signal<Value> in
                if let signal = cases[key] ?? defaultSignal { return signal }
                return Signal.error(SignalError.noMatchingCase(String(describing: key)))
            }
            .switchToLatest()
            .named("+switch: \(keys) cases: \(cases) default: \(String(describing: defaultSignal))")
    }
}
