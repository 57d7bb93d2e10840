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
    // Each value is routed here, in the caller's types — the key, the group table's look-up,
    // the transform: in the sink's generic code the table's hashing and the values' metadata
    // were run-time look-ups (1,213 instructions per value; W31, Benchmarks/HISTORY.md, "Issue 28f").
    @inlinable
    public func groupBy<Key: Hashable, U>(
        _ key: @escaping @Sendable (Value) -> Key, transform: @escaping @Sendable (Value) -> U
    ) -> Signal<GroupedSignal<Key, U>> {
        LiftedSignal(self, (key, transform)) { downstream, functions in
            let table = GroupTable<Key, U>()
            return GroupBySink<Value, Key, U>(downstream: downstream, table: table) { value, announce in
                table.group(for: functions.0(value), announce: announce).sendNext(functions.1(value))
            }
        }.named("[\(name)] -groupBy:transform:")
    }
}

/// A `groupBy` subscription's groups: by key, and in the order they appeared. Its look-up is
/// inlinable, so that it runs specialized in the caller's code (see `groupBy`).
@usableFromInline
final class GroupTable<Key: Hashable, Value>: @unchecked Sendable {
    // The source serializes the values; the table is used by one subscription. Each access
    // ends before `announce` runs, so a value sent from inside an announcement cannot nest
    // in one. Unchecked: read per value in the caller's module, where the optimizer cannot
    // drop the dynamic check (W31 694 → 567 instructions per event, callgrind;
    // Benchmarks/HISTORY.md, "Issue 37: groupBy's table unchecked").
    @usableFromInline @exclusivity(unchecked) var groups: [Key: GroupedSignal<Key, Value>] = [:]
    @usableFromInline var ordered: [GroupedSignal<Key, Value>] = []

    @usableFromInline init() {}

    /// The group of `key`; made, kept and passed to `announce` the first time.
    @inlinable
    func group(for key: Key, announce: (GroupedSignal<Key, Value>) -> Void) -> GroupedSignal<Key, Value> {
        if let existing = groups[key] { return existing }
        let group = GroupedSignal<Key, Value>(key: key)
        groups[key] = group
        ordered.append(group)
        announce(group)
        return group
    }

    /// Every group, in the order they appeared; the table lets go of them.
    func takeGroups() -> [GroupedSignal<Key, Value>] {
        let taken = ordered
        ordered = []
        groups = [:]
        return taken
    }
}

/// Single input, so no lock: the source serializes. The groups are held until the source
/// terminates, then released.
@usableFromInline
final class GroupBySink<Source, Key: Hashable, Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<GroupedSignal<Key, Value>>
    private let table: GroupTable<Key, Value>
    /// Sends a value to its group, announcing a new group first (built by `groupBy`).
    private let route: (Source, (GroupedSignal<Key, Value>) -> Void) -> Void

    @usableFromInline
    init(
        downstream: some Subscriber<GroupedSignal<Key, Value>>, table: GroupTable<Key, Value>,
        route: @escaping (Source, (GroupedSignal<Key, Value>) -> Void) -> Void
    ) {
        self.downstream = downstream
        self.table = table
        self.route = route
    }

    @usableFromInline func sendNext(_ value: Source) {
        route(value) { downstream.sendNext($0) }
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
        table.takeGroups()
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
