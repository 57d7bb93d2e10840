extension Signal {
    /// Drops the first `count` values and sends the rest (RAC's `-skip:`). Terminal events
    /// pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func skip(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "Signal.skip(_:): count must not be negative, got \(count)")
        return LiftedSignal(self, count) { SkipSink(downstream: $0, count: $1) }.named("[\(name)] -skip: \(count)")
    }

    /// Drops values while `predicate` returns true, then sends the first value for which it
    /// returns false and every value after it, without asking again (RAC's
    /// `-skipWhileBlock:`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func skip(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        LiftedSignal(self, Predicate(predicate)) { SkipUntilSink(downstream: $0, predicate: $1.test, startsWhen: false) }
            .named("[\(name)] -skipWhileBlock:")
    }

    /// Drops values until `predicate` returns true, then sends that value and every value
    /// after it, without asking again (RAC's `-skipUntilBlock:`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func skip(until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        LiftedSignal(self, Predicate(predicate)) { SkipUntilSink(downstream: $0, predicate: $1.test, startsWhen: true) }
            .named("[\(name)] -skipUntilBlock:")
    }
}

@usableFromInline
final class SkipSink<Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    private var remaining: Int

    @usableFromInline
    init(downstream: some Subscriber<Value>, count: Int) {
        self.remaining = count
        super.init(downstream: downstream)
    }

    // Always inlined: S1 +1.4% without it (Benchmarks/HISTORY.md, "Issue 26 leftovers: annotation audit, part two").
    @usableFromInline @inline(__always) func sendNext(_ value: Value) {
        if remaining > 0 {
            remaining -= 1
        } else {
            downstream.sendNext(value)
        }
    }
}

/// `skip(until:)` starts sending when the predicate is true, `skip(while:)` when it is false.
@usableFromInline
final class SkipUntilSink<Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    private let predicate: (Value) -> Bool
    private let startsWhen: Bool
    private var isSkipping = true

    @usableFromInline
    init(downstream: some Subscriber<Value>, predicate: @escaping (Value) -> Bool, startsWhen: Bool) {
        self.predicate = predicate
        self.startsWhen = startsWhen
        super.init(downstream: downstream)
    }

    @usableFromInline func sendNext(_ value: Value) {
        if isSkipping {
            guard predicate(value) == startsWhen else { return }
            isSkipping = false
        }
        downstream.sendNext(value)
    }
}
