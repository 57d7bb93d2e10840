/// The subject `groupBy` sends for each group: the values whose key is `key`
/// (RACGroupedSignal).
open class GroupedSignal<Key, Value>: Subject<Value>, @unchecked Sendable {
    /// The key shared by every value of the group.
    public let key: Key

    /// A group for `key` (RAC's `+signalWithKey:`).
    public init(key: Key) {
        self.key = key
        super.init()
    }
}
