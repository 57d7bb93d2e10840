extension Signal {
    /// Splits this signal's values into groups by `key`: sends a `GroupedSignal` the first
    /// time a key appears, and each value to its group (RAC's `-groupBy:`).
    ///
    /// Groups are subjects: subscribe to a group when it arrives, or you miss its values. A
    /// terminal event goes first to the result's subscriber, then to every group, in the order
    /// the groups appeared. As in RAC, disposing the result's subscription stops the source,
    /// and the groups then never terminate.
    /// New groups, and the values sent to groups, go out on the thread that delivered the
    /// source's value.
    @inlinable
    public func groupBy<Key: Hashable>(
        _ key: @escaping @Sendable (Value) -> Key
    ) -> Signal<GroupedSignal<Key, Value>> {
        groupBy(key, transform: { $0 }).named("[\(name)] -groupBy:")
    }

    /// Like `groupBy(_:)`, but sends `transform(value)` to the group instead of the value
    /// (RAC's `-groupBy:transform:`).
    /// Terminates and delivers as `groupBy(_:)` does.
    @inlinable
    public func groupBy<Key: Hashable, U>(
        _ key: @escaping @Sendable (Value) -> Key, transform: @escaping @Sendable (Value) -> U
    ) -> Signal<GroupedSignal<Key, U>> {
        LiftedSignal(self, (key, transform)) { GroupBySink(downstream: $0, key: $1.0, transform: $1.1) }
            .named("[\(name)] -groupBy:transform:")
    }
}

/// Single input, so no lock: the source serializes. The groups are held until the source
/// terminates, then released.
@usableFromInline
final class GroupBySink<Source, Key: Hashable, Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<GroupedSignal<Key, Value>>
    private let key: (Source) -> Key
    private let transform: (Source) -> Value
    private var groups: [Key: GroupedSignal<Key, Value>] = [:]
    private var orderedGroups: [GroupedSignal<Key, Value>] = []

    @usableFromInline
    init(
        downstream: some Subscriber<GroupedSignal<Key, Value>>, key: @escaping (Source) -> Key,
        transform: @escaping (Source) -> Value
    ) {
        self.downstream = downstream
        self.key = key
        self.transform = transform
    }

    @usableFromInline func sendNext(_ value: Source) {
        let groupKey = key(value)
        let group: GroupedSignal<Key, Value>
        if let existing = groups[groupKey] {
            group = existing
        } else {
            group = GroupedSignal(key: groupKey)
            groups[groupKey] = group
            orderedGroups.append(group)
            downstream.sendNext(group)
        }
        group.sendNext(transform(value))
    }

    @usableFromInline func sendError(_ error: any Error) {
        let groups = takeGroups()
        downstream.sendError(error)
        for group in groups { group.sendError(error) }
    }

    @usableFromInline func sendCompleted() {
        let groups = takeGroups()
        downstream.sendCompleted()
        for group in groups { group.sendCompleted() }
    }

    private func takeGroups() -> [GroupedSignal<Key, Value>] {
        let taken = orderedGroups
        orderedGroups = []
        groups = [:]
        return taken
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
