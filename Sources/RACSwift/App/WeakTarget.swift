// Subscriptions that hold their target weakly and hand it to the closure: RAC's
// `rac_liftSelector:withSignals:` and the `@weakify(self)` / `@strongify(self)` subscriptions
// of RAC code, without a `[weak self]` capture.
//
// Why a parameter rather than a capture: a `@Sendable` closure may not capture a non-Sendable
// `self`, weakly or not, so `subscribeNext { [weak self] in ... }` in a plain model class is a
// Swift 6 error that ports used to silence with `@unchecked Sendable` on the model. Here the
// closure captures nothing; the subscription keeps the target in a weak reference and passes
// it in on each event. The target thereby reaches the delivering thread unchecked, as values
// do (see "Signals and Swift Concurrency"); a `@MainActor` target subscribes through
// `onMainActor`, an actor through `on(_:)`, and there the compiler checks the isolation.
//
// Owner diagram: source -> subscription -> WeakTargetSink -(weak)-> target. Nothing points
// back from the target unless it stores the returned disposable, which is what RAC code does
// with `rac_deallocDisposable`; no cycle either way. A synchronously observable target's
// lifetime (owned by the target) holds one subscription to its `ended` signal per weak-target
// subscription, removed when that subscription ends: target -> lifetime -> entry -(weak)->
// subscription.

extension Signal {
    /// Subscribes to values with a closure that receives `target` along with each value,
    /// holding `target` weakly (RAC's `@weakify(self)` … `subscribeNext:^(id x) {
    /// @strongify(self); … }`): `signal.subscribeNext(weak: self) { model, value in
    /// model.update(value) }`.
    ///
    /// The subscription never keeps `target` alive, and ends when `target` goes away without
    /// calling the closure: the subscription is disposed. A ``SynchronouslyObservable`` target
    /// (a ``ReactiveObject``) ends it synchronously as it is deinitialized, on the releasing
    /// thread (RAC's `rac_willDeallocSignal`); any other class has no deallocation hook on
    /// Linux, so the subscription notices at the next event, and ends then (end it sooner with
    /// `take(during:)`). Terminal events end the subscription.
    ///
    /// The closure runs on whichever thread the signal delivers on, and `target` is handed to
    /// it there unchecked, as values are; `@MainActor` targets use
    /// `onMainActor.subscribeNext(weak:_:)`, actors `on(_:)`.
    @discardableResult
    public func subscribeNext<Target: AnyObject>(
        weak target: Target, _ next: @escaping @Sendable (Target, Value) -> Void
    ) -> Disposable {
        subscribe(WeakTargetSink(target: target, next: next, error: nil, completed: nil))
    }

    /// Subscribes with closures for each kind of event that receive `target`, holding `target`
    /// weakly (RAC's `subscribeNext:error:completed:` with `@weakify(self)`). A missing closure
    /// ignores its events. As `subscribeNext(weak:_:)`: the subscription ends, calling
    /// nothing, at a synchronously observable target's deinit, else at the next event after
    /// `target` is gone.
    @discardableResult
    public func subscribe<Target: AnyObject>(
        weak target: Target,
        next: (@Sendable (Target, Value) -> Void)? = nil,
        error: (@Sendable (Target, any Error) -> Void)? = nil,
        completed: (@Sendable (Target) -> Void)? = nil
    ) -> Disposable {
        subscribe(WeakTargetSink(target: target, next: next, error: error, completed: completed))
    }

    /// Calls `body` with `target` and each value, holding `target` weakly (RAC's
    /// `-rac_liftSelector:withSignals:` with one signal). The same subscription as
    /// `subscribeNext(weak:_:)`; the multi-signal forms, on `Signal.combineLatest(_:_:)`, spread
    /// the tuple.
    @discardableResult
    public func lift<Target: AnyObject>(
        into target: Target, _ body: @escaping @Sendable (Target, Value) -> Void
    ) -> Disposable {
        subscribeNext(weak: target, body)
    }

