extension Signal {
    /// A signal that sends `value` and completes (RAC's `+return:`).
    public static func `return`(_ value: Value) -> Signal<Value> {
        ReturnSignal(value).named("+return: \(value)")
    }

    /// A signal that completes at once (RAC's `+empty`).
    public static var empty: Signal<Value> {
        EmptySignal<Value>().named("+empty")
    }

    /// A signal that never sends anything (RAC's `+never`).
    public static var never: Signal<Value> {
        NeverSignal<Value>().named("+never")
    }

    /// A signal that fails with `error` at once (RAC's `+error:`).
    public static func error(_ error: any Error) -> Signal<Value> {
        ErrorSignal<Value>(error).named("+error: \(error)")
    }
}

/// Runs a constant signal's events through the subscription scheduler, as RAC's RACReturnSignal,
/// RACEmptySignal and RACErrorSignal do. Their events come from one place, synchronously, so
/// no lock is needed: only the disposal check between events.
private func subscribeConstant<S: Subscriber>(
    _ subscriber: S, _ send: @escaping (S, CompoundDisposable) -> Void
) -> Disposable {
    let disposable = CompoundDisposable()
    subscriber.didSubscribe(with: disposable)
    if Scheduler.current != nil {
        send(subscriber, disposable)
    } else {
        disposable.add(SubscriptionScheduler.shared.backgroundScheduler.schedule {
            send(subscriber, disposable)
        })
    }
    return disposable
}

/// RACReturnSignal.
final class ReturnSignal<Value>: Signal<Value>, @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let value = self.value
        return subscribeConstant(subscriber) { subscriber, disposable in
            if disposable.isDisposed { return }
            subscriber.sendNext(value)
            if disposable.isDisposed { return }
            disposable.dispose()
            subscriber.sendCompleted()
        }
    }
}

/// RACEmptySignal.
final class EmptySignal<Value>: Signal<Value>, @unchecked Sendable {
    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        subscribeConstant(subscriber) { subscriber, disposable in
            if disposable.isDisposed { return }
            disposable.dispose()
            subscriber.sendCompleted()
        }
    }
}

/// RACErrorSignal.
final class ErrorSignal<Value>: Signal<Value>, @unchecked Sendable {
    let error: any Error

    init(_ error: any Error) {
        self.error = error
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let error = self.error
        return subscribeConstant(subscriber) { subscriber, disposable in
            if disposable.isDisposed { return }
            disposable.dispose()
            subscriber.sendError(error)
        }
    }
}

/// `+never`: subscribing does nothing, and disposal has nothing to stop.
final class NeverSignal<Value>: Signal<Value>, @unchecked Sendable {
    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        return disposable
    }
}
