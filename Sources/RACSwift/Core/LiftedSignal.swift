/// The signal of every operator with one source: each subscription subscribes the source
/// with a sink that `makeSink` builds for the subscriber. An operator is then its public
/// function, which forms `makeSink`, plus its sink.
///
/// `makeSink` is formed where the operator's function is compiled. For the inlinable ones
/// (`map`, `filter`, `scan`) that is the caller's specialized code, so building a sink uses
/// the caller's cached metadata for its concrete type; built here, in generic code, every
/// subscription would look the type up in the runtime's metadata table and instantiate its
/// conformance (about a third of a cold subscribe-and-dispose cycle, W6). The operator's
/// arguments travel as `payload` rather than captured by `makeSink`, so that the closure has
/// no context to allocate and the signal stays one allocation.
///
/// Two kinds of subscription:
/// - `sharing`: the sink joins the source's subscription, which is the whole subscription
///   (stateless and single-input sinks: no disposable of their own);
/// - `owning`: the signal makes the subscription's compound, hands it to the subscriber, then
///   to the sink, which adds the source's subscription to it — for sinks that go on after
///   the source has ended (buffered values, a replacement signal) or that add timers.
@usableFromInline
final class LiftedSignal<Source, Value, Payload>: Signal<Value>, @unchecked Sendable {
    /// Builds the sink of a subscription that is the source's.
    @usableFromInline
    typealias MakeSink = (_ downstream: any Subscriber<Value>, _ payload: Payload) -> any Subscriber<Source>
    /// Builds the sink of a subscription that the signal owns; `subscription` has been given
    /// to `downstream` already.
    @usableFromInline
    typealias MakeOwningSink = (
        _ downstream: any Subscriber<Value>, _ payload: Payload, _ subscription: CompoundDisposable
    ) -> any Subscriber<Source>

    private let source: Signal<Source>
    private let ownsSubscription: Bool
    // Two closures, the unused one a placeholder that is never called, rather than an enum or
    // optionals: a closure in a `let` is called borrowed, where binding an enum's payload
    // copies it (a retain and a release per subscription) and unwrapping an optional
    // reabstracts it (a thunk allocated per subscription) — both seen under callgrind in R5.
    private let makeSink: MakeSink
    private let makeOwningSink: MakeOwningSink
    // Last: a field of generic type has a size known only at run time, so the fields after
    // it would sit at offsets read from the metadata on every access.
    private let payload: Payload

    @usableFromInline
    init(source: Signal<Source>, payload: Payload, ownsSubscription: Bool,
         makeSink: @escaping MakeSink, makeOwningSink: @escaping MakeOwningSink) {
        self.source = source
        self.payload = payload
        self.ownsSubscription = ownsSubscription
        self.makeSink = makeSink
        self.makeOwningSink = makeOwningSink
    }

    /// A signal whose sink shares the source's subscription.
    @inlinable
    convenience init(_ source: Signal<Source>, _ payload: Payload, sink makeSink: @escaping MakeSink) {
        self.init(source: source, payload: payload, ownsSubscription: false, makeSink: makeSink,
                  makeOwningSink: { _, _, _ in preconditionFailure("LiftedSignal: no owning sink") })
    }

    /// A signal that owns its subscription's compound and hands it to the sink.
    @inlinable
    convenience init(_ source: Signal<Source>, _ payload: Payload, owningSink makeSink: @escaping MakeOwningSink) {
        self.init(source: source, payload: payload, ownsSubscription: true,
                  makeSink: { _, _ in preconditionFailure("LiftedSignal: no sharing sink") }, makeOwningSink: makeSink)
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        guard ownsSubscription else { return source.subscribe(makeSink(subscriber, payload)) }
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        source.subscribe(makeOwningSink(subscriber, payload, disposable))
        return disposable
    }

    /// For the debug name.
    @usableFromInline
    var sourceName: String { source.name }
}

