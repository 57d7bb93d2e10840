import Observation

/// A class whose `@Observed` properties are observed synchronously, as KVO observed an
/// Objective-C object (RAC's `RACObserve` on a KVO-compliant property), and which is still an
/// Observation `Observable` (`withObservationTracking` and SwiftUI see every change).
///
/// Subclass ``ReactiveObject`` to get this conformance and a lifetime with no stored property
/// of your own. A class that already has a superclass conforms by storing its center:
///
/// ```swift
/// final class Screen: BaseScreen, SynchronouslyObservable {
///     let observationCenter = ObservationCenter()
///     @Observed var title = ""
/// }
/// ```
///
/// The center must be stored in the object and nowhere else: its deinitialization, with the
/// object's, completes the observations and ends ``ObservationCenter/lifetime``.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public protocol SynchronouslyObservable: Observable, AnyObject, SendableMetatype {
    /// The object's observers and lifetime; stored in the object, created with it.
    var observationCenter: ObservationCenter { get }
}

/// A base class for models whose `@Observed` properties are observed synchronously (see
/// ``SynchronouslyObservable``), with a lifetime that ends as the object is deinitialized
/// (RAC's `rac_willDeallocSignal` and `rac_deallocDisposable`, no stored token needed).
///
/// ```swift
/// final class ViewModel: ReactiveObject {
///     @Observed var active = false
/// }
/// let values = viewModel.signal(for: \.active).subscribeNext { print($0) }
/// // false (the current value, at once)
/// viewModel.active = true
/// // true (at once, on this thread, after the value is stored)
/// ```
///
/// When the object is deinitialized — after the subclass's `deinit` body, while its stored
/// properties are still intact — `lifetime` ends (its disposable is disposed, then `ended`
/// completes), then every observation of its properties completes, on the releasing thread.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
open class ReactiveObject: SynchronouslyObservable {
    /// The object's observers and lifetime.
    public let observationCenter = ObservationCenter()

    /// Creates the object with its observation center.
    public init() {}

