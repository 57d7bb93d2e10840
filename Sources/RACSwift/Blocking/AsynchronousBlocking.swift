import Foundation

// RAC's testing helpers (-asynchronousFirstOrDefault:success:error:,
// -asynchronouslyWaitUntilCompleted:): wait on the main thread without blocking it, by
// spinning the main run loop until the outcome has come through the main queue. RAC builds
// them as `take:1`, `timeout:onScheduler:` on a new background scheduler, and
// `deliverOn:mainThreadScheduler`; so do these, which means that work queued on the main queue
// before the outcome arrived has run by the time they return. The timeout defaults to RAC's
// RACSignalAsynchronousWaitTimeout, 10 seconds.

extension Signal {
    /// Spins the main run loop until this signal sends its first value or terminates, and
    /// returns that value, or `defaultValue` if it completed without one (RAC's
    /// `-asynchronousFirstOrDefault:success:error:`). Throws the error it sent before any
    /// value, or `SignalError.timedOut` if nothing came within `timeout` seconds. Call it on
    /// the main thread only: it runs the main run loop recursively (meant for tests).
    public func asynchronousFirst(
        orDefault defaultValue: Value, timeout: TimeInterval = 10
    ) throws -> Value {
        try asynchronousFirst(timeout: timeout, caller: "asynchronousFirst(orDefault:timeout:)") ?? defaultValue
    }

    /// Like `asynchronousFirst(orDefault:timeout:)`, returning nil if this signal completed
    /// without a value (RAC's `-asynchronousFirstOrDefault:success:error:` with a nil default).
    public func asynchronousFirst(timeout: TimeInterval = 10) throws -> Value? {
        try asynchronousFirst(timeout: timeout, caller: "asynchronousFirst(timeout:)")
    }

    /// Spins the main run loop until this signal terminates (RAC's
    /// `-asynchronouslyWaitUntilCompleted:`). Throws the error it ended with, or
    /// `SignalError.timedOut` if it did not terminate within `timeout` seconds. Main thread
    /// only, as `asynchronousFirst(orDefault:timeout:)`.
    public func asynchronouslyWaitUntilCompleted(timeout: TimeInterval = 10) throws {
        _ = try spinMainRunLoop(firstValue: false, timeout: timeout, caller: "asynchronouslyWaitUntilCompleted(timeout:)")
    }

    private func asynchronousFirst(timeout: TimeInterval, caller: String) throws -> Value? {
        try spinMainRunLoop(firstValue: true, timeout: timeout, caller: caller)
    }

    private func spinMainRunLoop(firstValue: Bool, timeout: TimeInterval, caller: String) throws -> Value? {
        precondition(Thread.isMainThread, "Signal.\(caller): must be called on the main thread")
        precondition(timeout >= 0, "Signal.\(caller): timeout must not be negative, got \(timeout)")
        let sink = MainThreadWaitSink<Value>(firstValue: firstValue)
        // Weak: a dispatch timer keeps its block until the deadline even once disposed, and
        // the sink must not outlive the call by up to `timeout`.
        let timer = Scheduler.background(name: "RACSwift.Signal.\(caller)").afterDelay(timeout) { [weak sink] in
            sink?.finish(.failure(SignalError.timedOut))
        }
        let subscription = subscribe(sink)
        defer {
            subscription.dispose()
            timer?.dispose()
        }
        while sink.outcome == nil {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1))
        }
        return try sink.outcome!.get()
    }
}

/// Decides the outcome once (the first value or terminal event, or the timeout), then hands it
/// to the main queue; the waiting loop sees it only once the main queue has run it.
private final class MainThreadWaitSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let firstValue: Bool
    private let decided = AtomicFlag()
    private let subscription = SerialDisposable()
    /// Set on the main thread only, read by the waiting loop there.
    private(set) var outcome: Result<Value?, any Error>?

    init(firstValue: Bool) {
        self.firstValue = firstValue
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        subscription.disposable = disposable
        if decided.isSet { disposable.dispose() }
    }

    func sendNext(_ value: Value) {
        guard firstValue else { return }
        finish(.success(value))
    }

    func sendError(_ error: any Error) { finish(.failure(error)) }
    func sendCompleted() { finish(.success(nil)) }

    func finish(_ result: Result<Value?, any Error>) {
        guard decided.set() else { return }
        // take(1) and timeout: the first outcome ends the subscription.
        subscription.dispose()
        let result = UncheckedSendable(result)
        DispatchQueue.main.async { self.outcome = result.value }
    }
}