// A closure carried as the payload itself is stored in its most general form; when its type
// names a concrete type (`Bool`, `Void`, an index) the sink's field has another form, and
// converting between them allocates a thunk per subscription and adds a call per value. Inside
// these structs the closure keeps the form the sink's field has.

/// A test on values carried to a sink (filter, skip and take's predicates, any/all).
@usableFromInline @frozen
struct Predicate<Value> {
    @usableFromInline let test: (Value) -> Bool

    @inlinable
    init(_ test: @escaping (Value) -> Bool) { self.test = test }
}

/// A block run for each value, carried to a sink (doNext).
@usableFromInline @frozen
struct ValueAction<Value> {
    @usableFromInline let run: (Value) -> Void

    @inlinable
    init(_ run: @escaping (Value) -> Void) { self.run = run }
}

/// The signal of an operator that subscribes its inputs itself (several inputs, or work to
/// schedule first): each subscription runs `subscribe` with the subscriber and the operator's
/// arguments, `payload` (its input signals among them). Like `LiftedSignal`, it keeps an
/// operator to its public function and its sinks, with no `Signal` subclass of its own.
@usableFromInline
final class OperatorSignal<Value, Payload>: Signal<Value>, @unchecked Sendable {
    @usableFromInline
    typealias Subscribe = (_ subscriber: any Subscriber<Value>, _ payload: Payload) -> Disposable

    private let payload: Payload
    private let body: Subscribe

    @usableFromInline
    init(_ payload: Payload, subscribe body: @escaping Subscribe) {
        self.payload = payload
        self.body = body
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        return body(subscriber, payload)
    }
}

/// `OperatorSignal` for an operator of two signals (the two-signal combineLatests): the
/// signals in fields of class type rather than in a tuple payload, which the runtime's generic
/// tuple value witnesses copied when the signal was made and destroyed with it and again
/// after each subscription (R7: about 240 instructions per cycle; Benchmarks/HISTORY.md,
/// "Issue 37: construction, second pass (helper, 2026-12-02)").
@usableFromInline
final class PairOperatorSignal<First, Second, Value>: Signal<Value>, @unchecked Sendable {
    @usableFromInline
    typealias Subscribe = (_ subscriber: any Subscriber<Value>, _ first: Signal<First>, _ second: Signal<Second>) -> Disposable

    private let first: Signal<First>
    private let second: Signal<Second>
    private let body: Subscribe

    @usableFromInline
    init(_ first: Signal<First>, _ second: Signal<Second>, subscribe body: @escaping Subscribe) {
        self.first = first
        self.second = second
        self.body = body
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        return body(subscriber, first, second)
    }
}

/// The lifted signal of `filter`: the predicate in a field of function type rather than in a
/// `LiftedSignal`'s generic payload, whose value-witness calls it would pay at every
/// construction and subscription (about 100 instructions per operator, measured on W6); a
/// field of type `(Source) -> Bool` keeps the form the sink's field has, so nothing is
/// reabstracted per subscription or per value.
@usableFromInline
final class LiftedPredicateSignal<Source, Value>: Signal<Value>, @unchecked Sendable {
    @usableFromInline
    typealias MakeSink = (_ downstream: any Subscriber<Value>, _ predicate: @escaping (Source) -> Bool) -> any Subscriber<Source>

    private let source: Signal<Source>
    private let predicate: (Source) -> Bool
    private let makeSink: MakeSink

    @usableFromInline
    init(source: Signal<Source>, predicate: @escaping (Source) -> Bool, makeSink: @escaping MakeSink) {
        self.source = source
        self.predicate = predicate
        self.makeSink = makeSink
    }

    @inlinable
    convenience init(_ source: Signal<Source>, _ predicate: @escaping (Source) -> Bool, sink makeSink: @escaping MakeSink) {
        self.init(source: source, predicate: predicate, makeSink: makeSink)
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        return source.subscribe(makeSink(subscriber, predicate))
    }

    /// For the debug name.
    @usableFromInline
    var sourceName: String { source.name }
}
