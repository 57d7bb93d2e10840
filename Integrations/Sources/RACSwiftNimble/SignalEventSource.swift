import Foundation
import RACSwift
import RACSwiftTesting

/// What the signal matchers read events from: a `Signal` (each expectation subscribes once)
/// or a `TestRecorder` (the events it recorded, with their virtual times).
///
/// A `Signal` is subscribed when its expectation first evaluates it, and the subscription
/// lasts as long as the expectation: `to` reads what was sent during `subscribe`, and
/// `toEventually` what has arrived so far at each poll, so a signal is never subscribed twice
/// by one expectation and a hot signal loses no event between polls. The subscription is
/// disposed when the expectation is over.
///
/// The subscription is the one user code would make: signals such as `Signal.from` and
/// `Signal.return` send during `subscribe` on the main thread or with a scheduler current,
/// and on the subscription scheduler, later, elsewhere (RAC's rule) — so off the main thread
/// (in a Swift Testing test or a Quick `AsyncSpec` example) wait for them with
/// `await expect(signal).toEventually(…)`.
public protocol SignalEventSource<Value> {
    /// The type of the values sent.
    associatedtype Value

    /// Starts reading this source's events; the matchers call it once per expectation.
    func makeEventReader() -> SignalEventReader<Value>
}

/// Reads the events a ``SignalEventSource`` has sent so far; what a matcher keeps between
/// the polls of one expectation.
public struct SignalEventReader<Value>: Sendable {
    /// The events so far, in arrival order.
    let events: @Sendable () -> [Recorded<Value>]
    /// Whether the times are virtual seconds (a `TestRecorder`) rather than arrival
    /// positions (a subscription to a `Signal`, read outside any scheduler's clock).
    let hasVirtualTimes: Bool

    /// A reader of `events`, called at every evaluation; `hasVirtualTimes` says whether the
    /// events' times are virtual seconds or arrival positions (0, 1, 2...).
    public init(hasVirtualTimes: Bool, events: @escaping @Sendable () -> [Recorded<Value>]) {
        self.events = events
        self.hasVirtualTimes = hasVirtualTimes
    }
}

extension Signal: SignalEventSource {
    /// Subscribes now; the reader keeps the subscription until it is released.
    public func makeEventReader() -> SignalEventReader<Value> {
        let subscription = MatcherSubscription(self)
        return SignalEventReader(hasVirtualTimes: false) { subscription.events }
    }
}

extension TestRecorder: SignalEventSource {
    /// Reads the recorded events; the recording goes on as the scheduler runs.
    public func makeEventReader() -> SignalEventReader<Value> {
        SignalEventReader(hasVirtualTimes: true) { self.events }
    }
}

/// One expectation's subscription to a signal: records each event with its arrival position
/// and disposes the subscription when the expectation lets go of it.
private final class MatcherSubscription<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Recorded<Value>] = []
    private var disposable: Disposable?

    init(_ signal: Signal<Value>) {
        let disposable = signal.subscribe(
            next: { [weak self] value in self?.append(.next(value)) },
            error: { [weak self] error in self?.append(.error(error)) },
            completed: { [weak self] in self?.append(.completed) })
        lock.withLock { self.disposable = disposable }
    }

    deinit {
        disposable?.dispose()
    }

    var events: [Recorded<Value>] { lock.withLock { recorded } }

    private func append(_ event: Event<Value>) {
        lock.withLock { recorded.append(Recorded(time: TimeInterval(recorded.count), event: event)) }
    }
}