    deinit {
        observationCenter.end()
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension SynchronouslyObservable {
    /// How long the object lives: `lifetime.ended` is RAC's `rac_willDeallocSignal` and
    /// `lifetime.disposable` its `rac_deallocDisposable`; both end synchronously, on the thread
    /// that releases the object, as it is deinitialized.
    public var lifetime: Lifetime { observationCenter.lifetime }
}

/// One object's synchronous observers, its Observation registrar and its lifetime (the state
/// behind ``SynchronouslyObservable``). Create one per object and store it in the object only.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class ObservationCenter: @unchecked Sendable {
    /// Announces the `@Observed` properties' accesses and changes to Observation.
    @usableFromInline let registrar = ObservationRegistrar()
    /// Ends when the object is deinitialized.
    public let lifetime = Lifetime()

    // Held while an `@Observed` value is stored (with the property's hook looked up) and while
    // a subscription reads the value it starts from and joins the hook, so that subscribing
    // from any thread is safe against an assignment on another (KVO allowed adding an
    // observer from any thread). Never held while anything is delivered or announced.
    private let lock = UnfairLock()
    // Guarded by `lock` (which makes the dynamic exclusivity check redundant: the class is
    // public, so the optimizer cannot drop it by itself). The hooks live here, not in the
    // property's storage, so that making one writes nothing an assignment writes.
    // Unchecked, measured: the optimizer keeps its dynamic check; A3 +34 %, A4 +14 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var hooks: ContiguousArray<PropertyHookBase> = []
    private var isEnded = false
    /// Assignments so far that found a hook (each `beginDelivery`): a delivery that sees it
    /// move on while it hands a value out knows an observer assigned a property of the object
    /// from inside its delivery. An atomic counter: `send` reads it, without the lock, between
    /// observers. Only `beginDelivery` moves it, under `lock`: a load and a store, no locked
    /// read-modify-write (A3, Benchmarks/HISTORY.md, "Issue 37: property observation, second pass (helper, 2026-12-02)").
    /// The center's, not each hook's, so that a delivery needs no reference to its hook.
    private let assignments = AtomicCounter()

    /// A center for a new object; store it in that object.
    public init() {}

    deinit {
        end()
    }

    /// Ends the lifetime, then completes every observation of the object's properties.
    func end() {
        let ended: ContiguousArray<PropertyHookBase>? = lock.withLock {
            guard !isEnded else { return nil }
            isEnded = true
            defer { hooks = [] }
            return hooks
        }
        guard let ended else { return }
        lifetime.end()
        for hook in ended { hook.objectEnded(self) }
    }

    /// Called by an assignment before it stores the value (Observation's `willSet`, then the
    /// store lock); `endStore(_:_:sending:)` follows. The library's calls, not inlined into
    /// the setter: fewer retains in the caller, and the type metadata they need comes from it.
    @usableFromInline
    func beginStore<Object: SynchronouslyObservable, Member>(_ object: Object, _ storage: KeyPath<Object, Member>) {
        registrar.willSet(object, keyPath: storage)
        lock.lock()
    }

    /// Called by an assignment after it stored `value`: looks the property's hook up and takes
    /// the observers to send to, lets go of the store lock, tells Observation (`didSet`), then
    /// sends `value` to those observers.
    @usableFromInline
    func endStore<Object: SynchronouslyObservable, Value>(
        _ object: Object, _ storage: KeyPath<Object, Observed<Value>>, sending value: Value
    ) {
        guard !hooks.isEmpty, let delivery = beginDelivery(storage) else {
            lock.unlock()
            registrar.didSet(object, keyPath: storage)
            return
        }
        lock.unlock()
        registrar.didSet(object, keyPath: storage)
        let sent = send(value, to: delivery)
        if sent < delivery.observers.count {
            sendLatest(from: sent, to: delivery) { withStoreLock { object[keyPath: storage].value } }
        }
    }

    /// `endStore(_:_:sending:)` for an `@ObservedWeak` storage.
    func endStore<Object: SynchronouslyObservable, Target: AnyObject>(
        _ object: Object, _ storage: KeyPath<Object, ObservedWeak<Target>>, sending value: Target?
    ) {
        let delivery = hooks.isEmpty ? nil : beginDelivery(storage)
        lock.unlock()
        registrar.didSet(object, keyPath: storage)
        if let delivery {
            let sent = send(value, to: delivery)
            if sent < delivery.observers.count {
                sendLatest(from: sent, to: delivery) { withStoreLock { object[keyPath: storage].value } }
            }
        }
    }

    /// Under the store lock, for an assignment of the property `storage` names: the observers
    /// of its hook to send the value to (nil if it has none yet), and the assignment's number.
    ///
    /// The hook is used through an `UnretainedReference`, kept alive by `hooks`: the hooks
    /// only leave that array as the object ends, which cannot happen while one of its
    /// properties is being assigned (the assigning code holds the object), and `beginSend`
    /// writes nothing to it. Read plainly, the hook — or, borrowed from the array, the array —
    /// was retained and released around the hook's lock, whose contended paths the optimizer
    /// cannot see into (A3, 40 instructions per assignment, measured).
    // Always inlined into `endStore`: a call of its own was a frame more per assignment.
    @inline(__always)
    func beginDelivery(_ storage: AnyKeyPath) -> HookDelivery? {
        guard let index = existingHookIndex(storage) else { return nil }
        let assignment = assignments.incrementExclusively()
        return UnretainedReference(hooks[index]).withObject { $0.beginSend(assignment: assignment) }
    }

    /// Sends an assigned value to the observers `beginDelivery` took, on the assigning thread,
    /// and returns how many it sent to: all of them, unless an observer assigned a property of
    /// the object again from inside its delivery. The caller then sends the rest the
    /// property's value as it is now (`sendLatest`), as KVO's observers each read the value
    /// when their notification arrived, so that every observer ends with the value the
    /// property has (issue 38, item 6: a clamping observer before another). (An assignment of
    /// another of the object's properties moves the count too: the rest then get the value
    /// read again, which is the one sent.)
    ///
    /// Written so that, unspecialized (the library's code, called with any `Value`), it asks
    /// the runtime for no type metadata and copies no value: an array of `HookObserver<Value>`
    /// would look that type up at every assignment, and a local copy of the value costs a
    /// value-witness call per observer (A3, measured). Each observer is borrowed from the
    /// delivery's copy of the array: loaded plainly, it was retained and released around its
    /// call (A3, 40 instructions per assignment).
    @inline(__always)
    func send<Value>(_ value: Value, to delivery: HookDelivery) -> Int {
        let observers = delivery.observers
        var index = 0
        while index < observers.count {
            if assignments.value != delivery.assignment { return index }
            observers.withBorrowedElement(at: index) {
                knownClassCast($0, to: HookObserver<Value>.self).valueChanged(value)
            }
            index += 1
        }
        return index
    }

    /// `send`'s rest after a nested assignment: the observers from `index` on, each sent the
    /// property's value read with `current` whenever another assignment came since the last read.
    @inline(never)
    func sendLatest<Value>(from index: Int, to delivery: HookDelivery, current: () -> Value) {
        var seen = assignments.value
        var latest = current()
        for observer in delivery.observers[index...] {
            let now = assignments.value
            if now != seen {
                seen = now
                latest = current()
            }
            knownClassCast(observer, to: HookObserver<Value>.self).valueChanged(latest)
        }
    }

    /// Runs `body` under the store lock: a read there sees no assignment half done.
    func withStoreLock<R>(_ body: () throws -> R) rethrows -> R {
        try lock.withLock(body)
    }

    // Guarded by `lock`. Key path literals are instantiated once per pattern, so the identity
    // test finds the hook but for a key path formed in another module.
    func existingHook(_ storage: AnyKeyPath) -> PropertyHookBase? {
        existingHookIndex(storage).map { hooks[$0] }
    }

    /// The index in `hooks` of `existingHook(_:)`. Guarded by `lock`.
    func existingHookIndex(_ storage: AnyKeyPath) -> Int? {
        if let index = hooks.firstIndex(where: { $0.storageKeyPath === storage }) { return index }
        return hooks.firstIndex(where: { $0.storageKeyPath == storage })
    }

    /// The value `read` reads under the store lock, and the hook of the property `storage`
    /// leads to, made on first use (nil once the object has ended).
    func read<Value, Hook: PropertyHookBase>(
        _ read: () -> Value, hookOf storage: AnyKeyPath, make: () -> Hook
    ) -> (Value, PropertyHookBase?) {
        lock.withLock {
            let value = read()
            if let hook = existingHook(storage) { return (value, hook) }
            guard !isEnded else { return (value, nil) }
            let hook = make()
            hooks.append(hook)
            return (value, hook)
        }
    }
}

/// A property of a ``SynchronouslyObservable`` class that is observed synchronously: each
/// assignment stores the value, announces the change to Observation (`withMutation`), then
/// sends the new value, on the assigning thread, to every `signal(for:)` and channel
/// observing it — one value per assignment, as KVO did.
///
/// ```swift
/// final class Account: ReactiveObject {
///     @Observed var userName = "ada"
/// }
/// ```
///
/// Like a plain stored property, it is not thread-safe by itself: changes made from several
/// threads must not overlap (the signal contract's serialized delivery), as with KVO, and a
/// plain read racing a change on another thread is the caller's to prevent. Subscribing is
/// safe from any thread, as adding a KVO observer was: the value a subscription starts from
/// is read under the lock each assignment stores under, and an assignment made meanwhile is
/// either that value or sent after it.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@propertyWrapper
public struct Observed<Value> {
    @usableFromInline var value: Value

