import Foundation

extension Signal {
    /// This signal's values as a Swift `Sequence` (RAC's `-sequence`, a RACSignalSequence).
    ///
    /// The signal is subscribed once, when the sequence is first iterated; its values are
    /// kept, so every pass over the sequence sees the same values, and the signal's side
    /// effects run once however often it is iterated. Iterating blocks only for values that
    /// have not arrived yet. The sequence ends when the signal terminates; an error ends it
    /// too (as in RAC) and is kept in `error`. Dropping the sequence and its iterators disposes
    /// the subscription. Blocking follows `first()`'s rules: a signal that must send through
    /// the blocked thread (delivering on the main scheduler, read on the main thread) blocks
    /// forever.
    public var sequence: SignalSequence<Value> {
        SignalSequence(self)
    }
}

/// The sequence of a signal's values (RACSignalSequence): see `Signal.sequence`.
public final class SignalSequence<Value>: Sequence, @unchecked Sendable {
    private let storage: SignalSequenceStorage<Value>

    init(_ signal: Signal<Value>) {
        storage = SignalSequenceStorage(signal)
    }

    deinit {
        storage.cancel()
    }

    /// The error the signal ended with, once it has; nil while it runs or if it completed.
    public var error: (any Error)? {
        storage.error
    }

    /// An iterator from the first value; the first iterator made subscribes the signal.
    public func makeIterator() -> Iterator {
        Iterator(sequence: self)
    }

    /// Walks the kept values in order, blocking for one that has not arrived yet.
    public struct Iterator: IteratorProtocol {
        // Retains the sequence: its deinit is what ends the subscription.
        private let sequence: SignalSequence
        private var index = 0

        init(sequence: SignalSequence) {
            self.sequence = sequence
        }

        /// The next value, waiting for it if the signal has not sent it yet; nil once the
        /// signal has terminated (completed or failed) and every value has been read.
        public mutating func next() -> Value? {
            let value = sequence.storage.value(at: index)
            if value != nil { index += 1 }
            return value
        }
    }
}

/// The memoized values and the one subscription, behind a condition that readers wait on.
private final class SignalSequenceStorage<Value>: Sink, Subscriber, @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var signal: Signal<Value>?  // until subscribed
    private var values: [Value] = []
    private var isFinished = false
    private var failure: (any Error)?
    private let subscription = SerialDisposable()

    init(_ signal: Signal<Value>) {
        self.signal = signal
    }

    var error: (any Error)? {
        condition.withLock { failure }
    }

    /// The value at `index`, blocking until it has arrived; nil once the signal has ended
    /// without one.
    func value(at index: Int) -> Value? {
        let toSubscribe: Signal<Value>? = condition.withLock {
            defer { signal = nil }
            return signal
        }
        if let toSubscribe {
            subscription.disposable = toSubscribe.subscribe(self)
        }
        condition.lock()
        defer { condition.unlock() }
        while index >= values.count && !isFinished { condition.wait() }
        return index < values.count ? values[index] : nil
    }

    func cancel() {
        subscription.dispose()
        finish(nil)
    }

    func didSubscribe(with disposable: CompoundDisposable) {}

    func sendNext(_ value: Value) {
        condition.withLock {
            guard !isFinished else { return }
            values.append(value)
            condition.broadcast()
        }
    }

    func sendError(_ error: any Error) { finish(error) }
    func sendCompleted() { finish(nil) }

    private func finish(_ error: (any Error)?) {
        condition.withLock {
            guard !isFinished else { return }
            isFinished = true
            failure = error
            signal = nil
            condition.broadcast()
        }
    }
}
