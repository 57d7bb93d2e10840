import Foundation

extension Signal {
    /// The subscription forms for main-actor code: `signal.onMainActor.subscribeNext { ... }`
    /// reads as RAC's `[[signal deliverOnMainThread] subscribeNext:^{ ... }]` and takes
    /// `@MainActor` closures, which the plain forms (whose closures are `@Sendable`, since they
    /// run on whatever thread the signal delivers on) reject.
    ///
    /// Every event goes through `deliverOnMainThread()`, so it reaches the closure on the main
    /// thread, in order, synchronously when it was already sent there. The closure then runs
    /// isolated to the main actor: in a `@MainActor` view model,
    /// `results.onMainActor.subscribeNext { self.status = $0 }` compiles and always runs on the
    /// main actor. Disposal drops the events not delivered yet.
    ///
    /// Values cross from the signal's thread to the main thread unchecked, whatever their type,
    /// as they do through `deliverOnMainThread()` (see "Signals and Swift Concurrency").
    public var onMainActor: MainActorSubscriptions<Value> {
        MainActorSubscriptions(signal: self)
    }
}

/// A signal's subscription forms for `@MainActor` closures and main-actor key paths, made by
/// `Signal.onMainActor`; see there.
///
/// Each form delivers through `deliverOnMainThread()` and runs the closure with
/// `MainActor.assumeIsolated`; if an event ever reached it off the main thread, the process
/// stops at once with a message naming the form, rather than run main-actor code elsewhere.
public struct MainActorSubscriptions<Value>: Sendable {
    /// The signal the forms subscribe to (through `deliverOnMainThread()`).
    public let signal: Signal<Value>

    init(signal: Signal<Value>) {
        self.signal = signal
    }

    /// Subscribes with main-actor closures for each kind of event (RAC's
    /// `[[signal deliverOnMainThread] subscribeNext:error:completed:]`). A missing closure
    /// ignores its events.
    @discardableResult
    public func subscribe(
        next: (@MainActor (Value) -> Void)? = nil,
        error: (@MainActor (any Error) -> Void)? = nil,
        completed: (@MainActor () -> Void)? = nil
    ) -> Disposable {
        let form: StaticString = "subscribe(next:error:completed:)"
        var onNext: (@Sendable (Value) -> Void)?
        if let next {
            onNext = { value in
                // Values are of any type, as in RAC; this one is handed to the main actor and
                // not used here again.
                nonisolated(unsafe) let value = value
                Self.onMain(form) { next(value) }
            }
        }
        var onError: (@Sendable (any Error) -> Void)?
        if let error {
            onError = { failure in Self.onMain(form) { error(failure) } }
        }
        var onCompleted: (@Sendable () -> Void)?
        if let completed {
            onCompleted = { Self.onMain(form) { completed() } }
        }
        return signal.deliverOnMainThread().subscribe(next: onNext, error: onError, completed: onCompleted)
    }

    /// Subscribes to values with a main-actor closure (RAC's
    /// `[[signal deliverOnMainThread] subscribeNext:]`).
    @discardableResult
    public func subscribeNext(_ next: @escaping @MainActor (Value) -> Void) -> Disposable {
        signal.deliverOnMainThread().subscribeNext { value in
            // As in `subscribe(next:error:completed:)`: handed over, not used again.
            nonisolated(unsafe) let value = value
            Self.onMain("subscribeNext(_:)") { next(value) }
        }
    }

    /// Subscribes to errors with a main-actor closure (RAC's
    /// `[[signal deliverOnMainThread] subscribeError:]`).
    @discardableResult
    public func subscribeError(_ error: @escaping @MainActor (any Error) -> Void) -> Disposable {
        signal.deliverOnMainThread().subscribeError { failure in Self.onMain("subscribeError(_:)") { error(failure) } }
    }

    /// Subscribes to completion with a main-actor closure (RAC's
    /// `[[signal deliverOnMainThread] subscribeCompleted:]`).
    @discardableResult
    public func subscribeCompleted(_ completed: @escaping @MainActor () -> Void) -> Disposable {
        signal.deliverOnMainThread().subscribeCompleted { Self.onMain("subscribeCompleted(_:)") { completed() } }
    }

    /// Subscribes to values with a main-actor closure that receives `target` along with each
    /// value, holding `target` weakly (RAC's `@weakify(self)` … `[[signal
    /// deliverOnMainThread] subscribeNext:^(id x) { @strongify(self); … }]`): in a `@MainActor`
    /// view model, `results.onMainActor.subscribeNext(weak: self) { model, value in
    /// model.status = value }` compiles without `[weak self]`.
    ///
    /// The subscription never keeps `target` alive, and ends without calling `next` when
    /// `target` goes away, as the plain `subscribeNext(weak:_:)` does: at its deinit for a
    /// synchronously observable target (a ``ReactiveObject``), else at the next event (on the
    /// main thread).
    @discardableResult
    public func subscribeNext<Target: AnyObject>(
        weak target: Target, _ next: @escaping @MainActor (Target, Value) -> Void
    ) -> Disposable {
        subscribeWeakly(target, form: "subscribeNext(weak:_:)", next)
    }

    /// Calls the main-actor `body` with `target` and each value, holding `target` weakly (RAC's
    /// `-rac_liftSelector:withSignals:` with one signal, on the main thread). The same
    /// subscription as `subscribeNext(weak:_:)`.
    @discardableResult
    public func lift<Target: AnyObject>(
        into target: Target, _ body: @escaping @MainActor (Target, Value) -> Void
    ) -> Disposable {
        subscribeWeakly(target, form: "lift(into:_:)", body)
    }

