extension Signal where Value: Equatable {
    /// Drops each value equal (`==`) to the one sent just before it (RAC's
    /// `-distinctUntilChanged`). The first value always goes through; for optional values
    /// `nil == nil`, as RAC treats two nils as equal. Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    // The comparison and the store are written here, in the caller's types (`isNew`): in the
    // sink's generic code each value cost an `Optional` copy, assignment and destruction
    // through value witnesses, and the `==` through a reabstraction thunk (W25 567 → 280
    // instructions per event; Benchmarks/HISTORY.md, "Issue 37: the per-event workloads").
    @inlinable
    public func distinctUntilChanged() -> Signal<Value> {
        // `==` travels as the payload: formed per subscription in unspecialized code, the
        // closure would capture `Value`'s metadata in a context allocated each time.
        LiftedSignal(self, ==) { downstream, isEqual in
            DistinctUntilChangedSink<Value, Value?>(downstream: downstream, isEqual: isEqual) { sink, value in
                // `last` holds a value once `hasLast` is set (Value may itself be optional).
                if sink.hasLast, sink.last.uncheckedValue == value { return false }
                sink.last = value
                sink.hasLast = true
                return true
            }
        }.named("[\(name)] -distinctUntilChanged")
    }
}

extension Signal {
    /// Drops each value that `isEqual` says equals the one sent just before it, for values
    /// that are not `Equatable` (RAC's `-distinctUntilChanged`, which compares with
    /// `isEqual:`). The first value always goes through. Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    // `isEqual` travels as the signal's payload and is called from `isNew`, which captures
    // nothing: a closure capturing it would be one more allocation per subscription.
    @inlinable
    public func distinctUntilChanged(by isEqual: @escaping @Sendable (Value, Value) -> Bool) -> Signal<Value> {
        LiftedSignal(self, isEqual) { downstream, isEqual in
            DistinctUntilChangedSink<Value, Value?>(downstream: downstream, isEqual: isEqual) { sink, value in
                // `last` holds a value once `hasLast` is set.
                if sink.hasLast, sink.isEqual(sink.last.uncheckedValue, value) { return false }
                sink.last = value
                sink.hasLast = true
                return true
            }
        }.named("[\(name)] -distinctUntilChanged")
    }
}

/// `Slot` is `Value?`, named by the inlinable operator so that its metadata comes with the
/// sink's type: written `Value?` here, the library's generic code would look it up at run time
/// at every value (see `LatestValueSlot`). `isNew` is formed by the operator too, in the
/// caller's types, and does the whole per-value step there: it compares with the last value,
/// stores the new one and says whether it goes out.
@usableFromInline
final class DistinctUntilChangedSink<Value, Slot: LatestValueSlot>: ForwardingSink<Value>, Subscriber,
    @unchecked Sendable where Slot.Element == Value {
    @usableFromInline typealias IsNew = (DistinctUntilChangedSink, Value) -> Bool
    private let isNew: IsNew
    /// The comparison of `distinctUntilChanged(by:)`, which its `isNew` calls (an `Equatable`
    /// value's `isNew` calls `==` itself).
    @usableFromInline let isEqual: (Value, Value) -> Bool
    // The signal contract's serial delivery guards them; no dynamic exclusivity checks.
    // Unchecked, measured: the optimizer keeps its dynamic check; W25 +63 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) @usableFromInline var last = Slot.empty
    // Unchecked, measured: read and set by `isNew` in the caller's module, where the optimizer
    // keeps a dynamic check (`swift_beginAccess`) per value (W25, Benchmarks/HISTORY.md,
    // "Issue 37: the per-event workloads").
    @exclusivity(unchecked) @usableFromInline var hasLast = false

    @usableFromInline
    init(downstream: some Subscriber<Value>, isEqual: @escaping (Value, Value) -> Bool, isNew: @escaping IsNew) {
        self.isEqual = isEqual
        self.isNew = isNew
        super.init(downstream: downstream)
    }

    @usableFromInline func sendNext(_ value: Value) {
        if isNew(self, value) { downstream.sendNext(value) }
    }
}
