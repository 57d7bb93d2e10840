/// Base class of the library's internal subscribers: every instance is a live subscription
/// part for `LiveSubscriptions`. Subclasses keep the hot path final and free of this class.
@usableFromInline
class Sink: @unchecked Sendable {
    @usableFromInline init() { LiveSubscriptions.increment() }
    deinit { LiveSubscriptions.decrement() }
}

/// Forwards one inner subscription's events into an operator's own subscription `outer`
/// (defer, catch's replacement...): the inner subscription is added to `outer`, so disposing
/// `outer` stops it, and a terminal event disposes `outer` before it is forwarded.
final class InnerForwardSink<Value>: SerialOutputPoint<Value>, Subscriber, @unchecked Sendable {
    init(downstream: any Subscriber<Value>, outer: CompoundDisposable) {
        super.init(downstream: downstream, disposable: outer)
    }

    func sendNext(_ value: Value) { send(value) }
    func sendError(_ error: any Error) { finish(error: error) }
    func sendCompleted() { finish(error: nil) }
}

/// The stopping rule of a single-input sink that ends its output from `sendNext` (take,
/// take(while:), tryMap, dematerialize), kept in the sink as a plain stored value.
///
/// It keeps the subscription's compound from `didSubscribe(with:)` — the only handle on a
/// source that is still inside its synchronous `subscribe` — and remembers that the output has
/// ended, so that whatever the source sends afterwards is dropped.
struct EarlyStop {
    private var subscription: CompoundDisposable?
    /// The output has had its terminal event (or the sink has decided it will).
    private(set) var isDone = false

    mutating func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
    }

    /// For the source's own terminal event: true the first time, when it must be forwarded.
    mutating func finish() -> Bool {
        if isDone { return false }
        isDone = true
        return true
    }

    /// Ends the output early: disposes the source's subscription and returns whether the
    /// sink must send its terminal event — not when the output had ended already, nor when
    /// the subscription was disposed meanwhile (e.g. by the subscriber, while it received the
    /// value just sent), since nothing may follow a disposal.
    mutating func stopSource() -> Bool {
        if isDone { return false }
        isDone = true
        guard let subscription else { return true }
        if subscription.isDisposed { return false }
        subscription.dispose()
        return true
    }
}