    /// Calls the main-actor `body` with `target` and the latest value of each signal every time
    /// one of them sends, once all have sent, on the main thread (RAC's
    /// `-rac_liftSelector:withSignals:`, whose target is usually a view or view controller):
    /// `Signal.combineLatest(name, age).onMainActor.lift(into: self) { $0.show(name: $1, age: $2) }`.
    /// `target` is held weakly, as in `Signal.lift(into:_:)`.
    @discardableResult
    public func lift<Target: AnyObject, A, B>(
        into target: Target, _ body: @escaping @MainActor (Target, A, B) -> Void
    ) -> Disposable where Value == (A, B) {
        subscribeWeakly(target, form: "lift(into:_:)") { target, values in body(target, values.0, values.1) }
    }

    /// `lift(into:_:)` for three signals (`Signal.combineLatest(a, b, c)`).
    @discardableResult
    public func lift<Target: AnyObject, A, B, C>(
        into target: Target, _ body: @escaping @MainActor (Target, A, B, C) -> Void
    ) -> Disposable where Value == (A, B, C) {
        subscribeWeakly(target, form: "lift(into:_:)") { target, values in body(target, values.0, values.1, values.2) }
    }

    /// `lift(into:_:)` for four signals (`Signal.combineLatest(a, b, c, d)`).
    @discardableResult
    public func lift<Target: AnyObject, A, B, C, D>(
        into target: Target, _ body: @escaping @MainActor (Target, A, B, C, D) -> Void
    ) -> Disposable where Value == (A, B, C, D) {
        subscribeWeakly(target, form: "lift(into:_:)") { target, values in
            body(target, values.0, values.1, values.2, values.3)
        }
    }

    /// The weak-target subscriber fed on the main thread; the thread is checked before each
    /// call, as in the other forms.
    private func subscribeWeakly<Target: AnyObject>(
        _ target: Target, form: StaticString, _ next: @escaping @MainActor (Target, Value) -> Void
    ) -> Disposable {
        signal.deliverOnMainThread().subscribe(WeakTargetSink<Target, Value>(
            target: target,
            next: { target, value in
                // Both were brought to the main thread by `deliverOnMainThread()` and are used
                // there only; the target is the caller's, unchecked as values are.
                nonisolated(unsafe) let target = target, value = value
                Self.onMain(form) { next(target, value) }
            },
            error: nil, completed: nil))
    }

    /// Binds the signal to `keyPath` of `object` on the main actor: each value is assigned on
    /// the main thread (RAC's `[[signal deliverOnMainThread] setKeyPath:onObject:]`). Use it for
    /// the properties of a `@MainActor` type, whose key paths the plain `setKeyPath(_:on:)`
    /// rejects. Otherwise as `setKeyPath(_:on:)`: `object` is held weakly, completion or an
    /// error (reported on standard error) ends the binding.
    @discardableResult
    public func setKeyPath<Root: AnyObject>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root
    ) -> Disposable {
        bind(keyPath, on: object) { $0 }
    }

    /// `setKeyPath(_:on:)` for optional values and a non-optional property, assigning
    /// `nilValue` for nil (RAC's `-setKeyPath:onObject:nilValue:`).
    @discardableResult
    public func setKeyPath<Root: AnyObject, T>(
        _ keyPath: ReferenceWritableKeyPath<Root, T>, on object: Root, nilValue: T
    ) -> Disposable where Value == T? {
        // The nil value is assigned on the main thread only, like every value.
        nonisolated(unsafe) let nilValue = nilValue
        return bind(keyPath, on: object) { $0 ?? nilValue }
    }

    /// `setKeyPath(_:on:)` for optional values and an optional property, assigning `nilValue`
    /// in place of nil (RAC's `-setKeyPath:onObject:nilValue:`).
    @discardableResult
    public func setKeyPath<Root: AnyObject, T>(
        _ keyPath: ReferenceWritableKeyPath<Root, T?>, on object: Root, nilValue: T?
    ) -> Disposable where Value == T? {
        // As above: assigned on the main thread only.
        nonisolated(unsafe) let nilValue = nilValue
        return bind(keyPath, on: object) { $0 ?? nilValue }
    }

    /// The binding's subscriber (the plain binding's), fed on the main thread; the conversion
    /// runs just before each assignment, so it is where the thread is checked.
    private func bind<Root: AnyObject, Property>(
        _ keyPath: ReferenceWritableKeyPath<Root, Property>, on object: Root,
        convert: @escaping (Value) -> Property
    ) -> Disposable {
        let source = signal.deliverOnMainThread()
        return source.subscribe(KeyPathBindingSink(object: object, keyPath: keyPath, signalName: signal.name) { value in
            Self.checkMainThread("setKeyPath(_:on:)")
            return convert(value)
        })
    }

    /// Runs `body` isolated to the main actor, where `deliverOnMainThread()` has brought the
    /// event; stops the process, naming `form`, if it is not on the main thread after all.
    private static func onMain(_ form: StaticString, _ body: @MainActor () -> Void) {
        checkMainThread(form)
        MainActor.assumeIsolated(body)
    }

    private static func checkMainThread(_ form: StaticString) {
        precondition(Thread.isMainThread, "Signal.onMainActor.\(form): an event reached the main-actor closure off the main thread")
    }
}
