import Observation

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension SynchronouslyObservable {
    /// The values of the property at `keyPath`, synchronously, as KVO sent them (RAC's
    /// `RACObserve(object, keyPath)`): the current value at once, then the new value of each
    /// assignment, on the assigning thread, right after the value is stored — one value per
    /// assignment, nothing coalesced. When the object goes away the signal completes, on the
    /// thread that released it, as it is deinitialized.
    ///
    /// `keyPath` may read several `@Observed` / `@ObservedWeak` properties, through other
    /// synchronously observable objects (`\.account?.userName`): an assignment to any of them
    /// re-reads the key path and sends its value, and an `@ObservedWeak` object going away
    /// counts as an assignment of nil. Properties that are not `@Observed` are read but not
    /// observed. The object is held weakly; disposal stops the observation at once.
    ///
    /// With a `scheduler`, each value is delivered on it instead (`deliver(on:)`). Plain
    /// `@Observable` classes have the asynchronous variant, `signal(for:on:)` of `Observable`.
    public func signal<Value>(for keyPath: KeyPath<Self, Value> & Sendable, on scheduler: Scheduler? = nil) -> Signal<Value> {
        let signal = SynchronousPropertySignal(root: self, keyPath: keyPath, writer: nil)
            .named(observationName(self, keyPath))
        guard let scheduler else { return signal }
        return signal.deliver(on: scheduler).named(observationName(self, keyPath))
    }

    /// A two-way terminal for the property at `keyPath` (RAC's `RACChannelTo(object, keyPath)`,
    /// a RACKVOChannel's following terminal), synchronous both ways.
    ///
    /// Its subscribers get the property's current value at once (replayed to each new
    /// subscriber), then each assignment made by anyone but this terminal, synchronously, as
    /// `signal(for:on:)` sends them. Values sent into it are assigned on the sending thread
    /// and not sent back to its subscribers. The object is held weakly; when it goes away the
    /// terminal completes, synchronously, and so does whatever it is bound to.
    public func channelTerminal<Value>(
        for keyPath: ReferenceWritableKeyPath<Self, Value> & Sendable, on scheduler: Scheduler? = nil
    ) -> ChannelTerminal<Value> {
        let reference = WeakReference(self)
        return makeChannelTerminal(keyPath, scheduler: scheduler, map: { $0 }) { value in
            reference.value?[keyPath: keyPath] = value
        }
    }

    /// A two-way terminal for the property at `keyPath` whose nil values assign `nilValue`
    /// (RAC's `RACChannelTo(object, keyPath, nilValue)`); otherwise as
    /// `channelTerminal(for:on:)`.
    public func channelTerminal<Value>(
        for keyPath: ReferenceWritableKeyPath<Self, Value> & Sendable, nilValue: Value
    ) -> ChannelTerminal<Value?> where Value: Sendable {
        let reference = WeakReference(self)
        return makeChannelTerminal(keyPath, scheduler: nil, map: { Optional($0) }) { value in
            reference.value?[keyPath: keyPath] = value ?? nilValue
        }
    }

    /// A two-way terminal for a key path through other objects (RAC's
    /// `RACChannelTo(a, b.value)`), which Swift cannot assign through: `set` assigns a value
    /// sent into the terminal, e.g. `{ $0.b?.value = $1 }`. Observed as `signal(for:on:)`
    /// observes `keyPath`: an intermediate `@ObservedWeak` object going away is a change.
    public func channelTerminal<Value>(
        for keyPath: KeyPath<Self, Value> & Sendable, set: @escaping @Sendable (Self, Value) -> Void
    ) -> ChannelTerminal<Value> {
        let reference = WeakReference(self)
        return makeChannelTerminal(keyPath, scheduler: nil, map: { $0 }) { value in
            if let object = reference.value { set(object, value) }
        }
    }

    private func makeChannelTerminal<Value, Terminal>(
        _ keyPath: KeyPath<Self, Value> & Sendable, scheduler: Scheduler?,
        map: @escaping @Sendable (Value) -> Terminal, write: @escaping @Sendable (Terminal) -> Void
    ) -> ChannelTerminal<Terminal> {
        let channel = Channel<Terminal>()
        let writer = ChannelWriter()
        channel.leadingTerminal.subscribe(PropertyWriteSink(writer: writer, write: write))
        var observation = SynchronousPropertySignal(root: self, keyPath: keyPath, writer: writer).map(map)
        if let scheduler { observation = observation.deliver(on: scheduler) }
        // Subscribed after the writer, so that the current value is on the following terminal
        // when this returns; the subscription is kept by the channel until it ends.
        observation.subscribe(channel.leadingTerminal)
        let property = observedPropertyName(self, keyPath) ?? "\(keyPath)"
        channel.followingTerminal.setName("channelTerminal(\(type(of: self)), \(property))")
        return channel.followingTerminal
    }
}