    /// A property with its initial value.
    public init(wrappedValue: Value) {
        value = wrappedValue
    }

    /// Not used: `@Observed` properties are accessed through their class (the enclosing
    /// instance subscript).
    @available(*, unavailable, message: "@Observed is for the properties of a SynchronouslyObservable class")
    public var wrappedValue: Value {
        get { fatalError("@Observed is for the properties of a SynchronouslyObservable class") }
        // swiftlint:disable:next unused_setter_value
        set { fatalError("@Observed is for the properties of a SynchronouslyObservable class") }
    }

    /// Reads or sets the property: a read is announced to Observation (and recorded by an
    /// observation being set up); an assignment is announced to Observation and then sent to
    /// the property's synchronous observers.
    ///
    /// Observation is told of the property by its storage's key path (`storage`, not
    /// `wrapped`), in reads and changes alike: one key path per access instead of two.
    @inlinable
    public static subscript<Object: SynchronouslyObservable>(
        _enclosingInstance object: Object,
        wrapped wrapped: ReferenceWritableKeyPath<Object, Value>,
        storage storage: ReferenceWritableKeyPath<Object, Observed<Value>>
    ) -> Value {
        get {
            object.observationCenter.registrar.access(object, keyPath: storage)
            if let recorder = AccessRecorder.current {
                return recordAccess(object, wrapped: wrapped, storage: storage, recorder: recorder)
            }
            return object[keyPath: storage].value
        }
        set {
            let center = object.observationCenter
            // Observation's willSet and didSet, as its withMutation calls them, but with the
            // store in line: no closure, and the key path literal is applied here, where the
            // optimizer turns it into a plain store.
            center.beginStore(object, storage)
            object[keyPath: storage].value = newValue
            center.endStore(object, storage, sending: newValue)
        }
    }

