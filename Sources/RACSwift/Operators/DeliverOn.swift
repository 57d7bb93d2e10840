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
/// schedulers are serial), so no lock.
///
/// On a `TargetQueueScheduler` (the main and background schedulers) each event waits in
/// `events`, and the scheduler's queue gets the sink itself as one unit per event, in its
/// place among the other blocks: RAC's order (a block scheduled between two events runs
/// between them) without a block, a disposable or a dispatch call per event. On any other
/// scheduler — a `TestScheduler` above all — each event is its own scheduled block, kept in
/// `pending` so that disposal cancels it, as in RAC.
@usableFromInline
final class DeliverOnSink<Value>: SerialOutputPoint<Value>, Subscriber, ScheduledDelivery, @unchecked Sendable {
    private let scheduler: Scheduler
    private let events: DeliveryBuffer<Value>?
    private let pending: ScheduledBlocks?

    @usableFromInline
    init(downstream: some Subscriber<Value>, scheduler: Scheduler, disposable: CompoundDisposable) {
        self.scheduler = scheduler
        if let queueScheduler = scheduler as? TargetQueueScheduler {
            let events = DeliveryBuffer<Value>(scheduler: queueScheduler)
            self.events = events
            self.pending = nil
            super.init(downstream: downstream, disposable: disposable)
            disposable.add(events)
        } else {
            let pending = ScheduledBlocks()
            self.events = nil
            self.pending = pending
            super.init(downstream: downstream, disposable: disposable)
            disposable.add(pending)
        }
    }

    private func schedule(_ block: @escaping () -> Void) {
        let scheduler = self.scheduler
        pending!.schedule(block) { scheduler.schedule($0) }
    }

    /// One unit of the scheduler's queue: the oldest event waiting (none once disposed).
    func performDelivery() {
        events!.deliverNext(into: self)
    }

    @usableFromInline func sendNext(_ value: Value) {
        if let events {
            events.append(value, for: self)
        } else {
            schedule { [self] in if isOpen { send(value) } }
        }
    }

    @usableFromInline func sendError(_ error: any Error) {
        if let events {
            events.append(.failed(error), for: self)
        } else {
            schedule { [self] in finish(error: error) }
        }
    }

    @usableFromInline func sendCompleted() {
        if let events {
            events.append(.completed, for: self)
        } else {
            schedule { [self] in finish(error: nil) }
        }
    }
}

/// The terminal event waiting behind the values of a `DeliveryBuffer`.
enum DeliveryTerminal {
    case completed
    case failed(any Error)
}

/// The events of one `deliver(on:)` or `deliverOnMainThread` subscription between arrival and
/// delivery, oldest first, on a `TargetQueueScheduler`. An event is stored under the
/// scheduler's lock in the same step that queues its unit there (one lock per event on the
/// sending side); the scheduler's thread, the only one taking events out, moves all that have
/// arrived to `outgoing` with one more round of that lock, then takes them one unit at a time
/// without locking. Disposal drops the waiting events at once (releasing the values) and
/// refuses new ones; the units the scheduler runs afterwards find nothing.
///
/// The values wait in `RingBuffer` rings, not in arrays of `Event`s: in the library's generic
/// code every use of an `Array<Event<Value>>` looks its metadata up at run time (a few
/// thousand instructions per event, seen under callgrind in W9).
final class DeliveryBuffer<Value>: Disposable, @unchecked Sendable {
    private let scheduler: TargetQueueScheduler
    // Guarded by the scheduler's lock. The rings are `let`s, exchanged by content: a ring in a
    // `var` is retained and released at every use, once per value on each side.
    private let incoming = RingBuffer<Value>()
    private var incomingTerminal: DeliveryTerminal?
    // Touched only by the units the scheduler runs, one at a time.
    private let outgoing = RingBuffer<Value>()
    private var outgoingTerminal: DeliveryTerminal?

    init(scheduler: TargetQueueScheduler) {
        self.scheduler = scheduler
        super.init()
    }

