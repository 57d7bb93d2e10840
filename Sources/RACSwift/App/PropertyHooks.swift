/// The synchronous observers of one property of one object, but for what depends on the
/// value's type (`PropertyHook`): an assignment takes its observers through this base, with no
/// cast and no type metadata.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@usableFromInline
class PropertyHookBase: @unchecked Sendable {
    /// The key path of the property's storage (`\Type._name`), which names the property.
    let storageKeyPath: AnyKeyPath

    fileprivate let lock = UnfairLock()
    // Guarded by `lock`; copied out (a retain, no allocation) before each delivery so that an
    // observer may subscribe, dispose or assign again from inside its delivery. Every element
    // is a `HookObserver<Value>` of the subclass's `Value`; the array's type does not depend on
    // it, so that the library's unspecialized delivery needs no type metadata looked up at run
    // time. The lock is the exclusivity check: no dynamic one (the class is reachable from
    // inlinable code, so the optimizer cannot drop it by itself).
    // Unchecked, measured: the optimizer keeps its dynamic check; A3 +34 %, A5 +83 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @exclusivity(unchecked) fileprivate var observers: ContiguousArray<HookObserverBase> = []
    fileprivate var isEnded = false

    init(storageKeyPath: AnyKeyPath) {
        self.storageKeyPath = storageKeyPath
    }

    /// For an assignment, under the center's store lock, right after the value is stored: the
    /// observers to send it to, with the assignment's number (the center's count, moved by the
    /// caller under the store lock). Taken under the store lock — which a subscription holds
    /// while it reads the value it starts from and joins — so that an observer is sent this
    /// value exactly when it joined before the store, and started from an older one (issue 39,
    /// defect 2: taken after the store lock was let go, a subscription made in between was
    /// sent the value it had started from).
    @inline(__always)
    final func beginSend(assignment: Int) -> HookDelivery {
        lock.lock()
        let delivery = HookDelivery(observers: observers, assignment: assignment)
        lock.unlock()
        return delivery
    }

    /// The object went away: the observers are told and dropped.
    final func objectEnded(_ center: ObservationCenter) {
        let ended = lock.withLock { () -> ContiguousArray<HookObserverBase> in
            isEnded = true
            defer { observers = [] }
            return observers
        }
        for observer in ended { observer.ended(center) }
    }

    /// Makes `observer` re-evaluate at each change of this property (until removed).
    func addTrigger(_ observer: any Reevaluating) -> AnyObject? { nil }

    func removeTrigger(_ trigger: AnyObject) {}
}

/// The synchronous observers of one property of one object.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@usableFromInline
final class PropertyHook<Value>: PropertyHookBase, @unchecked Sendable {
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

    override func addTrigger(_ observer: any Reevaluating) -> AnyObject? {
        let trigger = Trigger<Value>(observer)
        return add(trigger) ? trigger : nil
    }

    override func removeTrigger(_ trigger: AnyObject) {
        if let trigger = trigger as? HookObserver<Value> { remove(trigger) }
    }
}

/// The observers an assignment is sent to, and its number among the object's assignments
/// that found observers (`ObservationCenter.beginDelivery`).
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
