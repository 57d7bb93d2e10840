// The constructors are inlinable: a `return(x)` built in the caller's code (typically a
// flattenMap closure, once per value) then allocates with the caller's cached metadata for its
// concrete type instead of looking `ReturnSignal<Value>` up in the runtime's generic metadata
// table on every call (~300 instructions each).
extension Signal {
    /// A signal that sends `value` and completes (RAC's `+return:`).
    @inlinable
    public static func `return`(_ value: Value) -> Signal<Value> {
        ReturnSignal(value).named("+return: \(value)")
    }

    /// A signal that completes at once (RAC's `+empty`).
    @inlinable
    public static var empty: Signal<Value> {
        EmptySignal<Value>().named("+empty")
    }

    /// A signal that never sends anything (RAC's `+never`).
    @inlinable
    public static var never: Signal<Value> {
        NeverSignal<Value>().named("+never")
    }

    /// A signal that fails with `error` at once (RAC's `+error:`).
    @inlinable
    public static func error(_ error: any Error) -> Signal<Value> {
        ErrorSignal<Value>(error).named("+error: \(error)")
    }
}

/// How a constant signal ends, for `Signal.deliverConstant(_:)`.
enum ConstantTermination {
    case completed
    case failed(any Error)
}

// The constant signals run their events through the subscription scheduler, as RAC's
// RACReturnSignal, RACEmptySignal and RACErrorSignal do: inline when a scheduler is current,
// else on the subscription scheduler's background scheduler. Their events come from one
// place, synchronously, so no lock is needed: only the disposal check between events. The
// inline path allocates nothing but the subscription's disposable.

/// RACReturnSignal.
@usableFromInline
final class ReturnSignal<Value>: Signal<Value>, @unchecked Sendable {
    @usableFromInline let value: Value

    // Not inlinable, although specialized in the caller it would save the value witness
    // call that copies the value in (a runtime call per `return`, per value at every
    // flattenMap level in R3): with library evolution on (an xcframework build,
    // Tools/apple-typecheck) a class's designated init cannot be inlinable.
    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let isInline = Scheduler.isCurrentSet
        if isInline, subscriber is ClosureSubscriberBase { return deliverInline(value, to: subscriber) }
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        if isInline {
            Self.send(value, to: subscriber, disposable)
        } else {
            // Values are of any type, Sendable or not, as in RAC (see "Signals and Swift
            // Concurrency"); this one is immutable and handed to the one scheduled block.
            nonisolated(unsafe) let value = self.value
            disposable.add(SubscriptionScheduler.shared.backgroundScheduler.schedule {
                Self.send(value, to: subscriber, disposable)
            })
        }
        return disposable
    }

    private static func send(_ value: Value, to subscriber: some Subscriber<Value>, _ disposable: CompoundDisposable) {
        if disposable.isDisposed { return }
        subscriber.sendNext(value)
        if disposable.isDisposed { return }
        disposable.dispose()
        subscriber.sendCompleted()
    }

    override var isConstant: Bool { true }

    override func deliverConstant(_ next: (Value) -> Void) -> ConstantTermination? {
        next(value)
        return .completed
    }
}

/// The subscription `deliverInline` returns: disposed, as the subscription of a constant
/// signal that has sent everything is. One for all, so that the inline path allocates none.
let endedConstantSubscription: CompoundDisposable = {
    let subscription = CompoundDisposable()
    subscription.dispose()
    return subscription
}()

/// A constant signal's value and completion delivered synchronously to a `subscribe(next:…)`
/// subscriber, without a subscription of its own: that subscriber ignores
/// `didSubscribe(with:)`, so until this returns nothing holds the subscription that could
/// dispose it between the events, and the returned one is already disposed, as a constant
/// signal's is once it has sent everything (RAC's RACReturnSignal returns no disposable at
/// all when it delivers inline). What the subscriber sees is unchanged.
// Always inlined: left to the optimizer, W6 +1.5% instructions per cycle
// (Benchmarks/HISTORY.md, "Issue 26, the annotation audit").
@inline(__always)
func deliverInline<Value>(_ value: Value, to subscriber: some Subscriber<Value>) -> Disposable {
    subscriber.sendNext(value)
    subscriber.sendCompleted()
    return endedConstantSubscription
}

/// A subscription to `empty` (`error` nil) or `error`: its one event goes out at once on a
/// scheduler, else on the background scheduler (RAC's subscription scheduler), unless the
/// subscription is disposed before; the subscription ends before the event goes out.
private func subscribeEnding<Value>(_ subscriber: some Subscriber<Value>, error: (any Error)?) -> Disposable {
    let disposable = CompoundDisposable()
    subscriber.didSubscribe(with: disposable)
    @Sendable func end() {
        if disposable.isDisposed { return }
        disposable.dispose()
        if let error { subscriber.sendError(error) } else { subscriber.sendCompleted() }
    }
    if Scheduler.isCurrentSet {
        end()
    } else {
        disposable.add(SubscriptionScheduler.shared.backgroundScheduler.schedule { end() })
    }
    return disposable
}

/// RACEmptySignal.
@usableFromInline
final class EmptySignal<Value>: Signal<Value>, @unchecked Sendable {
    @usableFromInline
    override init() {}

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        subscribeEnding(subscriber, error: nil)
    }

    override var isConstant: Bool { true }

    override func deliverConstant(_ next: (Value) -> Void) -> ConstantTermination? {
        .completed
    }
}

/// RACErrorSignal.
@usableFromInline
final class ErrorSignal<Value>: Signal<Value>, @unchecked Sendable {
    let error: any Error

    @usableFromInline
    init(_ error: any Error) {
        self.error = error
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        subscribeEnding(subscriber, error: error)
    }

    override var isConstant: Bool { true }

    override func deliverConstant(_ next: (Value) -> Void) -> ConstantTermination? {
        .failed(error)
    }
}

/// `+never`: subscribing does nothing, and disposal has nothing to stop.
@usableFromInline
final class NeverSignal<Value>: Signal<Value>, @unchecked Sendable {
    @usableFromInline
    override init() {}

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        return disposable
    }
}