extension Signal {
    /// This signal, ended as `object` is deinitialized when it is synchronously observable
    /// (its lifetime ends then); else this signal. `setKeyPath` binds through it, so that a
    /// binding to a `ReactiveObject` ends with the object, as RAC's binding ends at its
    /// target's deallocation.
    func ending(with object: AnyObject) -> Signal<Value> {
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *),
           let observed = object as? any SynchronouslyObservable {
            return take(during: observed.lifetime)
        }
        return self
    }
}

/// `RACObserve(Type, \\Type.property)`: the debug name of an observation.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
func observationName<Root: SynchronouslyObservable, Value>(_ object: Root, _ keyPath: KeyPath<Root, Value>) -> String {
    "RACObserve(\(type(of: object)), \(observedPropertyName(object, keyPath) ?? "\(keyPath)"))"
}

/// The signal behind the synchronous `signal(for:on:)` and channels: one observer per
/// subscription.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class SynchronousPropertySignal<Root: SynchronouslyObservable, Value>: Signal<Value>, @unchecked Sendable {
    private let root: WeakReference<Root>
    private let keyPath: KeyPath<Root, Value>
    private let writer: ChannelWriter?

    /// Changes made while `writer` writes (a channel's own assignments) are not sent.
    init(root: Root, keyPath: KeyPath<Root, Value> & Sendable, writer: ChannelWriter?) {
        self.root = WeakReference(root)
        self.keyPath = keyPath
        self.writer = writer
        super.init()
    }

    /// Subscribes at once, on the subscribing thread (KVO's initial value), without going
    /// through `Scheduler.subscription`: the observer sends straight to `subscriber`.
    @discardableResult
    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let subscription = CompoundDisposable()
        subscriber.didSubscribe(with: subscription)
        // RAC completes at once an observation of an object already deallocated.
        guard let object = root.value else {
            subscriber.sendCompleted()
            subscription.dispose()
            return subscription
        }
        let observer = KeyPathObserver(
            root: object, keyPath: keyPath, subscriber: subscriber, subscription: subscription, writer: writer)
        subscription.add(Disposable { observer.dispose() })
        observer.start(object)
        return subscription
    }
}

/// An observation that re-reads its key path when a property it read changes.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
protocol Reevaluating: AnyObject {
    func reevaluate()
    func objectEnded(_ center: ObservationCenter)
}

/// Makes a re-reading observer re-evaluate at each assignment of a property its key path read.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class Trigger<Value>: HookObserver<Value>, @unchecked Sendable {
    private weak var observer: (any Reevaluating)?

    init(_ observer: any Reevaluating) {
        self.observer = observer
    }

    override func valueChanged(_ value: Value) { observer?.reevaluate() }
    override func ended(_ center: ObservationCenter) { observer?.objectEnded(center) }
}

