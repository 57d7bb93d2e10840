import Observation

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Observable where Self: AnyObject {
    /// The values of the property at `keyPath`: its current value at once (read while
    /// subscribing, which runs on `Scheduler.subscription`), then its value after each change
    /// (RAC's `RACObserve(object, keyPath)`, on Swift's Observation framework instead of KVO).
    ///
    /// This is the asynchronous variant, for plain `@Observable` classes. A model declared as
    /// a `ReactiveObject` with `@Observed` properties is observed synchronously, as KVO did
    /// (its own `signal(for:on:)`, chosen by overload resolution).
    ///
    /// Observation reports a change before it is made (`willSet`), so the new value is read
    /// later, on a scheduler: `scheduler` if given, else `Scheduler.current` at the change (the
    /// main thread for a change made there), else a background scheduler of this
    /// subscription. The value is read after the change; changes made before the read
    /// coalesce into one value, never an older value follows a newer one, and the latest
    /// value always arrives. When the value is read on another thread than the change (a
    /// scheduler given, or no scheduler current at the change), and for changes made from
    /// several threads at once, the model must be safe to use from several threads: its
    /// setter atomic with respect to its getter (one lock held around the whole
    /// `withMutation` and taken by the getter). A value may then repeat. A plain
    /// `@Observable` class, changed on the main thread and observed with no scheduler given,
    /// is read on the main thread after the change.
    ///
    /// The object is held weakly: when it goes away the signal completes (on the same
    /// schedulers). Disposal stops the observation: nothing is delivered afterwards.
    ///
    /// - Precondition: `scheduler` is not `Scheduler.immediate`, which would read the value
    ///   before the change.
    public func signal<Value>(for keyPath: KeyPath<Self, Value> & Sendable, on scheduler: Scheduler? = nil) -> Signal<Value> {
        ObservationSignal(scheduler: scheduler, operatorName: "Observable.signal(for:on:)", read: weakRead(self, keyPath))
            .named("RACObserve(\(type(of: self)), \(keyPath))")
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Signal {
    /// The values of `expression`: its value at once, then its value after each change of any
    /// observable property it read (RAC's `RACObserve` of a derived value, or
    /// `combineLatest` of several `RACObserve`s reduced into one value).
    ///
    /// Each evaluation tracks the properties that evaluation reads, so a condition in the
    /// expression changes what is tracked. Scheduling, coalescing and ordering are those of
    /// `signal(for:on:)`. The expression is evaluated twice per change (once tracked, once
    /// after the tracking is in place, so that a change racing with the first evaluation is
    /// not missed) and may run on any of those schedulers. It never completes on its own.
    ///
    /// - Precondition: `scheduler` is not `Scheduler.immediate`.
    public static func observing(on scheduler: Scheduler? = nil, _ expression: @escaping @Sendable () -> Value) -> Signal<Value> {
        ObservationSignal(scheduler: scheduler, operatorName: "Signal.observing(on:_:)") { track, readAgain, body in
            track { _ = expression() }
            if readAgain { body(expression()) }
            return true
        }
            .named("+observing:")
    }
}

/// What an observation reads: passes `track` a read of the value (its result dropped), which
/// `track` runs inside Observation's tracking; then, if `readAgain`, reads the value again and
/// hands it to `body`. Returns false (nothing read) once the observed object is gone.
///
/// The value is handed over instead of returned as a `Value?`: the observation's code is the
/// library's unspecialized code, where each `Value?` asked the runtime for `Optional<Value>`'s
/// metadata (three look-ups per change, A2); and both reads are one call, so that the object
/// is loaded from its weak reference once (A2; Benchmarks/HISTORY.md, "Issue 37: property
/// observation, second pass (helper, 2026-12-02)").
typealias ObservationRead<Value> = @Sendable (
    _ track: (() -> Void) -> Void, _ readAgain: Bool, _ body: (Value) -> Void
) -> Bool

/// Reads `keyPath` of `object` without keeping it alive (held only during the reads); false
/// once it is gone. The object is let go before the value is handed to `body`.
func weakRead<Root: AnyObject, Value>(_ object: Root, _ keyPath: KeyPath<Root, Value> & Sendable) -> ObservationRead<Value> {
    let reference = WeakReference(object)
    return { track, readAgain, body in
        var object = reference.value
        if object == nil { return false }
        track { _ = object![keyPath: keyPath] }
        guard readAgain else { return true }
        let value = object![keyPath: keyPath]
        object = nil
        _ = object
        body(value)
        return true
    }
}

/// The signal behind `signal(for:on:)` and `observing(on:_:)`: one observer per subscription.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class ObservationSignal<Value>: Signal<Value>, @unchecked Sendable {
    private let read: ObservationRead<Value>
    private let scheduler: Scheduler?
    private let writer: ChannelWriter?

    /// `read` returns false once the observed object is gone. The changes `writer` makes are
    /// not delivered (a property channel's own writes).
    init(scheduler: Scheduler?, operatorName: String, writer: ChannelWriter? = nil,
         read: @escaping ObservationRead<Value>) {
        precondition(scheduler !== Scheduler.immediate,
                     "\(operatorName): scheduler must not be Scheduler.immediate, which would read the value before the change")
        self.read = read
        self.scheduler = scheduler
        self.writer = writer
        super.init()
    }

    @discardableResult
    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let read = self.read, scheduler = self.scheduler, writer = self.writer
        return Signal.create { subscriber in
            let observer = PropertyObserver(subscriber: subscriber, read: read, scheduler: scheduler, writer: writer)
            observer.start()
            return Disposable { observer.dispose() }
        }.subscribe(subscriber)
    }
}

