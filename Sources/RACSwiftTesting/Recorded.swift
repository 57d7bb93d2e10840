import Foundation
import RACSwift

/// An event at a virtual time: seconds since the `TestScheduler` started (RxTest's
/// `Recorded`).
public struct Recorded<Value> {
    /// Seconds since the scheduler started (`TestScheduler.startDate`).
    public var time: TimeInterval
    /// What happened at `time`.
    public var event: Event<Value>

    /// `event` at `time` seconds since the scheduler started.
    public init(time: TimeInterval, event: Event<Value>) {
        self.time = time
        self.event = event
    }

    /// A value at `time`.
    public static func next(_ time: TimeInterval, _ value: Value) -> Recorded {
        Recorded(time: time, event: .next(value))
    }

    /// Completion at `time`.
    public static func completed(_ time: TimeInterval) -> Recorded {
        Recorded(time: time, event: .completed)
    }

    /// An error at `time`.
    public static func error(_ time: TimeInterval, _ error: any Error) -> Recorded {
        Recorded(time: time, event: .error(error))
    }
}

extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded: CustomStringConvertible {
    /// `next(a) @ 3`: the event, then its time in seconds.
    public var description: String {
        let seconds = time == time.rounded() ? String(Int(time)) : String(time)
        return "\(event) @ \(seconds)"
    }
}

/// The events a signal sent while a `TestScheduler` ran, with their virtual times.
public final class TestRecorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Recorded<Value>] = []
    /// The recorded subscription; dispose it to stop recording.
    public private(set) var disposable: Disposable = Disposable()

    init() {}

    /// Every event so far, in arrival order.
    public var events: [Recorded<Value>] { lock.withLock { recorded } }

    /// The values so far.
    public var values: [Value] { events.compactMap { $0.event.value } }

    /// Whether a terminal event has arrived.
    public var isFinished: Bool { events.contains { $0.event.isFinished } }

    func append(_ event: Recorded<Value>) {
        lock.withLock { recorded.append(event) }
    }

    func attach(_ disposable: Disposable) {
        self.disposable = disposable
    }
}

extension TestScheduler {
    /// Seconds of virtual time since the scheduler started.
    public var elapsed: TimeInterval { now.timeIntervalSince(TestScheduler.startDate) }

    /// Subscribes to `signal` now, with this scheduler current, and records every event it
    /// sends with the virtual time it arrived at.
    public func record<Value>(_ signal: Signal<Value>) -> TestRecorder<Value> {
        let recorder = TestRecorder<Value>()
        performAsCurrentScheduler {
            recorder.attach(signal.subscribe(
                next: { [unowned self] in recorder.append(.next(self.elapsed, $0)) },
                error: { [unowned self] in recorder.append(.error(self.elapsed, $0)) },
                completed: { [unowned self] in recorder.append(.completed(self.elapsed)) }))
        }
        return recorder
    }

    /// A cold signal that, for each subscriber, sends `events` at their times counted from
    /// the moment of subscription.
    public func createColdSignal<Value>(_ events: [Recorded<Value>]) -> Signal<Value> {
        // Recorded values are of any type, Sendable or not, as signals' values are; the
        // events are immutable and a TestScheduler runs every block on the thread that
        // advances it.
        nonisolated(unsafe) let events = events
        return Signal.create { [unowned self] subscriber in
            let disposable = CompoundDisposable()
            for event in events {
                nonisolated(unsafe) let recorded = event
                disposable.add(self.afterDelay(max(0, recorded.time)) {
                    switch recorded.event {
                    case .next(let value): subscriber.sendNext(value)
                    case .error(let error): subscriber.sendError(error)
                    case .completed: subscriber.sendCompleted()
                    }
                })
            }
            return disposable
        }
    }

    /// A hot signal that sends `events` at their absolute virtual times to whoever is
    /// subscribed at that moment; a subscriber sees nothing from before it subscribed.
    public func createHotSignal<Value>(_ events: [Recorded<Value>]) -> Signal<Value> {
        let hot = HotSignalSource<Value>()
        for event in events {
            // As in `createColdSignal(_:)`: values of any type, run on the advancing thread.
            nonisolated(unsafe) let recorded = event
            after(TestScheduler.startDate.addingTimeInterval(recorded.time)) {
                hot.send(recorded.event)
            }
        }
        return hot.signal
    }
}

/// Fans events out to the subscribers present when each event is sent.
private final class HotSignalSource<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [(id: Int, subscriber: any Subscriber<Value>)] = []
    private var nextID = 0

    var signal: Signal<Value> {
        Signal.create { [weak self] subscriber in
            guard let self else { return nil }
            let id = self.lock.withLock { () -> Int in
                nextID += 1
                subscribers.append((nextID, subscriber))
                return nextID
            }
            return Disposable { [weak self] in
                guard let self else { return }
                self.lock.withLock { self.subscribers.removeAll { $0.id == id } }
            }
        }
    }

    func send(_ event: Event<Value>) {
        let current = lock.withLock { subscribers.map(\.subscriber) }
        for subscriber in current {
            switch event {
            case .next(let value): subscriber.sendNext(value)
            case .error(let error): subscriber.sendError(error)
            case .completed: subscriber.sendCompleted()
            }
        }
    }
}