/// One subscription's observation of a key path.
///
/// A key path that reads exactly the one `@Observed` property it names (the common case) is
/// observed directly: this object is in that property's hook and sends each assigned value as
/// it is (no re-read, no allocation). Any other key path is re-read at each assignment of a
/// property it read, and the properties it reads are recorded again by that read.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class KeyPathObserver<Root: SynchronouslyObservable, Value>: HookObserver<Value>, Reevaluating, @unchecked Sendable {
    private let root: WeakReference<Root>
    private let keyPath: KeyPath<Root, Value>
    private let subscriber: any Subscriber<Value>
    /// Disposed by the subscriber or after the terminal event; nothing is sent after that.
    private let subscription: CompoundDisposable
    private let writer: ChannelWriter?
    private let rootCenter: ObjectIdentifier

    /// Set once the first value and everything pending are sent: changes then go straight out.
    /// (Before the lock: read at every change, it stays near the fields a change reads.)
    private let started = AtomicFlag()
    /// Recursive: until the first value is out, the key path is read under it (`start`,
    /// `reevaluate`), and a getter on the path may assign a property the path reads.
    private let lock = RecursiveLock()
    // Guarded by `lock`.
    private var isDone = false
    private var directHook: PropertyHook<Value>?
    private var triggers: [(hook: PropertyHookBase, trigger: AnyObject)] = []
    private var rootEnded: Disposable?
    /// Changes that arrived (from another thread, or from the subscriber's own handling of the
    /// first value) before the first value was sent; sent right after it, in order.
    private var pending: [Value] = []
    /// The thread sending the first value (guarded by `lock`; 0 when none is): a change its
    /// subscriber makes while handling that value is sent at once, nested, as KVO sent it.
    private var startingThread: UInt = 0

    init(root: Root, keyPath: KeyPath<Root, Value>, subscriber: any Subscriber<Value>,
         subscription: CompoundDisposable, writer: ChannelWriter?) {
        self.root = WeakReference(root)
        self.keyPath = keyPath
        self.subscriber = subscriber
        self.subscription = subscription
        self.writer = writer
        self.rootCenter = ObjectIdentifier(root.observationCenter)
        super.init()
    }

    /// Reads the current value, starts observing what it read, and sends the value.
    func start(_ object: Root) {
        var (value, accesses) = AccessRecorder.recording { object[keyPath: keyPath] }
        if accesses.count == 1, let access = accesses.first,
           ObjectIdentifier(access.center) == rootCenter, access.wrapped == keyPath,
           let hook = access.hook as? PropertyHook<Value> {
            // The value is read again as the observer joins the hook, both under the store
            // lock: an assignment made on another thread meanwhile is either in that value or
            // sent to this observer (held back until the first value is out), never lost.
            let joined: Bool
            (value, joined) = access.center.withStoreLock {
                (AccessRecorder.$current.withValue(nil) { object[keyPath: keyPath] }, hook.add(self))
            }
            if joined {
                lock.withLock { directHook = hook }
            }
        } else {
            install(accesses)
            // Read again now that the triggers are in: an assignment made on another thread
            // between the first read and the triggers is in this value. Read under the lock,
            // as a trigger reads and queues its value until the first value is out
            // (`reevaluate`): every change queued before this read is in this value and is
            // dropped; every one queued after it is newer and is sent after it, in order.
            (value, accesses) = lock.withLock {
                let read = AccessRecorder.recording { object[keyPath: keyPath] }
                pending.removeAll()
                return read
            }
            install(accesses)
            // The root's end completes the observation even when the key path reads none of
            // the root's own observed properties.
            let ended = object.lifetime.ended.subscribe(completed: { [weak self] in self?.finish() })
            let keep = lock.withLock { () -> Bool in
                guard !isDone else { return false }
                rootEnded = ended
                return true
            }
            if !keep { ended.dispose() }
        }
        sendFirst(value)
    }

    /// Sends the first value, then the changes that arrived before it, until none is left.
    private func sendFirst(_ value: Value) {
        lock.withLock { startingThread = currentThreadID() }
        if !subscription.isDisposed { subscriber.sendNext(value) }
        while true {
            let batch = lock.withLock { () -> [Value] in
                if pending.isEmpty {
                    _ = started.setExclusively()
                    startingThread = 0
                    return []
                }
                defer { pending = [] }
                return pending
            }
            if batch.isEmpty { return }
            for value in batch where !subscription.isDisposed { subscriber.sendNext(value) }
        }
    }

    /// Sends a change, or keeps it until the first value is out — but for a change made by the
    /// subscriber while it handles the first value with nothing held back before it, which is
    /// sent at once, nested, as KVO did.
    @inline(__always)
    private func send(_ value: Value) {
        if !started.isSet, holdBack(value) { return }
        if subscription.isDisposed { return }
        subscriber.sendNext(value)
    }

    /// `send`'s path before the first value is out: keeps `value` for after it, unless that
    /// value is out meanwhile or this is the subscriber's own change (false: send it now).
    // Out of line: inlined, the lock's code made every change's path save more registers (A3
    // +2 instructions per change).
    @inline(never)
    private func holdBack(_ value: Value) -> Bool {
        lock.withLock { () -> Bool in
            if started.isSet || isSubscribersOwnChange { return false }
            pending.append(value)
            return true
        }
    }

    /// A change made on the thread sending the first value, with nothing held back before it:
    /// the subscriber's own, while it handles that value, sent at once, nested, as KVO did.
    /// Read under `lock`.
    private var isSubscribersOwnChange: Bool {
        pending.isEmpty && startingThread == currentThreadID()
    }

    /// An assignment of the observed property (direct observation).
    // The channel's case out of line, and `send` in line: with the writer's test and task-local
    // read in this frame, every change's path saved more registers and made one call more
    // (A3, measured).
    override func valueChanged(_ value: Value) {
        if writer != nil { return channelValueChanged(value) }
        send(value)
    }

    /// `valueChanged` for a channel's observation: its own assignments are not sent.
    @inline(never)
    private func channelValueChanged(_ value: Value) {
        if let writer, writer.takeOwnChange() { return }
        send(value)
    }

    override func ended(_ center: ObservationCenter) {
        finish()
    }

    /// An assignment of a property the key path read (re-reading observation).
    func reevaluate() {
        if let writer, writer.takeOwnChange() {
            // The channel's own write: not sent, but what the key path reads may have
            // changed (a new intermediate object), so record it again.
            guard let object = root.value else { return finish() }
            let (_, accesses) = AccessRecorder.recording { object[keyPath: keyPath] }
            install(accesses)
            return
        }
        guard let object = root.value else { return finish() }
        if !started.isSet {
            // Until the first value is out, the read and the queuing of its value are one step
            // under the lock, ordered with the first value's own read (see `start`) — unless
            // this is the subscriber's own change while it handles the first value, which goes
            // out at once (`send`).
            let queued = lock.withLock { () -> [AccessRecorder.Access]? in
                if started.isSet || isDone || isSubscribersOwnChange { return nil }
                let (value, accesses) = AccessRecorder.recording { object[keyPath: keyPath] }
                pending.append(value)
                return accesses
            }
            if let queued {
                install(queued)
                return
            }
        }
        // The read, the new triggers and the delivery in one step under the lock: properties
        // of the key path assigned on several threads at once re-read it on each, and their
        // deliveries must not overlap (contract §1; RAC's `-sendNext:` is `@synchronized`),
        // nor go out in another order than their reads (issue 39, defect 3). Recursive, so a
        // subscriber that assigns a property of the path from its delivery gets the nested
        // delivery at once, as KVO sent it.
        lock.withLock {
            let (value, accesses) = AccessRecorder.recording { object[keyPath: keyPath] }
            install(accesses)
            if subscription.isDisposed || isDone { return }
            send(value)
        }
    }

    func objectEnded(_ center: ObservationCenter) {
        // The root's end completes; another object's end drops its hooks (an
        // `@ObservedWeak` reference to it reports the change to nil).
        if ObjectIdentifier(center) == rootCenter { finish() }
    }

    /// Replaces the triggers with triggers on the properties of `accesses`.
    private func install(_ accesses: [AccessRecorder.Access]) {
        var added: [(hook: PropertyHookBase, trigger: AnyObject)] = []
        var seen = Set<ObjectIdentifier>()
        for access in accesses where seen.insert(ObjectIdentifier(access.hook)).inserted {
            if let trigger = access.hook.addTrigger(self) { added.append((access.hook, trigger)) }
        }
        let old = lock.withLock { () -> [(hook: PropertyHookBase, trigger: AnyObject)] in
            if isDone { return added }
            defer { triggers = added }
            return triggers
        }
        for (hook, trigger) in old { hook.removeTrigger(trigger) }
    }

    private func finish() {
        guard stop(), !subscription.isDisposed else { return }
        // Under the lock, after any re-reading delivery in progress on another thread.
        lock.withLock { subscriber.sendCompleted() }
        subscription.dispose()
    }

    func dispose() {
        _ = stop()
    }

    /// Leaves every hook; false if already done.
    private func stop() -> Bool {
        let state = lock.withLock { () -> (PropertyHook<Value>?, [(hook: PropertyHookBase, trigger: AnyObject)], Disposable?)? in
            guard !isDone else { return nil }
            isDone = true
            defer { directHook = nil; triggers = []; rootEnded = nil }
            return (directHook, triggers, rootEnded)
        }
        guard let (direct, triggers, rootEnded) = state else { return false }
        direct?.remove(self)
        for (hook, trigger) in triggers { hook.removeTrigger(trigger) }
        rootEnded?.dispose()
        return true
    }
}
