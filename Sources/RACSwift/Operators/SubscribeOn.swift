extension Signal {
    /// Subscribes to this signal on `scheduler`, so that its subscription side effects run
    /// there, and disposes that subscription on `scheduler` too (RAC's `-subscribeOn:`).
    ///
    /// Events are forwarded from wherever the source sends them: to receive them on a
    /// scheduler as well, add `deliver(on:)`. Prefer `deliver(on:)` alone when you can — as
    /// RAC warns, a signal's side effects are not always safe to run on another thread.
    /// Disposal takes effect at once for the subscriber (nothing more arrives), while the
    /// source's own disposal is scheduled on `scheduler` (or runs at once when disposal happens
    /// on `scheduler` already); disposing before the scheduled subscription has run cancels it.
    public func subscribe(on scheduler: Scheduler) -> Signal<Value> {
        OperatorSignal((self, scheduler)) { subscriber, arguments in
            let (source, scheduler) = arguments
            let sink = SubscribeOnSink(downstream: subscriber, scheduler: scheduler)
            let disposable = sink.output.disposable
            subscriber.didSubscribe(with: disposable)
            disposable.add(scheduler.schedule { source.subscribe(sink) })
            disposable.add(Disposable { sink.disposeSource() })
            return disposable
        }.named("[\(name)] -subscribeOn: \(scheduler.name)")
    }
}

/// One input, forwarded as it comes (no lock). It holds the source subscription apart from
/// the output's subscription, so that disposing the output can hand the source's disposal to
/// the scheduler instead of running it on the disposing thread.
final class SubscribeOnSink<Value>: Sink, Subscriber, @unchecked Sendable {
    /// Its subscription is the result's; the source's stays out of it (see above).
    let output: SerialOutputPoint<Value>
    private let scheduler: Scheduler
    private let lock = UnfairLock()
    private var source: CompoundDisposable?  // guarded by `lock`
    private var isDisposed = false  // guarded by `lock`

    init(downstream: some Subscriber<Value>, scheduler: Scheduler) {
        self.output = SerialOutputPoint(downstream: downstream, disposable: CompoundDisposable())
        self.scheduler = scheduler
    }

    // Called on `scheduler`, inside the scheduled subscription.
    func didSubscribe(with subscription: CompoundDisposable) {
        let disposeNow = lock.withLock { () -> Bool in
            if isDisposed { return true }
            source = subscription
            return false
        }
        if disposeNow { subscription.dispose() }
    }

    func disposeSource() {
        let subscription = lock.withLock { () -> CompoundDisposable? in
            isDisposed = true
            defer { source = nil }
            return source
        }
        // A source that has terminated has disposed itself already: nothing to schedule.
        guard let subscription, !subscription.isDisposed else { return }
        if Scheduler.current === scheduler {
            subscription.dispose()
        } else {
            scheduler.schedule { subscription.dispose() }
        }
    }

    func sendNext(_ value: Value) {
        if output.isOpen { output.send(value) }
    }

    func sendError(_ error: any Error) { output.finish(error: error) }
    func sendCompleted() { output.finish(error: nil) }
}
