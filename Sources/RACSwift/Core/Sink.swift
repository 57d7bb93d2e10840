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

/// The base of a single-input sink that may end its output from `sendNext` (take,
/// take(while:), tryMap, dematerialize).
///
/// It keeps the subscription's compound from `didSubscribe(with:)` — the only handle on a
/// source that is still inside its synchronous `subscribe` — and remembers that the output has
/// ended, so that whatever the source sends afterwards is dropped. No lock: the source
/// serializes.
@usableFromInline
class EarlyStoppingSink<Output>: Sink, @unchecked Sendable {
    @usableFromInline final let downstream: any Subscriber<Output>
    private final var subscription: CompoundDisposable?
    /// The output has had its terminal event (or the sink has decided it will).
    // Unchecked: the source serializes; checked, every value paid a `swift_beginAccess` call
    // (S1 316.6 -> 228.5, W29 363.2 -> 275.2 instructions per event).
    // Unchecked, measured: the optimizer keeps its dynamic check; S1 +79 %, W29 +69 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) final private(set) var isDone = false

    @usableFromInline
    init(downstream: any Subscriber<Output>) {
        self.downstream = downstream
    }

    @usableFromInline
    final func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
        downstream.didSubscribe(with: disposable)
    }

    @usableFromInline
    final func sendError(_ error: any Error) {
        if finish() { downstream.sendError(error) }
    }

    @usableFromInline
    final func sendCompleted() {
        guard finish() else { return }
        if deliveries != 0 { deliveries |= 1; return }
        downstream.sendCompleted()
    }

    /// Twice the number of `deliver(_:)` calls in progress on this sink (nested: a value sent
    /// into the source from inside a delivery), plus 1 while a completion waits for the
    /// outermost one to return. RAC's `-take:` and `-takeWhileBlock:` are `-bind:`, which
    /// completes only once the `+return:` of every value being delivered has completed
    /// (RACSignal.m, `signalCount`): a completion that comes, or a stop decided, inside a
    /// delivery goes out when the outermost delivery returns — after the source's later
    /// subscribers have had the event that caused it. One field, so a value costs one
    /// read-modify-write before its delivery and one after.
    // Unchecked, measured: the optimizer keeps its dynamic check; S1 +79 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) final var deliveries = 0

    /// Sends `value` to the subscriber, then the completion held meanwhile, if the delivery
    /// was the outermost.
    @usableFromInline @inline(__always)
    final func deliver(_ value: Output) {
        deliveries &+= 2
        downstream.sendNext(value)
        deliveries &-= 2
        if _slowPath(deliveries == 1) { sendHeldCompletion() }
    }

    // Out of line: inlined, it kept the subscriber's reference in registers across every
    // delivery (the count cost S1 13 instructions per value inlined, 7 out of line).
    @usableFromInline @inline(never)
    final func sendHeldCompletion() {
        deliveries = 0
        downstream.sendCompleted()
    }

    /// Ends the output early: disposes the source's subscription, then sends `error`, or
    /// completion if it is nil — not when the output had ended already, nor when the
    /// subscription was disposed meanwhile (e.g. by the subscriber, while it received the
    /// value just sent), since nothing may follow a disposal. A completion decided inside a
    /// delivery waits for the outermost one to return (`deliveries`); an error does not, as
    /// `-bind:` forwards errors at once.
    @usableFromInline final func stop(error: (any Error)?) {
        if isDone { return }
        isDone = true
        if let subscription {
            if subscription.isDisposed { return }
            subscription.dispose()
        }
        if let error { downstream.sendError(error); return }
        if deliveries != 0 { deliveries |= 1; return }
        downstream.sendCompleted()
    }

    /// For the source's own terminal event: true the first time, when it must be forwarded.
    private final func finish() -> Bool {
        if isDone { return false }
        isDone = true
        return true
    }
}

/// The base of a sink with one source that handles only values and passes the rest on
/// unchanged: the source's terminal events, and its subscription, which is the whole
/// subscription (map, filter, scan, skip, doNext...). No lock: the source serializes.
@usableFromInline
class ForwardingSink<Output>: Sink, @unchecked Sendable {
    @usableFromInline final let downstream: any Subscriber<Output>

    @usableFromInline
    init(downstream: any Subscriber<Output>) {
        self.downstream = downstream
    }

    @usableFromInline final func sendError(_ error: any Error) { downstream.sendError(error) }
    @usableFromInline final func sendCompleted() { downstream.sendCompleted() }
    @usableFromInline final func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}

/// The base of one input of an operator that serializes several into an `OutputPoint`
/// (sample, take(until:), take(untilReplacement:)): by default the input's subscription joins
/// the point's compound, so that disposing the result, or its terminal event, stops every
/// input.
@usableFromInline
class OutputPointInput<Output, Point: OutputPoint<Output>>: Sink, @unchecked Sendable {
    final let sink: Point

    @usableFromInline
    init(_ sink: Point) {
        self.sink = sink
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { sink.disposable.add(disposable) }
}
