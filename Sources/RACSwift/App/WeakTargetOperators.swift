// The operators RAC code most often calls `self` from — `flattenMap:`, `map:`, `catch:`,
// `then:` — with the object held weakly and handed to the closure: RAC's
// `@weakify(self)` … `@strongify(self)` blocks, usually followed by
// `takeUntil:self.rac_willDeallocSignal`, without a capture of `self`.
//
// Why: a `@Sendable` closure may not capture a non-Sendable `self`, weakly or not, so
// `flattenMap { [weak self] in … }` in a plain class is a Swift 6 error (see WeakTarget.swift
// for the subscription forms, and "Signals and Swift Concurrency"). A service object whose
// state is immutable or locked is better declared `Sendable` and captured as it is; these
// forms are for the objects that cannot be.
//
// The rule once the object is gone is `takeUntil:self.rac_willDeallocSignal`'s: the result
// completes and disposes everything it runs. RAC's bare `@strongify(self)` would instead call
// the block with nil, and a nil signal from `-catch:`'s block leaves the result without a
// terminal event forever; no port wants that. A `ReactiveObject` target ends the result at its
// deinit (`take(during:)` its lifetime); other classes have no deallocation hook on Linux, so
// the result ends at the first event that needs the object after it is gone.
//
// Built from the plain operators, so nothing here is on their hot paths: per value, one weak
// load; per subscription of `map(weak:)` and `flattenMap(weak:)`, one more operator, the
// `catch` that turns the private `TargetGone` into completion (a `ReactiveObject` target adds
// `take(during:)`).

extension Signal {
    /// Sends `transform(target, value)` for each value, holding `target` weakly (RAC's
    /// `@weakify(self)` … `map:^(id x) { @strongify(self); return [self …]; }`):
    /// `ids.map(weak: self) { model, id in model.title(for: id) }`.
    ///
    /// Once `target` is gone the result completes and disposes this signal, as RAC code's
    /// `takeUntil:self.rac_willDeallocSignal` does: at its deinit, on the releasing thread, when
    /// `target` is a ``ReactiveObject`` (any ``SynchronouslyObservable``); for any other class, at
    /// the first value after it is gone, without calling `transform`. Errors and completion
    /// pass through. `transform` runs on the thread that delivered the value, and `target` is
    /// handed to it there unchecked, as values are.
    public func map<Target: AnyObject, U>(
        weak target: Target, _ transform: @escaping @Sendable (Target, Value) -> U
    ) -> Signal<U> {
        let reference = WeakReference(target)
        return tryMap { value -> U in
            guard let target = reference.value else { throw TargetGone() }
            return transform(target, value)
        }
        .completingWhenTargetIsGone(target)
        .named("[\(name)] -map: (weak target)")
    }

    /// Maps each value to a signal with `transform(target, value)` and forwards the values of
    /// all of them, as `flattenMap(_:)`, holding `target` weakly (RAC's `@weakify(self)` …
    /// `flattenMap:^(id x) { @strongify(self); return [self fetch:x]; }`):
    /// `logins.flattenMap(weak: self) { client, login in client.fetchUser(login) }`. A nil
    /// signal counts as an empty one.
    ///
    /// Once `target` is gone the result completes and disposes everything it runs — this
    /// signal and the inner signals — as `takeUntil:self.rac_willDeallocSignal` after RAC's
    /// `flattenMap:` does: at its deinit, on the releasing thread, when `target` is a
    /// ``ReactiveObject``; for any other class, at the first value of this signal after it is
    /// gone, without calling `transform` (inner signals already running keep going until
    /// then). Otherwise it terminates as `flattenMap(_:)`. `transform` runs on the thread that
    /// delivered the value, with `target` handed to it unchecked.
    public func flattenMap<Target: AnyObject, U>(
        weak target: Target, _ transform: @escaping @Sendable (Target, Value) -> Signal<U>?
    ) -> Signal<U> {
        let reference = WeakReference(target)
        return flattenMap { value -> Signal<U>? in
            guard let target = reference.value else { return Signal<U>.error(TargetGone()) }
            return transform(target, value)
        }
        .completingWhenTargetIsGone(target)
        .named("[\(name)] -flattenMap: (weak target)")
    }

    /// Forwards this signal's events; if it fails, subscribes the signal
    /// `handler(target, error)` returns and forwards that one's events instead, as
    /// `catch(_:)`, holding `target` weakly (RAC's `@weakify(self)` …
    /// `catch:^(NSError *error) { @strongify(self); return [self recover:error]; }`).
    ///
    /// Once `target` is gone the result completes and disposes what it runs, as
    /// `takeUntil:self.rac_willDeallocSignal` does: at its deinit when `target` is a
    /// ``ReactiveObject``; for any other class, at the error, which then completes the result
    /// without calling `handler` (RAC's block would return nil there, and its `-catch:` would
    /// never terminate). `handler` runs on the thread that delivered the error.
    public func `catch`<Target: AnyObject>(
        weak target: Target, _ handler: @escaping @Sendable (Target, any Error) -> Signal<Value>
    ) -> Signal<Value> {
        let reference = WeakReference(target)
        return self.catch { error -> Signal<Value> in
            guard let target = reference.value else { return .empty }
            return handler(target, error)
        }
        .endingWithLifetime(of: target)
        .named("[\(name)] -catch: (weak target)")
    }

    /// Ignores this signal's values; when it completes, subscribes the signal `block(target)`
    /// returns and forwards its events, as `then(_:)`, holding `target` weakly (RAC's
    /// `@weakify(self)` … `then:^{ @strongify(self); return [self next]; }`).
    ///
    /// Once `target` is gone the result completes and disposes what it runs, as
    /// `takeUntil:self.rac_willDeallocSignal` does: at its deinit when `target` is a
    /// ``ReactiveObject``; for any other class, at this signal's completion, without calling
    /// `block`. An error from this signal is forwarded and `block` never runs. `block` runs on
    /// the thread that delivered the completion.
    public func then<Target: AnyObject, U>(
        weak target: Target, _ block: @escaping @Sendable (Target) -> Signal<U>
    ) -> Signal<U> {
        let reference = WeakReference(target)
        return then { () -> Signal<U> in
            guard let target = reference.value else { return .empty }
            return block(target)
        }
        .endingWithLifetime(of: target)
        .named("[\(name)] -then: (weak target)")
    }

    /// Turns the `TargetGone` error a weak-target closure raised into completion, and ends the
    /// result with `target`'s lifetime when it has one.
    private func completingWhenTargetIsGone<Target: AnyObject>(_ target: Target) -> Signal<Value> {
        self.catch { error in error is TargetGone ? .empty : .error(error) }
            .endingWithLifetime(of: target)
    }

    /// `take(during: target.lifetime)` for a synchronously observable target (RAC's
    /// `takeUntil:self.rac_willDeallocSignal`); any other class has no deallocation hook.
    private func endingWithLifetime<Target: AnyObject>(of target: Target) -> Signal<Value> {
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *),
           let observed = target as? any SynchronouslyObservable {
            return take(during: observed.lifetime)
        }
        return self
    }
}

/// Raised inside a weak-target operator whose target is gone, and turned into completion
/// before it leaves the operator: no subscriber ever sees it.
private struct TargetGone: Error {}
