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

    private let lock = UnfairLock()
    // Guarded by `lock`.
    private var hooks: [PropertyHookBase] = []
    private var isEnded = false

    /// A center for a new object; store it in that object.
    public init() {}

    deinit {
        end()
    }

    /// Ends the lifetime, then completes every observation of the object's properties.
    func end() {
        let ended: [PropertyHookBase]? = lock.withLock {
            guard !isEnded else { return nil }
            isEnded = true
            defer { hooks = [] }
            return hooks
        }
        guard let ended else { return }
        lifetime.end()
        for hook in ended { hook.objectEnded(self) }
    }

    /// The hook of the property `storage` leads to, made on first use.
    func hook<Object: SynchronouslyObservable, Value>(
        of object: Object, storage: ReferenceWritableKeyPath<Object, Observed<Value>>
    ) -> PropertyHook<Value>? {
        lock.withLock {
            if let hook = object[keyPath: storage].hook { return hook }
            guard !isEnded else { return nil }
            let hook = PropertyHook<Value>(storageKeyPath: storage)
            object[keyPath: storage].hook = hook
            hooks.append(hook)
            return hook
        }
    }

    func weakHook<Object: SynchronouslyObservable, Target: AnyObject>(
        of object: Object, storage: ReferenceWritableKeyPath<Object, ObservedWeak<Target>>
    ) -> PropertyHook<Target?>? {
        lock.withLock {
            if let hook = object[keyPath: storage].hook { return hook }
            guard !isEnded else { return nil }
            let hook = PropertyHook<Target?>(storageKeyPath: storage)
            object[keyPath: storage].hook = hook
            hooks.append(hook)
            return hook
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
/// threads must not overlap (the signal contract's serialized delivery), as with KVO.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@propertyWrapper
public struct Observed<Value> {
    @usableFromInline var value: Value
    /// The property's observers, made when the property is first observed.
    @usableFromInline var hook: PropertyHook<Value>?

    /// A property with its initial value.
    public init(wrappedValue: Value) {
        value = wrappedValue
        hook = nil
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
    @inlinable
    public static subscript<Object: SynchronouslyObservable>(
        _enclosingInstance object: Object,
        wrapped wrapped: ReferenceWritableKeyPath<Object, Value>,
        storage storage: ReferenceWritableKeyPath<Object, Observed<Value>>
    ) -> Value {
        get {
            object.observationCenter.registrar.access(object, keyPath: wrapped)
            if let recorder = AccessRecorder.current {
                recordAccess(object, wrapped: wrapped, storage: storage, recorder: recorder)
            }
            return object[keyPath: storage].value
        }
        set {
            // One access to the storage stores the value and reads the hook.
            let hook = object.observationCenter.registrar.withMutation(of: object, keyPath: wrapped) {
                object[keyPath: storage].store(newValue)
            }
            if let hook {
                hook.send(newValue)
            }
        }
    }

    @inlinable
    mutating func store(_ newValue: Value) -> PropertyHook<Value>? {
        value = newValue
        return hook
    }

    @usableFromInline
    static func recordAccess<Object: SynchronouslyObservable>(
        _ object: Object, wrapped: ReferenceWritableKeyPath<Object, Value>,
        storage: ReferenceWritableKeyPath<Object, Observed<Value>>, recorder: AccessRecorder
    ) {
        let center = object.observationCenter
        guard let hook = center.hook(of: object, storage: storage) else { return }
        recorder.record(hook, of: center, wrapped: wrapped)
    }
}

/// A weak reference property of a ``SynchronouslyObservable`` class, observed synchronously
/// like ``Observed``; in addition, when the referenced object is itself synchronously
/// observable, its going away is a change to nil (RAC's KVO wrapper does the same for weak
/// properties, so that `RACObserve(a, weakObject.value)` sends nil when the object goes).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@propertyWrapper
public struct ObservedWeak<Target: AnyObject> {
    @usableFromInline weak var value: Target?
    @usableFromInline var hook: PropertyHook<Target?>?

    /// A weak property with its initial value.
    public init(wrappedValue: Target?) {
        value = wrappedValue
        hook = nil
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
            center.registrar.access(object, keyPath: wrapped)
            if let recorder = AccessRecorder.current, let hook = center.weakHook(of: object, storage: storage) {
                recorder.record(hook, of: center, wrapped: wrapped)
            }
            return object[keyPath: storage].value
        }
        set {
            let center = object.observationCenter
            center.registrar.withMutation(of: object, keyPath: wrapped) {
                object[keyPath: storage].value = newValue
            }
            if let target = newValue as? any SynchronouslyObservable {
                // The target's end is this property's change to nil, unless the property has
                // been set to another object since.
                let owner = WeakReference(object)
                let paths = UncheckedSendable((wrapped, storage))
                target.lifetime.disposable.add(Disposable {
                    guard let object = owner.value, object[keyPath: paths.value.1].value == nil else { return }
                    object.observationCenter.registrar.withMutation(of: object, keyPath: paths.value.0) {}
                    object[keyPath: paths.value.1].hook?.send(nil)
                })
            }
            if let hook = object[keyPath: storage].hook {
                hook.send(newValue)
            }
        }
    }
}
