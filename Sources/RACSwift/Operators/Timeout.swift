import Foundation

extension Signal {
    /// Fails with `SignalError.timedOut` unless this signal terminates within `interval`
    /// seconds of subscription (RAC's `-timeout:onScheduler:`).
    ///
    /// Values are forwarded as they arrive; the source's own error or completion, if it comes
    /// in time, is forwarded and cancels the timer. When time runs out, the source subscription
    /// is disposed first, then the error is sent on `scheduler`.
    ///
    /// - Precondition: `interval` is not negative; `scheduler` is not `Scheduler.immediate`
    ///   (RAC asserts the same: it cannot wait without blocking the subscriber).
    @inlinable
    public func timeout(_ interval: TimeInterval, on scheduler: Scheduler) -> Signal<Value> {
        checkTimeArguments(interval, scheduler, operator: "Signal.timeout(_:on:)")
        return LiftedSignal(self, (interval, scheduler)) { downstream, arguments, subscription in
            let sink = TimeoutSink(downstream: downstream, disposable: subscription)
            // The timer starts before the source is subscribed, as in RAC, so a source that
            // sends synchronously still finds it there to cancel.
            subscription.add(arguments.1.afterDelay(arguments.0) { sink.timedOut() })
            return sink
        }.named("[\(name)] -timeout: \(interval) onScheduler: \(scheduler.name)")
    }
}

/// Input plus timer, serialized by `OutputPoint`.
@usableFromInline
final class TimeoutSink<Value>: OutputPoint<Value>, Subscriber, @unchecked Sendable {
    @usableFromInline func didSubscribe(with source: CompoundDisposable) {
        disposable.add(source)
    }

    @usableFromInline func sendNext(_ value: Value) {
        serialize { send(value) }
    }

    @usableFromInline func sendError(_ error: any Error) {
        serialize { finish(error: error) }
    }

    @usableFromInline func sendCompleted() {
        serialize { finish(error: nil) }
    }

    @usableFromInline
    func timedOut() {
        serialize { finish(error: SignalError.timedOut) }
    }
}
