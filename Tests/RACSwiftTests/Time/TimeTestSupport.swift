import Foundation
import RACSwift

/// A signal the test drives by hand, from any thread, that remembers how often it was
/// subscribed and disposed and on which scheduler each happened.
final class TimeManualSource<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [any Subscriber<Value>] = []
    private(set) var subscriptionCount = 0
    private(set) var disposalCount = 0
    private(set) var subscribedOn: [Scheduler?] = []
    private(set) var disposedOn: [Scheduler?] = []

    var signal: Signal<Value> {
        Signal.create { [self] subscriber in
            lock.withLock {
                subscribers.append(subscriber)
                subscriptionCount += 1
                subscribedOn.append(Scheduler.current)
            }
            return Disposable { [self] in
                lock.withLock {
                    disposalCount += 1
                    disposedOn.append(Scheduler.current)
                    subscribers.removeAll { $0 === subscriber }
                }
            }
        }
    }

    private var current: [any Subscriber<Value>] { lock.withLock { subscribers } }

    func sendNext(_ value: Value) { for s in current { s.sendNext(value) } }
    func sendError(_ error: any Error) { for s in current { s.sendError(error) } }
    func sendCompleted() { for s in current { s.sendCompleted() } }
}

/// `Date` at `seconds` of virtual time.
func virtualDate(_ seconds: TimeInterval) -> Date {
    TestScheduler.startDate.addingTimeInterval(seconds)
}