    /// A read made while an observation records what its key path reads: the value, read
    /// under the center's store lock, and the property's hook, made on first use.
    @usableFromInline
    static func recordAccess<Object: SynchronouslyObservable>(
        _ object: Object, wrapped: ReferenceWritableKeyPath<Object, Value>,
        storage: ReferenceWritableKeyPath<Object, Observed<Value>>, recorder: AccessRecorder
    ) -> Value {
        let center = object.observationCenter
        let (value, hook) = center.read({ object[keyPath: storage].value }, hookOf: storage) {
            PropertyHook<Value>(storageKeyPath: storage)
        }
        if let hook { recorder.record(hook, of: center, wrapped: wrapped) }
        return value
    }
}

/// A weak reference property of a ``SynchronouslyObservable`` class, observed synchronously
/// like ``Observed``; in addition, when the referenced object is itself synchronously
/// observable, its going away is a change to nil (RAC's KVO wrapper does the same for weak
/// properties, so that `RACObserve(a, weakObject.value)` sends nil when the object goes).
///
/// As RAC's wrapper, it watches only the object it refers to now: an assignment of another
/// object (or nil) stops watching the previous one, and so does the owner's going away; the
/// nil is sent once, only if the property still refers to the object as it goes.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@propertyWrapper
public struct ObservedWeak<Target: AnyObject> {
    @usableFromInline weak var value: Target?
    /// The watch on the referenced object's lifetime, if it is synchronously observable:
    /// replaced (and so removed from the previous object's lifetime) when another object is
    /// assigned. Under the owner's store lock.
    var watch: WeakTargetWatch?

    /// A weak property with its initial value.
    public init(wrappedValue: Target?) {
        value = wrappedValue
    }

    /// Not used: `@ObservedWeak` properties are accessed through their class.
    @available(*, unavailable, message: "@ObservedWeak is for the properties of a SynchronouslyObservable class")
    public var wrappedValue: Target? {
        get { fatalError("@ObservedWeak is for the properties of a SynchronouslyObservable class") }
        // swiftlint:disable:next unused_setter_value
        set { fatalError("@ObservedWeak is for the properties of a SynchronouslyObservable class") }
    }

