#if DEBUG
/// The contract's serial delivery, checked in debug builds (RxSwift's
/// `SynchronizationTracker`): every subscription of a debug build has one, in the
/// `WrappingSubscriber` between the signal and its subscriber, which stops the program with
/// a message naming the signal (its name, or its type: the operator) and the subscriber when
///
/// - two events are delivered into the subscriber at once from two threads (contract §1;
///   a subscriber that sends into its source from inside a delivery gets a nested delivery on
///   the same thread, which is allowed, as RAC's recursive lock allows it), or
/// - an event is delivered after a terminal event (contract §2).
///
/// Compiled out of release builds, where the wrapper exists only while tracing is on and
/// checks nothing. A failure here is a bug in the signal named (or in a `create` block or a
/// hand-written subscriber that sends from several threads without serializing).
final class SerialDeliveryCheck: @unchecked Sendable {
    enum Event {
        case next, error, completed

        var isTerminal: Bool { self != .next }

        var name: String {
            switch self {
            case .next: "sendNext"
            case .error: "sendError"
            case .completed: "sendCompleted"
            }
        }
    }

    private let signal: String
    private let subscriber: String
    private struct Deliveries {
        var deliveringThread: UInt = 0
        var depth = 0
        var terminal: Event?
    }
    private let deliveries = LockedState(Deliveries())

    init(signal: String, subscriber: String) {
        self.signal = signal
        self.subscriber = subscriber
    }

    /// Runs `delivery`, the event's delivery into the subscriber, checking it against the
    /// deliveries in progress and the terminal event already delivered.
    func deliver(_ event: Event, _ delivery: () -> Void) {
        let thread = currentThreadID()
        let violation = deliveries.withLock { now -> String? in
            if let terminal = now.terminal {
                return "\(event.name) after \(terminal.name) (contract §2: nothing follows a terminal event)"
            }
            if now.depth > 0, now.deliveringThread != thread {
                return "\(event.name) on thread 0x\(String(thread, radix: 16)) while a delivery is in progress on thread 0x\(String(now.deliveringThread, radix: 16)) (contract §1: events are serialized)"
            }
            now.deliveringThread = thread
            now.depth += 1
            if event.isTerminal { now.terminal = event }
            return nil
        }
        if let violation { fail(violation) }
        delivery()
        deliveries.withLock { now in
            now.depth -= 1
            if now.depth == 0 { now.deliveringThread = 0 }
        }
    }

    private func fail(_ what: String) -> Never {
        preconditionFailure("RACSwift contract violation: \(signal) → \(subscriber): \(what)")
    }
}
#endif
