extension Signal where Value: Equatable {
    /// Drops every value equal (`==`) to `value` (RAC's `-ignore:`). Terminal events pass
    /// through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func ignore(_ value: Value) -> Signal<Value> {
        filterInternally({ $0 != value }).named("[\(name)] -ignore: \(value)")
    }
}
