// The merge point's fast path for constant inner signals (`return`, `empty`, `error`): their
// events delivered directly, without a subscription (see `MergeSink.start`).
extension MergeSink {
    /// Delivers a constant inner signal directly (see `start`); when `isArriving`, it has just
    /// arrived from the source and is counted (or queued) in the same lock acquisition.
    /// `isReturn`: `signal` is known to be a `ReturnSignal`.
    @inline(__always)
    func startConstant(_ signal: Signal<Value>, isArriving: Bool, isReturn: Bool) {
        // One lock acquisition for the arrival, the value and the completion: as if nothing
        // had run in between, which a concurrent sender could not tell from a subscription.
        let (failure, action) = serialize { () -> ((any Error)?, MergeAction) in
            // Queued behind the limit, or dropped once finished: nothing to deliver now.
            if isArriving, case .none = state.innerArrived(signal) { return (nil, .none) }
            if isReturn {
                // What its `deliverConstant` does. `isReturn` says the class is exactly
                // `ReturnSignal<Value>` (it is final).
                send(knownClassCast(signal, to: ReturnSignal<Value>.self).value)
            } else if case .failed(let error) = signal.deliverConstant({ value in send(value) }) {
                return (error, .none)
            }
            // Completed (nil is not reached: `signal` is constant).
            return (nil, settle(constantEnded()))
        }
        if let failure {
            // The inner subscription would have been disposed with this one, and sent nothing.
            if !disposable.isDisposed { fail(failure) }
        } else {
            follow(action)
        }
    }

    /// A constant inner signal completed without a subscription. Called with `lock` held.
    @inline(__always)
    func constantEnded() -> MergeAction {
        // Disposal (by downstream, or by a termination during the value) would have disposed
        // the inner subscription before its completion.
        disposable.isDisposed ? .none : completion()
    }
}
