// A `(function, arguments...)` tuple cannot be written with a parameter pack: Swift 6.3
// refuses to abstract a variadic function type stored in a generic value ("cannot fully
// abstract a value of variadic function type"). So each arity from 1 to 8 arguments has its
// own overload.

extension Signal {
    /// Calls the function in each tuple with the arguments that follow it and sends the
    /// result (RAC's `-reduceApply`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func reduceApply<A, R>() -> Signal<R> where Value == ((A) -> R, A) {
        mapInternally({ $0.0($0.1) }).named("[\(name)] -reduceApply")
    }
}

extension Signal {
    /// Calls the function in each tuple with the arguments that follow it and sends the
    /// result (RAC's `-reduceApply`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func reduceApply<A, B, R>() -> Signal<R> where Value == ((A, B) -> R, A, B) {
        mapInternally({ $0.0($0.1, $0.2) }).named("[\(name)] -reduceApply")
    }
}

extension Signal {
    /// Calls the function in each tuple with the arguments that follow it and sends the
    /// result (RAC's `-reduceApply`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func reduceApply<A, B, C, R>() -> Signal<R> where Value == ((A, B, C) -> R, A, B, C) {
        mapInternally({ $0.0($0.1, $0.2, $0.3) }).named("[\(name)] -reduceApply")
    }
}

extension Signal {
    /// Calls the function in each tuple with the arguments that follow it and sends the
    /// result (RAC's `-reduceApply`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func reduceApply<A, B, C, D, R>() -> Signal<R> where Value == ((A, B, C, D) -> R, A, B, C, D) {
        mapInternally({ $0.0($0.1, $0.2, $0.3, $0.4) }).named("[\(name)] -reduceApply")
    }
}

extension Signal {
    /// Calls the function in each tuple with the arguments that follow it and sends the
    /// result (RAC's `-reduceApply`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func reduceApply<A, B, C, D, E, R>() -> Signal<R> where Value == ((A, B, C, D, E) -> R, A, B, C, D, E) {
        mapInternally({ $0.0($0.1, $0.2, $0.3, $0.4, $0.5) }).named("[\(name)] -reduceApply")
    }
}

extension Signal {
    /// Calls the function in each tuple with the arguments that follow it and sends the
    /// result (RAC's `-reduceApply`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func reduceApply<A, B, C, D, E, F, R>() -> Signal<R> where Value == ((A, B, C, D, E, F) -> R, A, B, C, D, E, F) {
        mapInternally({ $0.0($0.1, $0.2, $0.3, $0.4, $0.5, $0.6) }).named("[\(name)] -reduceApply")
    }
}

extension Signal {
    /// Calls the function in each tuple with the arguments that follow it and sends the
    /// result (RAC's `-reduceApply`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func reduceApply<A, B, C, D, E, F, G, R>() -> Signal<R> where Value == ((A, B, C, D, E, F, G) -> R, A, B, C, D, E, F, G) {
        mapInternally({ $0.0($0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7) }).named("[\(name)] -reduceApply")
    }
}

extension Signal {
    /// Calls the function in each tuple with the arguments that follow it and sends the
    /// result (RAC's `-reduceApply`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func reduceApply<A, B, C, D, E, F, G, H, R>() -> Signal<R> where Value == ((A, B, C, D, E, F, G, H) -> R, A, B, C, D, E, F, G, H) {
        mapInternally({ $0.0($0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8) }).named("[\(name)] -reduceApply")
    }
}