    /// Queues `value` and one unit of `target` on the scheduler; false once disposed.
    @discardableResult
    func append(_ value: Value, for target: any ScheduledDelivery) -> Bool {
        var accepted = false
        scheduler.enqueueDelivery(target) {
            if isDisposed { return false }
            incoming.append(value)
            accepted = true
            return true
        }
        return accepted
    }

    /// Queues the terminal event and one unit of `target`; false once disposed.
    @discardableResult
    func append(_ terminal: DeliveryTerminal, for target: any ScheduledDelivery) -> Bool {
        var accepted = false
        scheduler.enqueueDelivery(target) {
            if isDisposed { return false }
            incomingTerminal = terminal
            accepted = true
            return true
        }
        return accepted
    }

    /// Sends the oldest event into `output`; false if there was none (disposed). Called by
    /// the scheduled units only.
    @discardableResult
    func deliverNext(into output: SerialOutputPoint<Value>) -> Bool {
        if outgoing.count == 0, outgoingTerminal == nil {
            scheduler.withQueueLock {
                outgoing.exchangeContents(with: incoming)
                outgoingTerminal = incomingTerminal
                incomingTerminal = nil
            }
        }
        if isDisposed {
            outgoing.removeAll()
            outgoingTerminal = nil
            return false
        }
        if outgoing.count > 0 {
            let value = outgoing.removeFirst()
            if output.isOpen { output.send(value) }
            return true
        }
        guard let terminal = outgoingTerminal else { return false }
        outgoingTerminal = nil
        switch terminal {
        case .completed: output.finish(error: nil)
        case .failed(let error): output.finish(error: error)
        }
        return true
    }

    override func dispose() {
        if isDisposed { return }
        // Made before the lock is taken: the values are released from it outside the lock.
        let dropped = RingBuffer<Value>()
        scheduler.withQueueLock {
            guard markDisposedHoldingLock() else { return }
            incomingTerminal = nil
            dropped.exchangeContents(with: incoming)
        }
        dropped.removeAll()
    }
}

/// RAC's `-deliverOnMainThread`: a count of the events between arrival and delivery decides
/// whether an event on the main thread may skip the queue — only when it is the only one, so
/// it cannot overtake an event still waiting in the main queue. Every delivery happens on the
/// main thread, one at a time, so no lock. The others wait in `events` and go through the main
/// scheduler's queue, one unit each (as RAC schedules them on `mainThreadScheduler`).
@usableFromInline
final class DeliverOnMainThreadSink<Value>: SerialOutputPoint<Value>, Subscriber, ScheduledDelivery, @unchecked Sendable {
    private let queueLength = AtomicCounter()
    private let events = DeliveryBuffer<Value>(scheduler: Scheduler.mainQueue)

    @usableFromInline
    override init(downstream: any Subscriber<Value>, disposable: CompoundDisposable) {
        super.init(downstream: downstream, disposable: disposable)
        disposable.add(events)
    }

    /// Whether the event arriving now may be delivered at once (it is counted either way).
    private func mayDeliverNow() -> Bool {
        queueLength.add(1) == 1 && Thread.isMainThread
    }

    func performDelivery() {
        if events.deliverNext(into: self) { queueLength.add(-1) }
    }

    @usableFromInline func sendNext(_ value: Value) {
        if mayDeliverNow() {
            if isOpen { send(value) }
            queueLength.add(-1)
        } else if !events.append(value, for: self) {
            queueLength.add(-1)
        }
    }

    private func terminate(_ terminal: DeliveryTerminal) {
        if mayDeliverNow() {
            switch terminal {
            case .completed: finish(error: nil)
            case .failed(let error): finish(error: error)
            }
            queueLength.add(-1)
        } else if !events.append(terminal, for: self) {
            queueLength.add(-1)
        }
    }

    @usableFromInline func sendError(_ error: any Error) {
        terminate(.failed(error))
    }

    @usableFromInline func sendCompleted() {
        terminate(.completed)
    }
}
