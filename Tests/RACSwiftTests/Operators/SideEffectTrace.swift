import Foundation
import RACSwift

/// A log of side effects — subscriptions, values, disposal blocks, terminal events — in the
/// order they happen, for the tests that pin RAC's order of them (issue 30, findings 5 and 6).
final class Trace: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    var entries: [String] { lock.withLock { recorded } }

    func append(_ entry: String) { lock.withLock { recorded.append(entry) } }

    /// A cold signal whose `create` block logs its subscription, sends `values` and then
    /// completes (or fails with `error`, or does neither when `terminates` is false), all
    /// synchronously, and returns a disposable that logs its disposal.
    func signal(
        _ name: String, values: [Int] = [], error: (any Error)? = nil, terminates: Bool = true
    ) -> Signal<Int> {
        Signal.create { subscriber in
            self.append("subscribe \(name)")
            for value in values { subscriber.sendNext(value) }
            if let error {
                subscriber.sendError(error)
            } else if terminates {
                subscriber.sendCompleted()
            }
            return Disposable { self.append("dispose \(name)") }
        }
    }

    /// A cold signal whose `create` block logs its subscription and forwards `subject`'s
    /// events, and returns a disposable that logs its disposal and ends that subscription.
    func signal(_ name: String, forwarding subject: Subject<Int>) -> Signal<Int> {
        Signal.create { subscriber in
            self.append("subscribe \(name)")
            let subscription = subject.subscribe(subscriber)
            return Disposable {
                self.append("dispose \(name)")
                subscription.dispose()
            }
        }
    }

    /// Subscribes to `signal`, logging its events.
    @discardableResult
    func subscribe<Value>(to signal: Signal<Value>) -> Disposable {
        signal.subscribe(
            next: { self.append("next \($0)") },
            error: { self.append("error \($0)") },
            completed: { self.append("completed") })
    }
}
