import Foundation

// Blocking the calling thread until a signal has sent what is asked for (RAC's -first,
// -firstOrDefault:, -waitUntilCompleted:, -toArray). Errors come back as thrown errors.
//
// Deadlocks: the signal is subscribed on the calling thread when a scheduler is current
// (inside a scheduled block, or on the main thread), so a signal that sends synchronously
// while being subscribed works from anywhere. A signal whose events must come through the
// thread or serial queue that is blocked — e.g. one that delivers on the main scheduler, when
// called on the main thread — never gets to send them: the call never returns. On the main
// thread, use `asynchronousFirst(orDefault:timeout:)` and
// `asynchronouslyWaitUntilCompleted(timeout:)` for such signals.
extension Signal {
    /// Blocks until this signal sends its first value or terminates; returns that value, or
    /// nil if it completed without one (RAC's `-first`). Throws the error it sent before any
    /// value. The subscription is disposed once the first value has arrived.
    ///
    /// - Warning: Called on the main thread, this never returns for a signal that delivers
    ///   on the main thread (`deliverOnMainThread()`, `deliver(on: .main)`, or a timer such
    ///   as `throttle`/`delay` without a scheduler): its events wait for the main queue, which
    ///   this call blocks — RAC's `-first` deadlocks the same way. Use the `async` forms
    ///   (`try await signal.first()`) or `asynchronousFirst(timeout:)` there.
    public func first() throws -> Value? {
        switch try block(until: .firstValue) {
        case .value(let value): return value
        case .values, .completed: return nil
        }
    }

    /// Blocks until this signal sends its first value or terminates; returns that value, or
    /// `defaultValue` if it completed without one (RAC's `-firstOrDefault:`). Throws the error
    /// it sent before any value.
    ///
    /// - Warning: Called on the main thread, this never returns for a signal that delivers
    ///   on the main thread (`deliverOnMainThread()`, `deliver(on: .main)`, or a timer such
    ///   as `throttle`/`delay` without a scheduler): its events wait for the main queue, which
    ///   this call blocks — RAC's `-firstOrDefault:` deadlocks the same way. Use the `async` forms
    ///   (`try await signal.first()`) or `asynchronousFirst(timeout:)` there.
    public func first(orDefault defaultValue: Value) throws -> Value {
        try first() ?? defaultValue
    }

    /// Blocks until this signal terminates, ignoring its values (RAC's `-waitUntilCompleted:`).
    /// Throws the error it ended with.
    ///
    /// - Warning: Called on the main thread, this never returns for a signal that delivers
    ///   on the main thread (`deliverOnMainThread()`, `deliver(on: .main)`, or a timer such
    ///   as `throttle`/`delay` without a scheduler): its events wait for the main queue, which
    ///   this call blocks — RAC's `-waitUntilCompleted:` deadlocks the same way. Use the `async` forms
    ///   (`try await signal.waitUntilCompleted()`) or `asynchronouslyWaitUntilCompleted(timeout:)` there.
    public func waitUntilCompleted() throws {
        _ = try block(until: .termination(collecting: false))
    }

    /// Blocks until this signal completes and returns every value it sent, in order (RAC's
    /// `-toArray`). Throws the error it ended with, discarding the values.
    ///
    /// - Warning: Called on the main thread, this never returns for a signal that delivers
    ///   on the main thread (`deliverOnMainThread()`, `deliver(on: .main)`, or a timer such
    ///   as `throttle`/`delay` without a scheduler): its events wait for the main queue, which
    ///   this call blocks — RAC's `-toArray` deadlocks the same way. Use the `async` forms
    ///   (`try await signal.toArray()`) there.
    public func toArray() throws -> [Value] {
        if case .values(let values) = try block(until: .termination(collecting: true)) { return values }
        return []
    }

    private func block(until goal: BlockingSink<Value>.Goal) throws -> BlockingSink<Value>.Outcome {
        let sink = BlockingSink<Value>(goal)
        let subscription = subscribe(sink)
        defer { subscription.dispose() }
        return try sink.wait()
    }
}

/// Waits on a condition for one of a few outcomes. Events arrive serialized, from any thread.
final class BlockingSink<Value>: Sink, Subscriber, @unchecked Sendable {
    enum Goal {
        case firstValue
        case termination(collecting: Bool)
    }

    enum Outcome {
        case value(Value)
        case values([Value])
        case completed
    }

    private let goal: Goal
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var values: [Value] = []
    private var result: Result<Outcome, any Error>?
    private var subscription: CompoundDisposable?

    init(_ goal: Goal) {
        self.goal = goal
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        let done = condition.withLock { () -> Bool in
            subscription = disposable
            return result != nil
        }
        if done { disposable.dispose() }
    }

    func sendNext(_ value: Value) {
        switch goal {
        case .firstValue:
            // take(1): stop the source at once, even while it is still sending synchronously.
            guard finish(.success(.value(value))) else { return }
            condition.withLock { subscription }?.dispose()
        case .termination(collecting: true):
            condition.withLock { if result == nil { values.append(value) } }
        case .termination(collecting: false):
            break
        }
    }

    func sendError(_ error: any Error) {
        _ = finish(.failure(error))
    }

    func sendCompleted() {
        if case .termination(collecting: true) = goal {
            _ = condition.withLock { () -> Bool in
                guard result == nil else { return false }
                result = .success(.values(values))
                values = []
                condition.broadcast()
                return true
            }
        } else {
            _ = finish(.success(.completed))
        }
    }

    /// Records the outcome if none was recorded yet; true if this call recorded it.
    private func finish(_ outcome: Result<Outcome, any Error>) -> Bool {
        condition.withLock {
            guard result == nil else { return false }
            result = outcome
            values = []
            condition.broadcast()
            return true
        }
    }

    func wait() throws -> Outcome {
        condition.lock()
        while result == nil { condition.wait() }
        let outcome = result!
        subscription = nil
        condition.unlock()
        return try outcome.get()
    }
}
