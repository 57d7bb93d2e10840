/// Shares one subscription of a source signal among many subscribers, through a subject
/// (RACMulticastConnection). Made by `publish()` and `multicast(_:)`.
///
/// Subscribe to `signal`, then call `connect()`: the source is subscribed once, with the
/// subject as its subscriber, and every subscriber of `signal` receives its events.
///
/// As in RAC, a connection connects at most once: after its disposable has been disposed,
/// `connect()` does not subscribe the source again (it returns the same, disposed,
/// disposable). Make a new connection to start over.
public final class MulticastConnection<Value>: @unchecked Sendable {
    private let subject: Subject<Value>
    // Released once connected: the connection never subscribes it again.
    private var source: Signal<Value>?  // guarded by `lock`
    private let lock = UnfairLock()
    private let connection = SerialDisposable()

    /// A connection of `source` through `subject` (RAC's `-initWithSourceSignal:subject:`).
    public init(source: Signal<Value>, subject: Subject<Value>) {
        self.source = source
        self.subject = subject
    }

    /// The subject that forwards the source's events once connected (RAC's `signal`).
    public var signal: Signal<Value> { subject }

    /// Subscribes the source with the subject, the first time it is called; later calls do
    /// nothing. Returns the disposable of that one subscription (the same object every time):
    /// disposing it disconnects for good (RAC's `-connect`).
    @discardableResult
    public func connect() -> Disposable {
        let toConnect: Signal<Value>? = lock.withLock {
            defer { source = nil }
            return source
        }
        if let toConnect {
            connection.disposable = toConnect.subscribe(subject)
        }
        return connection
    }

    /// A signal that connects when it gets its first subscriber and disposes the connection
    /// when its last subscriber leaves (RAC's `-autoconnect`).
    ///
    /// As in RAC, the connection is made only once: once the last subscriber has left, later
    /// subscribers receive only what is sent to the subject directly, never the source again.
    /// Subscription goes through `Scheduler.subscription`.
    public func autoconnect() -> Signal<Value> {
        let subscribers = AutoconnectCount()
        return Signal<Value>.create { [self] subscriber in
            subscribers.increment()
            let subscription = subject.subscribe(subscriber)
            let connection = connect()
            return Disposable {
                subscription.dispose()
                if subscribers.decrement() == 0 { connection.dispose() }
            }
        }.named("[\(subject.name)] -autoconnect")
    }
}

/// The live subscriber count of one `autoconnect()` signal.
private final class AutoconnectCount: @unchecked Sendable {
    private let count = AtomicCounter()
    func increment() { count.add(1) }
    func decrement() -> Int { count.add(-1) }
}
