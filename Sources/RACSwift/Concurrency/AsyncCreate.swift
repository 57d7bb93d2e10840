extension Signal {
    /// A signal that runs the async function `body` in a new task for each subscriber; `body`
    /// sends events through the subscriber it is given (an async form of RAC's
    /// `+createSignal:`).
    ///
    /// When `body` returns, the signal completes; when it throws, the error is the signal's
    /// error event. `body` may also send a terminal event itself: whatever it sends or throws
    /// afterwards is dropped. Disposal cancels the task (`body` sees `Task.isCancelled` and
    /// cancellable awaits throw `CancellationError`), and nothing `body` sends after disposal
    /// reaches the subscriber. Events arrive on the task's thread, serialized as for `create`.
    public static func create(
        _ body: @escaping @Sendable (any Subscriber<Value>) async throws -> Void
    ) -> Signal<Value> {
        Signal.create { subscriber in
            let task = Task {
                do {
                    try await body(subscriber)
                    subscriber.sendCompleted()
                } catch {
                    subscriber.sendError(error)
                }
            }
            return Disposable { task.cancel() }
        }.named("+createSignal: (async)")
    }
}
