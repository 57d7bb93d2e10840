/// RAC's `subscribeForever`: the loop under `repeat` and `retry`.
///
/// The first subscription is made at once. When a subscription terminates, `decide` says
/// whether to subscribe again; if so, the next subscription runs through
/// `scheduleRecursive` on `Scheduler.current`, or on a new background scheduler when there is
/// none (RAC's rule). So every repetition is one turn of that scheduler — a main-queue turn on
/// the main thread, a step of a `TestScheduler` — and the loop never grows the stack, however
/// synchronously the source terminates. Only the running subscription is held (RAC adds each
/// to a compound and removes it when it ends; one serial slot does the same with one lock and
/// no search), and disposing `disposable` stops the loop.
final class ForeverLoop<Value>: Sink, @unchecked Sendable {
    enum Decision {
        /// Subscribe again.
        case resubscribe
        /// Forward the terminal event and stop.
        case forward
    }

    let source: Signal<Value>
    let downstream: any Subscriber<Value>
    let disposable = CompoundDisposable()
    /// The running subscription; each new one replaces the finished one.
    let current = SerialDisposable()
    /// Called once per finished subscription, from that subscription's terminal event; the
    /// subscriptions are sequential, so it needs no lock. `nil` error means completed.
    private let decide: (_ error: (any Error)?) -> Decision

    init(source: Signal<Value>, downstream: some Subscriber<Value>,
         decide: @escaping (_ error: (any Error)?) -> Decision) {
        self.source = source
        self.downstream = downstream
        self.decide = decide
        super.init()
        disposable.add(current)
    }

    /// Subscribes for the first time; the first repetition starts the recursive scheduling.
    func start() {
        subscribeOnce { [self] in
            let scheduler = Scheduler.current ?? Scheduler.background()
            disposable.add(scheduler.scheduleRecursive { [self] reschedule in
                subscribeOnce(reschedule)
            })
        }
    }

    private func subscribeOnce(_ recurse: @escaping () -> Void) {
        if disposable.isDisposed { return }
        source.subscribe(ForeverIterationSink(loop: self, recurse: recurse))
    }

    func finished(error: (any Error)?, recurse: () -> Void) {
        if disposable.isDisposed { return }
        switch decide(error) {
        case .resubscribe:
            recurse()
        case .forward:
            disposable.dispose()
            if let error {
                downstream.sendError(error)
            } else {
                downstream.sendCompleted()
            }
        }
    }
}

/// One subscription of a `ForeverLoop`.
final class ForeverIterationSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let loop: ForeverLoop<Value>
    private let recurse: () -> Void

    init(loop: ForeverLoop<Value>, recurse: @escaping () -> Void) {
        self.loop = loop
        self.recurse = recurse
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        loop.current.disposable = disposable
    }

    func sendNext(_ value: Value) { loop.downstream.sendNext(value) }
    func sendError(_ error: any Error) { loop.finished(error: error, recurse: recurse) }
    func sendCompleted() { loop.finished(error: nil, recurse: recurse) }
}

extension Signal {
    /// The signal `repeat()` and `retry(_:)` return: one `ForeverLoop` per subscription, with a
    /// fresh decision function (and so a fresh retry count) each time.
    func subscribingForever(
        decide makeDecide: @escaping () -> (_ error: (any Error)?) -> ForeverLoop<Value>.Decision
    ) -> Signal<Value> {
        OperatorSignal((self, makeDecide)) { subscriber, arguments in
            let (source, makeDecide) = arguments
            let loop = ForeverLoop(source: source, downstream: subscriber, decide: makeDecide())
            subscriber.didSubscribe(with: loop.disposable)
            Scheduler.runSubscription(adding: loop.disposable) { loop.start() }
            return loop.disposable
        }
    }
}
