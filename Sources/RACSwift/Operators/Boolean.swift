extension Signal where Value == Bool {
    /// Sends the negation of each value (RAC's `-not`). Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func not() -> Signal<Bool> {
        mapInternally({ !$0 }).named("[\(name)] -not")
    }
}

extension Signal where Value == [Bool] {
    /// Sends whether every Bool of each array is true (RAC's `-and` on tuples of NSNumbers).
    /// An empty array gives true (RAC asserts that its tuple is not empty).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func and() -> Signal<Bool> {
        mapInternally({ !$0.contains(false) }).named("[\(name)] -and")
    }

    /// Sends whether any Bool of each array is true (RAC's `-or` on tuples of NSNumbers).
    /// An empty array gives false (RAC asserts that its tuple is not empty).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func or() -> Signal<Bool> {
        mapInternally({ $0.contains(true) }).named("[\(name)] -or")
    }
}

// Swift 6.3 cannot require every element of a parameter pack to be Bool, so each tuple
// arity from 2 to 6 has its own overload.
extension Signal where Value == (Bool, Bool) {
    /// Sends whether all 2 Bools of each tuple are true (RAC's `-and`).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func and() -> Signal<Bool> {
        mapInternally({ $0.0 && $0.1 }).named("[\(name)] -and")
    }

    /// Sends whether any of the 2 Bools of each tuple is true (RAC's `-or`).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func or() -> Signal<Bool> {
        mapInternally({ $0.0 || $0.1 }).named("[\(name)] -or")
    }
}

extension Signal where Value == (Bool, Bool, Bool) {
    /// Sends whether all 3 Bools of each tuple are true (RAC's `-and`).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func and() -> Signal<Bool> {
        mapInternally({ $0.0 && $0.1 && $0.2 }).named("[\(name)] -and")
    }

    /// Sends whether any of the 3 Bools of each tuple is true (RAC's `-or`).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func or() -> Signal<Bool> {
        mapInternally({ $0.0 || $0.1 || $0.2 }).named("[\(name)] -or")
    }
}

extension Signal where Value == (Bool, Bool, Bool, Bool) {
    /// Sends whether all 4 Bools of each tuple are true (RAC's `-and`).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func and() -> Signal<Bool> {
        mapInternally({ $0.0 && $0.1 && $0.2 && $0.3 }).named("[\(name)] -and")
    }

    /// Sends whether any of the 4 Bools of each tuple is true (RAC's `-or`).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func or() -> Signal<Bool> {
        mapInternally({ $0.0 || $0.1 || $0.2 || $0.3 }).named("[\(name)] -or")
    }
}

extension Signal where Value == (Bool, Bool, Bool, Bool, Bool) {
    /// Sends whether all 5 Bools of each tuple are true (RAC's `-and`).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func and() -> Signal<Bool> {
        mapInternally({ $0.0 && $0.1 && $0.2 && $0.3 && $0.4 }).named("[\(name)] -and")
    }

    /// Sends whether any of the 5 Bools of each tuple is true (RAC's `-or`).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func or() -> Signal<Bool> {
        mapInternally({ $0.0 || $0.1 || $0.2 || $0.3 || $0.4 }).named("[\(name)] -or")
    }
}

extension Signal where Value == (Bool, Bool, Bool, Bool, Bool, Bool) {
    /// Sends whether all 6 Bools of each tuple are true (RAC's `-and`).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func and() -> Signal<Bool> {
        mapInternally({ $0.0 && $0.1 && $0.2 && $0.3 && $0.4 && $0.5 }).named("[\(name)] -and")
    }

    /// Sends whether any of the 6 Bools of each tuple is true (RAC's `-or`).
    /// Terminal events pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func or() -> Signal<Bool> {
        mapInternally({ $0.0 || $0.1 || $0.2 || $0.3 || $0.4 || $0.5 }).named("[\(name)] -or")
    }
}
