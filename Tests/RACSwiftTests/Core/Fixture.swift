import Foundation
import RACSwift

/// Test doubles shared by the core, disposable and scheduler tests (namespaced so they
/// cannot clash with other test files' helpers).
enum Fixture {
    /// A thread-safe counter.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        @discardableResult
        func increment() -> Int { lock.withLock { count += 1; return count } }
    }

    /// A thread-safe value, for a result written on another thread and read on the test's.
    final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value
        init(_ value: Value) { stored = value }
        var value: Value {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    /// Records events and the disposal of a subscription in one log ("next 1", "disposed",
    /// "completed"), so a test sees the order of the two — the terminal rule's. With
    /// `watchingHandedSubscription`, the subscription it is handed is watched; otherwise the
    /// test names one with `watch(_:)`.
    final class OrderLog: Subscriber, @unchecked Sendable {
        var entries: [String] = []
        var onNext: ((Int) -> Void)?
        private let watchingHandedSubscription: Bool
        init(watchingHandedSubscription: Bool = false) {
            self.watchingHandedSubscription = watchingHandedSubscription
        }
        func sendNext(_ value: Int) {
            entries.append("next \(value)")
            onNext?(value)
        }
        func sendError(_ error: any Error) { entries.append("error") }
        func sendCompleted() { entries.append("completed") }
        func didSubscribe(with disposable: CompoundDisposable) {
            if watchingHandedSubscription { watch(disposable) }
        }
        func watch(_ disposable: CompoundDisposable) {
            disposable.add(Disposable { [self] in entries.append("disposed") })
        }
    }

    /// A thread-safe list, for logs written from several threads.
    final class Log<Element>: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Element] = []
        var all: [Element] { lock.withLock { items } }
        func append(_ item: Element) { lock.withLock { items.append(item) } }
    }

    /// Detects two deliveries overlapping in time: `enter`/`leave` around each delivery.
    final class OverlapDetector: @unchecked Sendable {
        private let lock = NSLock()
        private let countLock = NSLock()
        private var overlapped = false
        var didOverlap: Bool { countLock.withLock { overlapped } }

        func enter() {
            if !lock.try() {
                countLock.withLock { overlapped = true }
                lock.lock()
            }
        }

        func leave() { lock.unlock() }
    }

    /// A `Subscriber` written the way a user would: it logs what it receives, including the
    /// moment it is handed the subscription's disposable.
    final class LoggingSubscriber<Value>: Subscriber, @unchecked Sendable {
        let log = Log<String>()
        private(set) var disposables: [CompoundDisposable] = []
        var onNext: ((Value, LoggingSubscriber) -> Void)?

        func sendNext(_ value: Value) {
            log.append("next \(value)")
            onNext?(value, self)
        }
        func sendError(_ error: any Error) { log.append("error \(error)") }
        func sendCompleted() { log.append("completed") }
        func didSubscribe(with disposable: CompoundDisposable) {
            disposables.append(disposable)
            log.append("didSubscribe")
        }
    }
}
