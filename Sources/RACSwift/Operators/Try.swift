extension Signal {
    /// Forwards each value for which `body` does not throw; the first thrown error stops this
    /// signal and is sent as the result's error (RAC's `-try:`, where the block returns NO and
    /// sets an error). Completion and this signal's own error pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func `try`(_ body: @escaping @Sendable (Value) throws -> Void) -> Signal<Value> {
        tryMap { value in
            try body(value)
            return value
        }.named("[\(name)] -try:")
    }

    /// Sends `transform(value)` for each value; the first error `transform` throws stops this
    /// signal and is sent as the result's error (RAC's `-tryMap:`).
    /// Completion and this signal's own error pass through.
    /// Delivers on the thread that sent the source's event.
    @inlinable
    public func tryMap<U>(_ transform: @escaping @Sendable (Value) throws -> U) -> Signal<U> {
        LiftedSignal(self, transform) { TryMapSink(downstream: $0, transform: $1) }.named("[\(name)] -tryMap:")
    }

    /// A signal that runs `body` for each subscriber and sends its result, then completes, or
    /// fails with the error `body` throws (RAC's `+try:`). `body` runs at subscription time
    /// through `Scheduler.subscription`.
    public static func `try`(_ body: @escaping @Sendable () throws -> Value) -> Signal<Value> {
        OperatorSignal(body) { subscriber, body in
            subscribeScheduled(subscriber) { output in
                guard output.isOpen else { return }
                do {
                    output.finish(sending: try body())
                } catch {
                    output.finish(error: error)
                }
            }
        }.named("+try:")
    }
}

/// A throw stops the source (`EarlyStoppingSink`), even one that is still sending synchronously.
@usableFromInline
final class TryMapSink<Source, Value>: EarlyStoppingSink<Value>, Subscriber, @unchecked Sendable {
    private let transform: (Source) throws -> Value

    @usableFromInline
    init(downstream: some Subscriber<Value>, transform: @escaping (Source) throws -> Value) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    @usableFromInline func sendNext(_ value: Source) {
        guard !isDone else { return }
        let result: Value
        do {
            result = try transform(value)
        } catch {
            stop(error: error)
            return
        }
        downstream.sendNext(result)
    }
}
