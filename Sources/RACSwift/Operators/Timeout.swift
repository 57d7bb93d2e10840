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
    public func timeout(_ interval: TimeInterval, on scheduler: Scheduler) -> Signal<Value> {
        precondition(
            interval >= 0, "Signal.timeout(_:on:): interval must not be negative, got \(interval)")
        precondition(
            scheduler !== Scheduler.immediate,
            "Signal.timeout(_:on:): scheduler must not be Scheduler.immediate, which cannot wait without blocking")
        return TimeoutSignal(source: self, interval: interval, scheduler: scheduler)
            .named("[\(name)] -timeout: \(interval) onScheduler: \(scheduler.name)")
    }
}

final class TimeoutSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let source: Signal<Value>
    private let interval: TimeInterval
    private let scheduler: Scheduler

    init(source: Signal<Value>, interval: TimeInterval, scheduler: Scheduler) {
        self.source = source
        self.interval = interval
        self.scheduler = scheduler
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let sink = TimeoutSink(downstream: subscriber)
        subscriber.didSubscribe(with: sink.disposable)
        // The timer starts before the source is subscribed, as in RAC, so a source that sends
        // synchronously still finds it there to cancel.
        sink.disposable.add(scheduler.afterDelay(interval) { sink.timedOut() })
        source.subscribe(sink)
        return sink.disposable
    }
}

/// Input plus timer, serialized by `SerializingSink`.
final class TimeoutSink<Value>: SerializingSink<Value>, Subscriber, @unchecked Sendable {
    func didSubscribe(with source: CompoundDisposable) {
        disposable.add(source)
    }

    func sendNext(_ value: Value) {
        serialize { sendOutput(value) }
    }

    func sendError(_ error: any Error) {
        serialize { terminateOutput(error) }
    }

    func sendCompleted() {
        serialize { terminateOutput(nil) }
    }

    func timedOut() {
        serialize { terminateOutput(SignalError.timedOut) }
    }
}
