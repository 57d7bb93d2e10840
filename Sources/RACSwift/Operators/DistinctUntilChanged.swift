extension Signal where Value: Equatable {
    /// Drops each value equal (`==`) to the one sent just before it (RAC's
    /// `-distinctUntilChanged`). The first value always goes through; for optional values
    /// `nil == nil`, as RAC treats two nils as equal. Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func distinctUntilChanged() -> Signal<Value> {
        droppingRepeats(==).named("[\(name)] -distinctUntilChanged")
    }
}

extension Signal {
    /// Drops each value that `isEqual` says equals the one sent just before it, for values
    /// that are not `Equatable` (RAC's `-distinctUntilChanged`, which compares with
    /// `isEqual:`). The first value always goes through. Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func distinctUntilChanged(by isEqual: @escaping @Sendable (Value, Value) -> Bool) -> Signal<Value> {
        droppingRepeats(isEqual).named("[\(name)] -distinctUntilChanged")
    }

    /// `==` is not `@Sendable` (it would capture `Value`'s metatype), hence this internal form.
    @inlinable
    func droppingRepeats(_ isEqual: @escaping (Value, Value) -> Bool) -> Signal<Value> {
        LiftedSignal(self, isEqual) { DistinctUntilChangedSink<Value, Value?>(downstream: $0, isEqual: $1) }
    }
}

/// `Slot` is `Value?`, named by the inlinable operator so that its metadata comes with the
/// sink's type: written `Value?` here, the library's generic code would look it up at run time
/// at every value (see `LatestValueSlot`).
@usableFromInline
final class DistinctUntilChangedSink<Value, Slot: LatestValueSlot>: ForwardingSink<Value>, Subscriber,
    @unchecked Sendable where Slot.Element == Value {
    private let isEqual: (Value, Value) -> Bool
    // The signal contract's serial delivery guards them; no dynamic exclusivity checks.
    // Unchecked, measured: the optimizer keeps its dynamic check; W25 +63 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var last = Slot.empty
    private var hasLast = false

    @usableFromInline
    init(downstream: some Subscriber<Value>, isEqual: @escaping (Value, Value) -> Bool) {
        self.isEqual = isEqual
        super.init(downstream: downstream)
    }

    @usableFromInline func sendNext(_ value: Value) {
        if hasLast, isEqual(last.value, value) { return }
        last = Slot(holding: value)
        hasLast = true
        downstream.sendNext(value)
    }
}