    /// Reads or sets the reference, as ``Observed`` does.
    public static subscript<Object: SynchronouslyObservable>(
        _enclosingInstance object: Object,
        wrapped wrapped: ReferenceWritableKeyPath<Object, Target?>,
        storage storage: ReferenceWritableKeyPath<Object, ObservedWeak<Target>>
    ) -> Target? {
        get {
            let center = object.observationCenter
            center.registrar.access(object, keyPath: storage)
            if let recorder = AccessRecorder.current {
                let (value, hook) = center.read({ object[keyPath: storage].value }, hookOf: storage) {
                    PropertyHook<Target?>(storageKeyPath: storage)
                }
                if let hook { recorder.record(hook, of: center, wrapped: wrapped) }
                return value
            }
            return object[keyPath: storage].value
        }
        set {
            let center = object.observationCenter
            center.beginStore(object, storage)
            object[keyPath: storage].value = newValue
            // One watch per referenced object: kept if the same object is assigned again,
            // replaced otherwise. The replaced one is let go after the store lock (its removal
            // from the old object's lifetime takes that lifetime's lock).
            let replaced = rewatch(object, storage, newValue)
            center.endStore(object, storage, sending: newValue)
            withExtendedLifetime(replaced) {}
        }
    }

    /// Under the store lock: the watch for `target`, made if it is a synchronously observable
    /// object other than the one watched; returns the watch it replaces.
    private static func rewatch<Object: SynchronouslyObservable>(
        _ object: Object, _ storage: ReferenceWritableKeyPath<Object, ObservedWeak<Target>>, _ target: Target?
    ) -> WeakTargetWatch? {
        let current = object[keyPath: storage].watch
        if let target, let current, current.watches(target) { return nil }
        guard let observable = target as? any SynchronouslyObservable else {
            object[keyPath: storage].watch = nil
            return current
        }
        let watch = WeakTargetWatch(target: observable)
        object[keyPath: storage].watch = watch
        let path = UncheckedSendable(storage)
        watch.start(owner: object) { [weak watch] object in
            // The target's end: a change to nil, if the property still refers to it.
            guard let watch else { return }
            object.observationCenter.targetEnded(object, path.value, watch: watch)
        }
        return current
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ObservationCenter {
    /// An `@ObservedWeak` property's target went away: if `watch` is still the property's
    /// (no other object was assigned since), the property has changed to nil — announced to
    /// Observation and sent to its observers, once.
    func targetEnded<Object: SynchronouslyObservable, Target: AnyObject>(
        _ object: Object, _ storage: ReferenceWritableKeyPath<Object, ObservedWeak<Target>>, watch: WeakTargetWatch
    ) {
        let (isCurrent, delivery) = withStoreLock { () -> (Bool, HookDelivery?) in
            guard object[keyPath: storage].watch === watch else { return (false, nil) }
            object[keyPath: storage].watch = nil
            return (true, beginDelivery(storage))
        }
        guard isCurrent else { return }
        registrar.withMutation(of: object, keyPath: storage) {}
        if let delivery {
            let sent = send(Target?.none, to: delivery)
            if sent < delivery.observers.count {
                sendLatest(from: sent, to: delivery) { withStoreLock { object[keyPath: storage].value } }
            }
        }
    }
}

/// An `@ObservedWeak` property's watch on its target's lifetime: one per (property, target),
/// removed from the target's lifetime when it is let go (another object assigned, or the
/// owner gone), so that assignments leave nothing behind in the targets (issue 39, defect 4).
final class WeakTargetWatch: @unchecked Sendable {
    private weak var target: AnyObject?
    /// The target's lifetime disposable and this watch's child in it (set once, in `start`).
    private weak var lifetime: CompoundDisposable?
    private var child: Disposable?

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    init(target: any SynchronouslyObservable) {
        self.target = target
        self.lifetime = target.lifetime.disposable
    }

    func watches(_ object: AnyObject) -> Bool { target === object }

    /// Adds to the target's lifetime a child that calls `ended` with the owner (if still there)
    /// as the target goes away.
    func start<Owner: AnyObject>(owner: Owner, _ ended: @escaping @Sendable (Owner) -> Void) {
        let reference = WeakReference(owner)
        let child = Disposable { if let owner = reference.value { ended(owner) } }
        self.child = child
        lifetime?.add(child)
    }

    deinit {
        if let child, let lifetime { lifetime.remove(child) }
    }
}
