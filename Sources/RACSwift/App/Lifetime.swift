/// How long something lives, as a signal and a disposable (RAC's `rac_willDeallocSignal` and
/// `rac_deallocDisposable`).
///
/// A `ReactiveObject` has one that ends as it is deinitialized (`object.lifetime`). Linux has
/// no deallocation hook for other classes, so their lifetime is ended by a `Token` the owner
/// stores in a property: when the owner is deinitialized the token goes with it and ends the
/// lifetime. From then on `ended` completes (at once for a subscriber that arrives later) and
/// `disposable` is disposed, so whatever was added to it (subscriptions, clean-up) ends with
/// the owner.
///
/// ```swift
/// final class ViewModel {
///     private let token = Lifetime.Token()
///     var lifetime: Lifetime { token.lifetime }
/// }
/// ```
///
/// `Lifetime.make()` returns a lifetime and its token separately, for an owner that hands the
/// lifetime out and keeps the token private.
public final class Lifetime: @unchecked Sendable {
    /// Disposed when the lifetime ends (RAC's `rac_deallocDisposable`); a disposable added
    /// after that is disposed at once.
    public let disposable = CompoundDisposable()
    // Capacity 0: nothing but the completion is ever sent, and it is replayed to late subscribers.
    private let endedSubject = ReplaySubject<Never>(capacity: 0)

    init() {}

    /// A new lifetime and the token that ends it when the token is deinitialized.
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let lifetime = Lifetime()
        return (lifetime, Token(lifetime))
    }

    /// Completes when the lifetime ends, on the thread that ends it; a subscriber arriving
    /// later gets the completion at once (RAC's `rac_willDeallocSignal`). It never sends a value
    /// or an error.
    public var ended: Signal<Never> { endedSubject }

    /// Whether the lifetime has ended.
    public var hasEnded: Bool { disposable.isDisposed }

    func end() {
        // The disposable goes first: RAC disposes `rac_deallocDisposable` as the object is
        // deallocated, and `rac_willDeallocSignal` completes from that same disposal.
        disposable.dispose()
        endedSubject.sendCompleted()
    }

    /// Ends its lifetime when deinitialized. Keep it in the owner, and nowhere else.
    public final class Token: Sendable {
        /// The lifetime this token ends.
        public let lifetime: Lifetime

        fileprivate init(_ lifetime: Lifetime) {
            self.lifetime = lifetime
        }

        /// A token with a lifetime of its own: the one stored property a class needs for
        /// RAC's `rac_willDeallocSignal` and `rac_deallocDisposable` (`token.lifetime`).
        public convenience init() {
            self.init(Lifetime())
        }

        deinit {
            lifetime.end()
        }
    }
}

extension Signal {
    /// Forwards this signal's events until `lifetime` ends, then completes (RAC's
    /// `takeUntil:object.rac_willDeallocSignal`). A lifetime that has already ended completes
    /// the result at once, without subscribing to this signal.
    public func take(during lifetime: Lifetime) -> Signal<Value> {
        take(until: lifetime.ended)
    }
}
