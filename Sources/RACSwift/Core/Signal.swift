/// A stream of events that starts anew for each subscriber (RACSignal).
///
/// A signal sends any number of values (`next`), then at most one terminal event, `error` or
/// `completed`. Signals are cold: the work behind one runs once per subscription, so two
/// subscribers see two independent runs; share one run with a `Subject` or a
/// `MulticastConnection`.
///
/// The contract every signal and operator keeps (see the RACSwift contract article):
/// events reach a subscriber one at a time; nothing follows a terminal event; subscription
/// goes through `Scheduler.subscription`; termination and disposal release everything the
/// subscription holds; disposal stops the work in progress.
///
/// Subclass it and override `subscribe(_:)` to make a new kind of signal; most code builds
/// signals with `create(_:)` and the operators instead.
open class Signal<Value>: @unchecked Sendable {
    /// A name for debugging (RAC's `name`). Operators name their results only when the
    /// environment variable `RAC_DEBUG_SIGNAL_NAMES` is set.
    public var name: String = ""

    /// Whether `subscribe(next:error:completed:)` and its shorter forms hand their closures to
    /// `subscribeClosures` instead of wrapping them in a `ClosureSubscriber`: true for
    /// `subscribe(on:)` of a constant signal, whose one object per subscription then holds the
    /// closures as well (W11: one object fewer to make, and none but that one to free on the
    /// scheduler's thread).
    // Stored: read at every closure subscription, a dynamic getter cost W6 +0.5% instructions
    // per cycle, the stored flag +0.2% (Benchmarks/HISTORY.md, "Issue 28f"). A `var`, set by that one
    // subclass's initializer, so that every other subclass keeps the implicit `super.init()`;
    // unchecked, since a dynamic exclusivity check would cost more than the getter did.
    // Unchecked, measured: the optimizer keeps its dynamic check; W1 +162 %, R1 +153 % with every
    // such attribute removed (Benchmarks/HISTORY.md, "Issue 39, item 4: the exclusivity attributes, measured").
    @usableFromInline @exclusivity(unchecked) final var subscribesClosures = false

    /// For subclasses, which must override `subscribe(_:)`; a plain `Signal` cannot be
    /// subscribed to.
    public init() {}

    /// Subscribes `subscriber`: it receives `didSubscribe(with:)` and then the events of one
    /// run of this signal. Dispose the result to end the subscription early (RAC's
    /// `-subscribe:`).
    ///
    /// Subclasses override it, and the override must keep the contract for everything
    /// downstream, because the library's single-input operators do not lock: call
    /// `didSubscribe(with:)` before any event, deliver events one at a time (serialize them
    /// if they come from several threads), send nothing after a terminal event or after the
    /// returned disposable is disposed, and run subscription work on `Scheduler.subscription`.
    /// The simple way to get all of that is to forward to a signal made with
    /// `Signal.create(_:)`: `return Signal.create { ... }.subscribe(subscriber)`.
    @discardableResult
    open func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        preconditionFailure("Signal.subscribe(_:) must be overridden by \(type(of: self))")
    }

    /// Subscribes a map's sink (`MapSink`), whose `sendNext` is `step(value, mapSink)`: the
    /// same subscription as `subscribe(mapSink)`, which is what it is but for `create`'s signal,
    /// whose subscriber calls the step itself.
    func subscribe(mapSink: any Subscriber<Value>, step: @escaping (Value, AnyObject) -> Void) -> Disposable {
        subscribe(mapSink)
    }

    /// For a constant signal (`return`, `empty`, `error`): passes its value, if it has one, to
    /// `next` and returns how it then terminates, without subscribing; nil for any other
    /// signal. Operators that subscribe inner signals while `Scheduler.current` is non-nil
    /// (where the constant signal would send synchronously) deliver these events themselves
    /// instead of building a subscription; they check disposal between the value and the
    /// termination, as the constant signal would.
    func deliverConstant(_ next: (Value) -> Void) -> ConstantTermination? {
        nil
    }

    /// Whether `deliverConstant(_:)` delivers (a cheap test before taking a lock for it).
    @usableFromInline var isConstant: Bool { false }

    /// The closure subscription of a signal whose `subscribesClosures` is true: the same
    /// events, disposal and release of the closures as `subscribe(ClosureSubscriber(…))`.
    @usableFromInline
    func subscribeClosures(
        next: consuming ((Value) -> Void)?, error: consuming ((any Error) -> Void)?,
        completed: consuming (() -> Void)?
    ) -> Disposable {
        preconditionFailure("Signal.subscribeClosures must be overridden by \(type(of: self))")
    }

    /// Sets `name` and returns the signal, for chaining (RAC's `-setNameWithFormat:`).
    @discardableResult
    public func setName(_ name: String) -> Self {
        self.name = name
        return self
    }
}