    /// Calls `body` with `target` and the latest value of each signal every time one of them
    /// sends, once all have sent (RAC's `-rac_liftSelector:withSignals:`):
    /// `Signal.combineLatest(name, age).lift(into: self) { $0.show(name: $1, age: $2) }`.
    ///
    /// `target` is held weakly: the subscription never keeps it alive, and ends as a
    /// synchronously observable target (a ``ReactiveObject``) is deinitialized, as RAC's lift
    /// ends at `rac_willDeallocSignal`; any other class has no such hook on Linux, and the
    /// subscription ends at the first event after it is gone. RAC's lift also returns a signal
    /// of the selector's results; here `body` returns
    /// nothing and the result is the subscription's disposable. Errors and completion end the
    /// subscription, as they end RAC's. `body` runs on the thread the last change arrived on;
    /// `@MainActor` targets use `onMainActor.lift(into:_:)`.
    @discardableResult
    public func lift<Target: AnyObject, A, B>(
        into target: Target, _ body: @escaping @Sendable (Target, A, B) -> Void
    ) -> Disposable where Value == (A, B) {
        subscribeNext(weak: target) { target, values in body(target, values.0, values.1) }
    }

    /// `lift(into:_:)` for three signals (`Signal.combineLatest(a, b, c)`).
    @discardableResult
    public func lift<Target: AnyObject, A, B, C>(
        into target: Target, _ body: @escaping @Sendable (Target, A, B, C) -> Void
    ) -> Disposable where Value == (A, B, C) {
        subscribeNext(weak: target) { target, values in body(target, values.0, values.1, values.2) }
    }

    /// `lift(into:_:)` for four signals (`Signal.combineLatest(a, b, c, d)`).
    @discardableResult
    public func lift<Target: AnyObject, A, B, C, D>(
        into target: Target, _ body: @escaping @Sendable (Target, A, B, C, D) -> Void
    ) -> Disposable where Value == (A, B, C, D) {
        subscribeNext(weak: target) { target, values in body(target, values.0, values.1, values.2, values.3) }
    }
}

/// The weak-target subscriber: looks the target up at each event and ends the subscription
/// when it is gone. Events arrive one at a time (the signal contract), so its state needs no
/// lock; the weak reference is the runtime's, safe to read from any thread.
final class WeakTargetSink<Target: AnyObject, Value>: WeakObjectSink<Target>, Subscriber, @unchecked Sendable {
    private let next: ((Target, Value) -> Void)?
    private let error: ((Target, any Error) -> Void)?
    private let completed: ((Target) -> Void)?
    private var isTerminated = false

    init(
        target: Target,
        next: ((Target, Value) -> Void)?,
        error: ((Target, any Error) -> Void)?,
        completed: ((Target) -> Void)?
    ) {
        self.next = next
        self.error = error
        self.completed = completed
        super.init(object: target, endingWithIt: true)
    }

    func sendNext(_ value: Value) {
        if isTerminated { return }
        guard let target = object else { return end() }
        next?(target, value)
    }

    func sendError(_ error: any Error) {
        if isTerminated { return }
        isTerminated = true
        if let target = object { self.error?(target, error) }
    }

    func sendCompleted() {
        if isTerminated { return }
        isTerminated = true
        if let target = object { completed?(target) }
    }

    /// The target is gone: nothing more is delivered, and the source is disposed so that it
    /// stops its work (an interval, a request) rather than feed a subscriber that drops it all.
    private func end() {
        isTerminated = true
        endSubscription()
    }
}

/// The base of the app layer's weak subscribers (`subscribe(weak:)`'s, `setKeyPath`'s): the
/// object held weakly, and the subscription's compound from `didSubscribe(with:)`, which
/// `endSubscription()` disposes once the object is gone or the binding is over.
class WeakObjectSink<Object: AnyObject>: Sink, @unchecked Sendable {
    final weak var object: Object?
    private final var subscription: CompoundDisposable?
    /// The object's lifetime when the subscription ends with it (a synchronously observable
    /// object, `endingWithIt`).
    private final let objectLifetime: Lifetime?

    /// With `endingWithIt`, a synchronously observable `object` ends the subscription as it is
    /// deinitialized (one dynamic cast here, nothing per event).
    init(object: Object, endingWithIt: Bool = false) {
        self.object = object
        if endingWithIt, #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *),
           let observed = object as? any SynchronouslyObservable {
            objectLifetime = observed.lifetime
        } else {
            objectLifetime = nil
        }
    }

    final func didSubscribe(with disposable: CompoundDisposable) {
        subscription = disposable
        guard let objectLifetime else { return }
        // `ended` replays its completion: an object already gone ends the subscription now.
        // The entry leaves the lifetime's subject when the subscription ends first.
        disposable.add(objectLifetime.ended.subscribe(completed: { [weak disposable] in disposable?.dispose() }))
    }

    final func endSubscription() { subscription?.dispose() }
}
