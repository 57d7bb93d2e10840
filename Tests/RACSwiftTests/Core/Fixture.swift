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
        @discardableResult
        func decrement() -> Int { lock.withLock { count -= 1; return count } }
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

    /// A disposable that counts the calls of `dispose()` it gets and logs its tag at each (the
    /// base class would run its action once whatever the caller did, which would hide a
    /// second call).
    final class CountingDisposable: Disposable, @unchecked Sendable {
        let tag: Int
        private let calls = Counter()
        private let log: @Sendable (Int) -> Void
        init(_ tag: Int, log: @escaping @Sendable (Int) -> Void = { _ in }) {
            self.tag = tag
            self.log = log
            super.init()
        }
        convenience init(_ tag: Int, log: Log<Int>) {
            self.init(tag) { log.append($0) }
        }
        var disposeCalls: Int { calls.value }
        override func dispose() {
            calls.increment()
            log(tag)
            super.dispose()
        }
    }

    /// `values` in a deterministic shuffle (a fixed linear congruential generator), so that a
    /// failure repeats.
    /// Holds `scheduler` inside a block until the returned gate is signalled, so that what is
    /// queued meanwhile waits, in a fixed order, behind it.
    static func closeGate(_ scheduler: Scheduler) -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        scheduler.schedule {
            held.signal()
            gate.wait()
        }
        held.wait()
        return gate
    }

    static func shuffled(_ values: [Int], seed: UInt64) -> [Int] {
        var state = seed
        var out = values
        for i in stride(from: out.count - 1, to: 0, by: -1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let j = Int((state >> 33) % UInt64(i + 1))
            out.swapAt(i, j)
        }
        return out
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

    /// Sends `perThread` values from each of `threads` threads at once into one `create`
    /// block's subscriber, `operators` applied to the signal, and reports whether two
    /// deliveries overlapped and what each thread's values became, in arrival order.
    static func sendConcurrentlyIntoCreate(
        threads: Int, perThread: Int,
        through operators: (Signal<(Int, Int)>) -> Signal<(Int, Int)> = { $0 }
    ) -> (overlapped: Bool, received: [[Int]]) {
        // Set by the create block on this thread before any other thread reads it.
        nonisolated(unsafe) var kept: (any Subscriber<(Int, Int)>)?
        let detector = OverlapDetector()
        // Unlocked on purpose: the library serializes these deliveries, and TSan checks it.
        nonisolated(unsafe) var received = Array(repeating: [Int](), count: threads)
        let disposable = operators(Signal<(Int, Int)>.create { kept = $0; return nil })
            .subscribeNext { thread, value in
                detector.enter()
                received[thread].append(value)
                detector.leave()
            }
        let subscriber = kept!
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for value in 0..<perThread { subscriber.sendNext((thread, value)) }
        }
        disposable.dispose()
        kept = nil
        return (detector.didOverlap, received)
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
