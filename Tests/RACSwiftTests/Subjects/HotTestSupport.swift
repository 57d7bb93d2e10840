import Foundation
import RACSwift

/// Records every event a subscription receives, from any thread.
final class HotEventLog<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Event<Value>] = []

    var events: [Event<Value>] { lock.withLock { stored } }
    var values: [Value] { events.compactMap(\.value) }

    func record(_ event: Event<Value>) {
        lock.withLock { stored.append(event) }
    }

    /// A log subscribed to `signal` (the subscription is left to end with the signal).
    static func subscribed(to signal: Signal<Value>) -> HotEventLog<Value> {
        let log = HotEventLog<Value>()
        log.subscribe(to: signal)
        return log
    }

    /// Subscribes to `signal`, recording into this log.
    @discardableResult
    func subscribe(to signal: Signal<Value>) -> Disposable {
        signal.subscribe(
            next: { self.record(.next($0)) },
            error: { self.record(.error($0)) },
            completed: { self.record(.completed) })
    }
}

/// A subscriber that disposes its own subscription after `count` values, as `take` would, so
/// tests can observe disposal from inside a delivery.
final class HotTakingSubscriber<Value>: Subscriber, @unchecked Sendable {
    private let count: Int
    private var subscription: CompoundDisposable?
    private(set) var events: [Event<Value>] = []

    init(taking count: Int) {
        self.count = count
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
    }

    func sendNext(_ value: Value) {
        events.append(.next(value))
        if events.count == count { subscription?.dispose() }
    }

    func sendError(_ error: any Error) { events.append(.error(error)) }
    func sendCompleted() { events.append(.completed) }
}

/// A cold signal that counts its subscriptions and disposals and hands out its subscribers,
/// so a test can drive it by hand.
final class HotCountingSource<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribersStore: [any Subscriber<Value>] = []
    private var subscriptionsStore = 0
    private var disposalsStore = 0

    var subscriptions: Int { lock.withLock { subscriptionsStore } }
    var disposals: Int { lock.withLock { disposalsStore } }

    /// Sends `value` to every subscriber it has had.
    func sendNext(_ value: Value) { for s in lock.withLock({ subscribersStore }) { s.sendNext(value) } }
    func sendError(_ error: any Error) { for s in takeAll() { s.sendError(error) } }
    func sendCompleted() { for s in takeAll() { s.sendCompleted() } }

    private func takeAll() -> [any Subscriber<Value>] {
        lock.withLock {
            defer { subscribersStore = [] }
            return subscribersStore
        }
    }

    /// Drops the subscribers it holds, so nothing stays alive after a test.
    func release() { lock.withLock { subscribersStore = [] } }

    var signal: Signal<Value> {
        Signal.create { subscriber in
            self.lock.withLock {
                self.subscriptionsStore += 1
                self.subscribersStore.append(subscriber)
            }
            return Disposable { self.lock.withLock { self.disposalsStore += 1 } }
        }
    }
}

/// A mutable value shared with closures that Swift considers concurrent, in tests whose
/// ordering (a signal's serialization, a wait) already makes the access safe.
final class HotBox<Wrapped>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Wrapped

    init(_ value: Wrapped) {
        stored = value
    }

    var value: Wrapped {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value atomically.
    func mutate(_ body: (inout Wrapped) -> Void) {
        lock.withLock { body(&stored) }
    }
}
