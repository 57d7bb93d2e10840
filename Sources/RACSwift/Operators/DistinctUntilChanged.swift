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
        LiftedSignal(self, isEqual) { DistinctUntilChangedSink(downstream: $0, isEqual: $1) }
    }
}

@usableFromInline
final class DistinctUntilChangedSink<Value>: ForwardingSink<Value>, Subscriber, @unchecked Sendable {
    private let isEqual: (Value, Value) -> Bool
    // nil until the first value; for an optional `Value` a nil value is stored as `.some(nil)`.
    private var last: Value?

    @usableFromInline
    init(downstream: some Subscriber<Value>, isEqual: @escaping (Value, Value) -> Bool) {
        self.isEqual = isEqual
        super.init(downstream: downstream)
    }

    @usableFromInline func sendNext(_ value: Value) {
        if let last, isEqual(last, value) { return }
        last = value
        downstream.sendNext(value)
    }
}