extension Signal: CustomStringConvertible {
    /// The signal's type and debug `name` (RAC's `-description`); operators' debug names
    /// embed it for their signal arguments.
    public var description: String {
        "<\(type(of: self)): name = \(name)>"
    }
}

// The closure-subscribing entry points are inlinable so that the subscriber is allocated in
// the caller's code, with its class metadata cached there for the concrete `Value`, instead
// of a runtime generic metadata lookup per subscription in the library. The closures are
// `consuming` so that they move into the subscriber instead of being copied (a retain and a
// release of their context, each an atomic operation). A signal that holds the closures itself
// (`subscribesClosures`) gets them instead.
extension Signal {
    /// Subscribes with closures for each kind of event (RAC's
    /// `-subscribeNext:error:completed:` and its shorter forms).
    ///
    /// The closures run on whatever thread the signal delivers on, so they are `@Sendable`
    /// (as are every operator's); main-actor code subscribes through `onMainActor` instead.
    @inlinable @discardableResult
    public func subscribe(
        next: consuming (@Sendable (Value) -> Void)? = nil,
        error: consuming (@Sendable (any Error) -> Void)? = nil,
        completed: consuming (@Sendable () -> Void)? = nil
    ) -> Disposable {
        if _slowPath(subscribesClosures) {
            return subscribeClosures(next: consume next, error: consume error, completed: consume completed)
        }
        return subscribe(ClosureSubscriber(next: consume next, error: consume error, completed: consume completed))
    }

    /// Subscribes to values only (RAC's `-subscribeNext:`).
    @inlinable @discardableResult
    public func subscribeNext(_ next: consuming @escaping @Sendable (Value) -> Void) -> Disposable {
        if _slowPath(subscribesClosures) { return subscribeClosures(next: consume next, error: nil, completed: nil) }
        // To a plain subject, the subscription is one object, the subject's entry holding the
        // closure (`NextEntry`), built here where its metadata is cached. A subclass may
        // override `subscribe`, so only the exact class takes this path.
        if type(of: self) == Subject<Value>.self {
            let subject = knownClassCast(self, to: Subject<Value>.self)
            return subject.subscribe(nextEntry: NextEntry(subject: subject, next: consume next))
        }
        return subscribe(NextSubscriber(next: consume next))
    }

    /// Subscribes to errors only (RAC's `-subscribeError:`).
    @inlinable @discardableResult
    public func subscribeError(_ error: consuming @escaping @Sendable (any Error) -> Void) -> Disposable {
        if _slowPath(subscribesClosures) { return subscribeClosures(next: nil, error: consume error, completed: nil) }
        return subscribe(ClosureSubscriber(next: nil, error: consume error, completed: nil))
    }

    /// Subscribes to completion only (RAC's `-subscribeCompleted:`).
    @inlinable @discardableResult
    public func subscribeCompleted(_ completed: consuming @escaping @Sendable () -> Void) -> Disposable {
        if _slowPath(subscribesClosures) { return subscribeClosures(next: nil, error: nil, completed: consume completed) }
        return subscribe(ClosureSubscriber(next: nil, error: nil, completed: consume completed))
    }
}
