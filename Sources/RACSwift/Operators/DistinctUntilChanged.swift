extension Signal where Value: Equatable {
    /// Drops each value equal (`==`) to the one sent just before it (RAC's
    /// `-distinctUntilChanged`). The first value always goes through; for optional values
    /// `nil == nil`, as RAC treats two nils as equal. Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    // The comparison and the store are written here, in the caller's types (`isNew`): in the
    // sink's generic code each value cost an `Optional` copy, assignment and destruction
    // through value witnesses, and the `==` through a reabstraction thunk (W25 567 → see
    // Benchmarks/HISTORY.md, "Issue 37: the per-event workloads").
    @inlinable
    public func distinctUntilChanged() -> Signal<Value> {
        LiftedSignal(self, ()) { downstream, _ in
            DistinctUntilChangedSink<Value, Value?>(downstream: downstream) { sink, value in
                if sink.hasLast, sink.last.unsafelyUnwrapped == value { return false }
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
                if sink.hasLast, sink.isEqual.unsafelyUnwrapped(sink.last.unsafelyUnwrapped, value) { return false }
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
    /// The comparison of `distinctUntilChanged(by:)`; nil for an `Equatable` value's `==`,
    /// which `isNew` calls directly.
    @usableFromInline let isEqual: ((Value, Value) -> Bool)?
    // The signal contract's serial delivery guards them; no dynamic exclusivity checks.
    // Unchecked, measured: the optimizer keeps its dynamic check; W25 +63 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) @usableFromInline var last = Slot.empty
    @usableFromInline var hasLast = false

    @usableFromInline
    init(downstream: some Subscriber<Value>, isEqual: ((Value, Value) -> Bool)? = nil, isNew: @escaping IsNew) {
        self.isEqual = isEqual
        self.isNew = isNew
        super.init(downstream: downstream)
    }

    @usableFromInline func sendNext(_ value: Value) {
        if isNew(self, value) { downstream.sendNext(value) }
    }
}
