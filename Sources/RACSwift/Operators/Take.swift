extension Signal {
    /// Sends the first `count` values, then completes (RAC's `-take:`).
    ///
    /// `take(0)` is an empty signal: it completes at once and never subscribes this one. With
    /// `count > 0` the result completes right after the `count`-th value, disposing this
    /// signal's subscription first — so `take(1)` stops even a source that sends synchronously
    /// forever, provided it checks its disposable. Errors and an earlier completion pass
    /// through. A completion that comes, or is decided, while a value is being delivered (sent
    /// into this signal from inside the delivery) goes out once that delivery has returned, as
    /// RAC's `-bind:` holds it: this signal's later subscribers get their event first.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func take(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "Signal.take(_:): count must not be negative, got \(count)")
        if count == 0 { return Signal.empty.named("[\(name)] -take: 0") }
        return LiftedSignal(self, count) { TakeSink(downstream: $0, count: $1) }.named("[\(name)] -take: \(count)")
    }

    /// Sends values while `predicate` returns true; completes, without sending it, at the
    /// first value for which it returns false (RAC's `-takeWhileBlock:`).
    /// Errors, and a completion before that value, pass through; a completion during a
    /// delivery waits for it to return, as in `take(_:)`.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func take(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        LiftedSignal(self, Predicate(predicate)) { TakePredicateSink(downstream: $0, predicate: $1.test, stopsWhen: false) }
            .named("[\(name)] -takeWhileBlock:")
    }

    /// Sends values until `predicate` returns true; completes, without sending it, at the
    /// first value for which it does (RAC's `-takeUntilBlock:`). For completing on another
    /// signal's event, see `take(until:)` with a `Signal`.
    /// Errors, and a completion before that value, pass through; a completion during a
    /// delivery waits for it to return, as in `take(_:)`.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func take(until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        LiftedSignal(self, Predicate(predicate)) { TakePredicateSink(downstream: $0, predicate: $1.test, stopsWhen: true) }
            .named("[\(name)] -takeUntilBlock:")
    }
}

/// At the last value it stops the source (`EarlyStoppingSink`), even one still inside its
/// synchronous `subscribe`; a subscriber that disposed while receiving that value gets no
/// completion.
@usableFromInline
final class TakeSink<Value>: EarlyStoppingSink<Value>, Subscriber, @unchecked Sendable {
    private var remaining: Int

    @usableFromInline
    init(downstream: some Subscriber<Value>, count: Int) {
        self.remaining = count
        super.init(downstream: downstream)
    }

    // The count goes down before the value goes out (RAC's rule): a value sent into the
    // source from inside the delivery of the last one finds nothing left to take.
    // Always inlined: S1 +1.4% without it (Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two").
    @usableFromInline @inline(__always) func sendNext(_ value: Value) {
        guard remaining > 0, !isDone else { return }
        remaining -= 1
        deliver(value)
        if remaining == 0 { stop(error: nil) }
    }
}

/// `take(until:)` stops when the predicate is true, `take(while:)` when it is false; one sink
/// serves both by comparing with `stopsWhen`.
@usableFromInline
final class TakePredicateSink<Value>: EarlyStoppingSink<Value>, Subscriber, @unchecked Sendable {
    private let predicate: (Value) -> Bool
    private let stopsWhen: Bool

    @usableFromInline
    init(downstream: some Subscriber<Value>, predicate: @escaping (Value) -> Bool, stopsWhen: Bool) {
        self.predicate = predicate
        self.stopsWhen = stopsWhen
        super.init(downstream: downstream)
    }

    @usableFromInline func sendNext(_ value: Value) {
        guard !isDone else { return }
        if predicate(value) == stopsWhen {
            stop(error: nil)
        } else {
            deliver(value)
        }
    }
}
