extension Signal {
    /// Calls `reduce` with the elements of each tuple value as its arguments and sends the
    /// result (RAC's `-reduceEach:`, for tuples of any arity). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    ///
    /// ```swift
    /// pairs.reduceEach { (a: Int, b: Int) in a + b }
    /// ```
    @inlinable
    public func reduceEach<each T, U>(_ reduce: @escaping @Sendable (repeat each T) -> U) -> Signal<U>
    where Value == (repeat each T) {
        mapInternally({ (tuple: (repeat each T)) in reduce(repeat each tuple) })
            .named("[\(name)] -reduceEach:")
    }
}