/// One subscription's observation.
///
/// Each read installs a one-shot Observation tracking and then reads the value again: a
/// change announced after the installation triggers the next read, and one announced before
/// it (while the previous read was running) is caught by the second read, because a setter
/// that is atomic with its getter has finished by then. A change schedules at most one read
/// at a time; the read is what re-arms the tracking, so a burst coalesces into it.
///
/// Lock order: `deliveryLock`, then the model's own lock (inside `read`); the model's lock,
/// then `stateLock` (Observation calls `changed` inside the setter). `stateLock` is never held
/// while reading or delivering.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class PropertyObserver<Value>: Sink, OwnWriteObserver, @unchecked Sendable {
    private let subscriber: any Subscriber<Value>
    private let read: ObservationRead<Value>
    private let givenScheduler: Scheduler?
    private let writer: ChannelWriter?

    private let stateLock = UnfairLock()
    // Guarded by `stateLock`.
    private var isDisposed = false
    private var isReadScheduled = false
    private var pendingRead: Disposable?
    private var backgroundScheduler: Scheduler?

    /// Serializes reads with their deliveries, so that values arrive in the order they were read.
    private let deliveryLock = RecursiveLock()

    init(subscriber: any Subscriber<Value>, read: @escaping ObservationRead<Value>, scheduler: Scheduler?,
         writer: ChannelWriter?) {
        self.subscriber = subscriber
        self.read = read
        self.givenScheduler = scheduler
        self.writer = writer
        super.init()
        writer?.add(self)
    }

    /// Sends the current value, on the subscribing thread (as RAC's initial KVO value).
    func start() {
        deliveryLock.withLock { trackAndRead() }
    }

    func dispose() {
        let pending = stateLock.withLock { () -> Disposable? in
            isDisposed = true
            defer { pendingRead = nil }
            return pendingRead
        }
        pending?.dispose()
    }

    /// Called by Observation on the thread making a change, before the change (or when a
    /// tracked object went away).
    fileprivate func changed(isObjectGone: Bool) {
        // The channel's own write: not delivered; `ownWriteFinished` tracks again.
        if !isObjectGone, let writer, ChannelWriter.current === writer { return }
        let scheduler: Scheduler? = stateLock.withLock {
            guard !isDisposed else { return nil }
            guard !isReadScheduled else { return nil }
            isReadScheduled = true
            if let givenScheduler { return givenScheduler }
            if let current = Scheduler.current { return current }
            if backgroundScheduler == nil {
                backgroundScheduler = Scheduler.background(name: "RACSwift.PropertyObserver")
            }
            return backgroundScheduler
        }
        guard let scheduler else { return }
        // Captured strongly: the block's context is then this object itself, no allocation
        // per change (a weak capture boxes it; A2, Benchmarks/HISTORY.md, "Issue 37: property
        // observation, second pass (helper, 2026-12-02)"). The cycle through `pendingRead`
        // ends when the block runs or is disposed, which `dispose` does, and so does this
        // method when the observer was disposed meanwhile.
        let pending = scheduler.schedule { self.scheduledRead() }
        let isLive = stateLock.withLock { () -> Bool in
            if isDisposed { return false }
            if isReadScheduled { pendingRead = pending }
            return true
        }
        if !isLive { pending?.dispose() }
    }

    /// After a write of the channel this observer belongs to, on the writing thread: the
    /// write used up the tracking, so install it again (the read it makes is not delivered).
    /// `deliveryLock` is not taken: two channels bound to each other write into each other
    /// from their deliveries. A tracking installed by a read that runs meanwhile makes two;
    /// both report the next change, which schedules one read.
    func ownWriteFinished() {
        guard !stateLock.withLock({ isDisposed }) else { return }
        _ = read({ track($0) }, false) { _ in }
    }

    private func scheduledRead() {
        deliveryLock.withLock {
            let isLive = stateLock.withLock { () -> Bool in
                guard !isDisposed else { return false }
                isReadScheduled = false
                pendingRead = nil
                return true
            }
            if isLive { trackAndRead() }
        }
    }

    /// Runs `apply` (a read) inside Observation's tracking, which reports the next change of
    /// what it read to this observer.
    private func track(_ apply: () -> Void) {
        var watcher = ChangeWatcher(self)
        withObservationTracking(apply) { [watcher] in watcher.fire() }
        if SoleReference.isOnlyStrongReference(&watcher) { watcher.disarm() }  // nothing observable was read
    }

    /// Under `deliveryLock`.
    private func trackAndRead() {
        let isLive = read({ track($0) }, true) { value in
            if !stateLock.withLock({ isDisposed }) {
                subscriber.sendNext(value)
            }
        }
        guard isLive else {
            let first = stateLock.withLock { () -> Bool in
                defer { isDisposed = true }
                return !isDisposed
            }
            if first { subscriber.sendCompleted() }
            return
        }
    }
}

/// What a `ChangeWatcher` reports to: a `PropertyObserver` of any value type.
private protocol ChangeReceiver: AnyObject {
    func changed(isObjectGone: Bool)
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension PropertyObserver: ChangeReceiver {}

/// The object the Observation change handler holds: it reports the change, or, when
/// Observation releases it without a change (the registrar of the tracked object went away
/// with the object), reports that the object is gone.
///
/// Not generic: one is made per tracking, that is per change, in `PropertyObserver`'s
/// unspecialized code, where a `ChangeWatcher<Value>` had its metadata looked up at run time
/// each time (A2, about 325 instructions per change; Benchmarks/HISTORY.md, "Issue 37: the
/// per-event workloads").
private final class ChangeWatcher: @unchecked Sendable {
    private weak var observer: (any ChangeReceiver)?
    private let isDone = AtomicFlag()

    init(_ observer: any ChangeReceiver) {
        self.observer = observer
    }

    func fire() {
        guard isDone.set() else { return }
        observer?.changed(isObjectGone: false)
    }

    func disarm() {
        _ = isDone.set()
    }

    deinit {
        if isDone.set() { observer?.changed(isObjectGone: true) }
    }
}
