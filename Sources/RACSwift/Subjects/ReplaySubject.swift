/// A subject that replays what it has received to each new subscriber, then forwards what
/// follows (RACReplaySubject).
///
/// It keeps the last `capacity` values (all of them by default) and its terminal event. A new
/// subscriber first receives the kept values, in order; then, if the subject has terminated,
/// the terminal event, else every later event. Replay and registration happen in one critical
/// section, so a value sent meanwhile is neither missed nor seen twice.
///
/// Unlike RAC, which keeps appending values sent after a terminal event and replays them
/// before it, a replay subject ignores events once it has terminated: a terminal event is
/// what it replays last, so nothing may follow it.
///
/// As in RAC, the replay runs on `Scheduler.subscription`: at once when a scheduler is current
/// (or on the main thread), else on a background scheduler.
open class ReplaySubject<Value>: Subject<Value>, @unchecked Sendable {
    /// How many values are kept for replay (`Int.max`: all of them).
    public let capacity: Int
    // Guarded by `lock`.
    private var values = FIFO<Value>()
    private var terminal: Event<Value>?

    /// A replay subject that keeps the last `capacity` values (RAC's
    /// `+replaySubjectWithCapacity:`; the default keeps every value, as `+subject` does).
    public init(capacity: Int = .max) {
        precondition(capacity >= 0, "ReplaySubject.init(capacity:): capacity must not be negative, got \(capacity)")
        self.capacity = capacity
        super.init()
    }

    /// Replays the kept values, then the terminal event if there is one, else registers
    /// `subscriber` for what follows; runs on `Scheduler.subscription`.
    @discardableResult
    open override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        Scheduler.runSubscription(adding: disposable) { [self] in
            lock.withLock {
                for value in values.elements {
                    if disposable.isDisposed { return }
                    subscriber.sendNext(value)
                }
                if disposable.isDisposed { return }
                switch terminal {
                case .error(let error)?:
                    disposable.dispose()
                    subscriber.sendError(error)
                case .completed?:
                    disposable.dispose()
                    subscriber.sendCompleted()
                case .next?, nil:
                    register(subscriber, subscription: disposable)
                }
            }
        }
        return disposable
    }

    /// Keeps `value` (dropping the oldest beyond `capacity`) and sends it to every current
    /// subscriber; ignored once the subject has terminated.
    open override func sendNext(_ value: Value) {
        lock.withLock {
            guard terminal == nil else { return }
            if capacity > 0 {
                values.append(value)
                if values.count > capacity { values.removeFirst() }
            }
            deliverNext(value)
        }
    }

    /// Keeps `error` for later subscribers and ends every current subscription with it;
    /// ignored once the subject has terminated.
    open override func sendError(_ error: any Error) {
        let isFirst = lock.withLock { () -> Bool in
            guard terminal == nil else { return false }
            terminal = .error(error)
            return true
        }
        if isFirst { super.sendError(error) }
    }

    /// Keeps the completion for later subscribers and ends every current subscription;
    /// ignored once the subject has terminated.
    open override func sendCompleted() {
        let isFirst = lock.withLock { () -> Bool in
            guard terminal == nil else { return false }
            terminal = .completed
            return true
        }
        if isFirst { super.sendCompleted() }
    }
}
