/// The part of a property hook that does not depend on the value's type.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@usableFromInline
class PropertyHookBase: @unchecked Sendable {
    /// The key path of the property's storage (`\Type._name`), which names the property.
    let storageKeyPath: AnyKeyPath

    init(storageKeyPath: AnyKeyPath) {
        self.storageKeyPath = storageKeyPath
    }

    /// The object went away: the observers are told and dropped.
    func objectEnded(_ center: ObservationCenter) {}

    /// Makes `observer` re-evaluate at each change of this property (until removed).
    func addTrigger(_ observer: any Reevaluating) -> AnyObject? { nil }

    func removeTrigger(_ trigger: AnyObject) {}
}

/// The synchronous observers of one property of one object.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@usableFromInline
final class PropertyHook<Value>: PropertyHookBase, @unchecked Sendable {
    private let lock = UnfairLock()
    // Guarded by `lock`; copied out (a retain, no allocation) before each delivery so that an
    // observer may subscribe, dispose or assign again from inside its delivery. Every element
    // is a `HookObserver<Value>`; the array's type does not depend on `Value`, so that the
    // library's unspecialized `send` needs no type metadata looked up at run time. The lock
    // is the exclusivity check: no dynamic one (the class is reachable from inlinable code,
    // so the optimizer cannot drop it by itself).
    // Unchecked, measured: the optimizer keeps its dynamic check; A3 +34 %, A5 +83 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) private var observers: ContiguousArray<HookObserverBase> = []
    private var isEnded = false

    /// Assignments of the property so far that found the hook (each `beginSend`): a send that
    /// sees it move on while it hands a value out knows an observer assigned the property again
    /// from inside its delivery. An atomic counter: `send` reads it, without the lock, between
    /// observers. Only `beginSend` moves it, under `lock`: a load and a store, no locked
    /// read-modify-write (A3, Benchmarks/HISTORY.md, "Issue 37: property observation, second pass (helper, 2026-12-02)").
    private let assignments = AtomicCounter()

    /// For an assignment, under the center's store lock, right after the value is stored: the
    /// observers to send it to. Taken under the store lock — which a subscription holds while
    /// it reads the value it starts from and joins — so that an observer is sent this value
    /// exactly when it joined before the store, and started from an older one (issue 39,
    /// defect 2: taken after the store lock was let go, a subscription made in between was
    /// sent the value it had started from).
    @usableFromInline
    func beginSend() -> HookDelivery {
        lock.lock()
        let delivery = HookDelivery(observers: observers, assignment: assignments.incrementExclusively())
        lock.unlock()
        return delivery
    }

    /// Sends an assigned value to the observers `beginSend` took, on the assigning thread, and
    /// returns how many it sent to: all of them, unless an observer assigned the property again
    /// from inside its delivery. The caller then sends the rest the property's value as it is
    /// now (`sendLatest`), as KVO's observers each read the value when their notification
    /// arrived, so that every observer ends with the value the property has (issue 38, item 6:
    /// a clamping observer before another).
    ///
    /// Written so that, unspecialized (the library's code, called with any `Value`), it asks
    /// the runtime for no type metadata and copies no value: an array of `HookObserver<Value>`
    /// would look that type up at every assignment, and a local copy of the value costs a
    /// value-witness call per observer (A3, measured).
    @usableFromInline
    func send(_ value: Value, to delivery: HookDelivery) -> Int {
        let observers = delivery.observers
        var index = 0
        while index < observers.count {
            if assignments.value != delivery.assignment { return index }
            knownClassCast(observers[index], to: HookObserver<Value>.self).valueChanged(value)
            index += 1
        }
        return index
    }

    /// `send`'s rest after a nested assignment: the observers from `index` on, each sent the
    /// property's value read with `current` whenever another assignment came since the last read.
    @usableFromInline @inline(never)
    func sendLatest(from index: Int, to delivery: HookDelivery, current: () -> Value) {
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

    /// Adds `observer`; false once the object has gone away.
    func add(_ observer: HookObserver<Value>) -> Bool {
        lock.withLock {
            guard !isEnded else { return false }
            observers.append(observer)
            return true
        }
    }

    func remove(_ observer: HookObserver<Value>) {
        lock.withLock {
            if let index = observers.firstIndex(where: { $0 === observer }) { observers.remove(at: index) }
        }
    }

    override func objectEnded(_ center: ObservationCenter) {
        let ended = lock.withLock { () -> ContiguousArray<HookObserverBase> in
            isEnded = true
            defer { observers = [] }
            return observers
        }
        for observer in ended { observer.ended(center) }
    }

    override func addTrigger(_ observer: any Reevaluating) -> AnyObject? {
        let trigger = Trigger<Value>(observer)
        return add(trigger) ? trigger : nil
    }

    override func removeTrigger(_ trigger: AnyObject) {
        if let trigger = trigger as? HookObserver<Value> { remove(trigger) }
    }
}

/// The observers an assignment is sent to, and its number among the property's assignments
/// (`PropertyHook.beginSend`).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@usableFromInline
struct HookDelivery {
    let observers: ContiguousArray<HookObserverBase>
    let assignment: Int
}

/// The part of a hook's observer that does not depend on the value's type.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
class HookObserverBase: @unchecked Sendable {
    func ended(_ center: ObservationCenter) {}
}

/// An observer of one property's assignments.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
class HookObserver<Value>: HookObserverBase, @unchecked Sendable {
    func valueChanged(_ value: Value) {}
}

/// Collects the `@Observed` properties read while an observation evaluates its key path.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@usableFromInline
final class AccessRecorder: @unchecked Sendable {
    @TaskLocal @usableFromInline static var current: AccessRecorder?

    struct Access {
        let hook: PropertyHookBase
        let center: ObservationCenter
        let wrapped: AnyKeyPath
    }

    private let recorded = LockedState<[Access]>([])

    func record(_ hook: PropertyHookBase, of center: ObservationCenter, wrapped: AnyKeyPath) {
        recorded.withLock { $0.append(Access(hook: hook, center: center, wrapped: wrapped)) }
    }

    var accesses: [Access] { recorded.withLock { $0 } }

    /// Runs `body` with its accesses recorded.
    static func recording<R>(_ body: () -> R) -> (R, [Access]) {
        let recorder = AccessRecorder()
        let result = $current.withValue(recorder) { body() }
        return (result, recorder.accesses)
    }
}

/// The name of the `@Observed` property `keyPath` of `object` reads, from its storage's key
/// path (`\Type._name` becomes `\Type.name`); nil when it reads none or several.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
func observedPropertyName<Root: SynchronouslyObservable, Value>(_ object: Root, _ keyPath: KeyPath<Root, Value>) -> String? {
    let (_, accesses) = AccessRecorder.recording { _ = object[keyPath: keyPath] }
    let names = accesses.map { access -> String in
        let described = String(describing: access.hook.storageKeyPath)
        guard let dot = described.lastIndex(of: "."), described[described.index(after: dot)...].hasPrefix("_") else {
            return described
        }
        return String(described[...dot]) + described[described.index(dot, offsetBy: 2)...]
    }
    guard !names.isEmpty else { return nil }
    // A key path through several objects names each property read: \A.b, \B.value.
    return names.joined(separator: " → ")
}
