// Where signals meet Swift concurrency. Values that cross into tasks must be Sendable. Inside
// an `async` function these async forms win overload resolution over the blocking ones
// (`first()`, `toArray()`, `waitUntilCompleted()`): blocking a cooperative thread is a bug.

extension Signal where Value: Sendable {
    /// The signal's values as an async sequence; the subscription starts when the property is
    /// read. Every value is delivered once, buffered without bound until consumed; the
    /// signal's error is thrown from the iteration. Ending the iteration early, or cancelling
    /// the consuming task, disposes the subscription.
    public var values: AsyncThrowingStream<Value, any Error> {
        AsyncThrowingStream(bufferingPolicy: .unbounded) { continuation in
            let disposable = subscribe(
                next: { continuation.yield($0) },
                error: { continuation.finish(throwing: $0) },
                completed: { continuation.finish() })
            continuation.onTermination = { _ in disposable.dispose() }
        }
    }

    /// The first value, or nil if the signal completes without one; throws the signal's error,
    /// or `CancellationError` if the task is cancelled first. Disposes the subscription as soon
    /// as the first value arrives.
    public func first() async throws -> Value? {
        for try await value in values { return value }
        try Task.checkCancellation()
        return nil
    }

    /// Every value, once the signal completes; throws its error, or `CancellationError` if
    /// the task is cancelled first.
    public func toArray() async throws -> [Value] {
        var collected: [Value] = []
        for try await value in values { collected.append(value) }
        try Task.checkCancellation()
        return collected
    }

    /// A signal that iterates `sequence` for each subscriber in a new task, sending its
    /// elements, then completion or the error the iteration throws. Disposal cancels the
    /// task. Events arrive on the task's thread.
    public static func from<S: AsyncSequence & Sendable>(_ sequence: S) -> Signal<Value>
    where S.Element == Value {
        Signal.create { subscriber in
            let task = Task {
                do {
                    for try await element in sequence {
                        if Task.isCancelled { return }
                        subscriber.sendNext(element)
                    }
                    if !Task.isCancelled { subscriber.sendCompleted() }
                } catch {
                    subscriber.sendError(error)
                }
            }
            return Disposable { task.cancel() }
        }.named("+from: \(S.self)")
    }

    /// A signal that runs `operation` in a new task for each subscriber and sends its result
    /// then completes, or sends the error it throws. Disposal cancels the task.
    public static func task(_ operation: @escaping @Sendable () async throws -> Value) -> Signal<Value> {
        Signal.create { subscriber in
            let task = Task {
                do {
                    let value = try await operation()
                    subscriber.sendNext(value)
                    subscriber.sendCompleted()
                } catch {
                    subscriber.sendError(error)
                }
            }
            return Disposable { task.cancel() }
        }.named("+task:")
    }
}

extension Signal {
    /// Waits without blocking a thread until the signal completes; throws its error, or
    /// `CancellationError` if the task is cancelled first (which disposes the subscription).
    public func waitUntilCompleted() async throws {
        let stream = AsyncThrowingStream<Never, any Error>(bufferingPolicy: .unbounded) { continuation in
            let disposable = subscribe(
                error: { continuation.finish(throwing: $0) },
                completed: { continuation.finish() })
            continuation.onTermination = { _ in disposable.dispose() }
        }
        for try await _ in stream {}
        try Task.checkCancellation()
    }
}
