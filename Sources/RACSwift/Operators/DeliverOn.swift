import Dispatch
import Foundation

extension Signal {
    /// Sends every event — values, error, completion — on `scheduler`, in the order they
    /// arrived (RAC's `-deliverOn:`).
    ///
    /// Each event is scheduled as its own block, so other work on `scheduler` may run between
    /// two events. Nothing is delayed beyond that: errors are not moved ahead of the values
    /// before them. Disposal cancels the deliveries not made yet. Only where the events are
    /// sent changes; the subscription itself still happens where `subscribe` is called (see
    /// `subscribe(on:)`).
    @inlinable
    public func deliver(on scheduler: Scheduler) -> Signal<Value> {
        LiftedSignal(self, scheduler) { DeliverOnSink(downstream: $0, scheduler: $1, disposable: $2) }
            .named("[\(name)] -deliverOn: \(scheduler.name)")
    }

    /// Sends every event on the main thread, in order, without a detour through the main queue
    /// when it can (RAC 2.5's `-deliverOnMainThread`).
    ///
    /// An event that arrives on the main thread while no earlier event of this subscription is
    /// waiting in the main queue is delivered at once, synchronously; any other event is
    /// enqueued on the main dispatch queue behind those waiting, so the order is kept. It
    /// differs from `deliver(on: .main)`, which always enqueues. Disposal drops the events not
    /// delivered yet.
    @inlinable
    public func deliverOnMainThread() -> Signal<Value> {
        LiftedSignal(self, ()) { downstream, _, subscription in
            DeliverOnMainThreadSink(downstream: downstream, disposable: subscription)
        }.named("[\(name)] -deliverOnMainThread")
    }
}

/// The output comes only from blocks on one scheduler, which runs them serially (RAC's
/// schedulers are serial), so no lock; `pending` drops the blocks that disposal overtakes.
@usableFromInline
final class DeliverOnSink<Value>: SerialOutputPoint<Value>, Subscriber, @unchecked Sendable {
    private let scheduler: Scheduler
    private let pending = ScheduledBlocks()

    @usableFromInline
    init(downstream: some Subscriber<Value>, scheduler: Scheduler, disposable: CompoundDisposable) {
        self.scheduler = scheduler
        super.init(downstream: downstream, disposable: disposable)
        disposable.add(pending)
    }

    private func deliver(_ block: @escaping () -> Void) {
        let scheduler = self.scheduler
        pending.schedule(block) { scheduler.schedule($0) }
    }

    @usableFromInline func sendNext(_ value: Value) {
        deliver { [self] in send(value) }
    }

    @usableFromInline func sendError(_ error: any Error) {
        deliver { [self] in finish(error: error) }
    }

    @usableFromInline func sendCompleted() {
        deliver { [self] in finish(error: nil) }
    }
}

/// RAC's `-deliverOnMainThread`: a count of the events between arrival and delivery decides
/// whether an event on the main thread may skip the queue — only when it is the only one, so
/// it cannot overtake an event still waiting in the main queue. Every delivery happens on the
/// main thread, one at a time, so no lock.
@usableFromInline
final class DeliverOnMainThreadSink<Value>: SerialOutputPoint<Value>, Subscriber, @unchecked Sendable {
    private let queueLength = AtomicCounter()

    private func performOnMainThread(_ block: @escaping () -> Void) {
        let queued = queueLength.add(1)
        if queued == 1, Thread.isMainThread {
            if !disposable.isDisposed { block() }
            queueLength.add(-1)
        } else {
            let work = UncheckedSendable(block)
            DispatchQueue.main.async { [self] in
                if !disposable.isDisposed { work.value() }
                queueLength.add(-1)
            }
        }
    }

    @usableFromInline func sendNext(_ value: Value) {
        performOnMainThread { [self] in send(value) }
    }

    @usableFromInline func sendError(_ error: any Error) {
        performOnMainThread { [self] in finish(error: error) }
    }

    @usableFromInline func sendCompleted() {
        performOnMainThread { [self] in finish(error: nil) }
    }
}
