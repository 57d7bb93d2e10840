import Dispatch

/// What the probes report. An observer installed with `Tracing.addObserver(_:)` receives
/// each one synchronously, on the thread where it happened.
///
/// RAC's DTrace probes: `RACSignal:::next`, `:::error` and `:::completed` (here `next`,
/// `error`, `completed`, with the signal's name, the subscriber and the value's description),
/// `RACCompoundDisposable:::added` and `:::removed` (here `disposableAdded` and
/// `disposableRemoved`, with the compound's new total); RACSwift adds `subscribed`,
/// `disposed` and `compoundDisposed`, which the trace's subscription slices and the
/// live-disposable counter need.
public struct TraceEvent: Sendable {
    /// What happened.
    public enum Kind: String, Sendable, CaseIterable {
        /// A subscriber subscribed to a signal (the start of a subscription).
        case subscribed
        /// The signal sent a value to the subscriber; `value` describes it.
        case next
        /// The signal sent an error; `value` describes it.
        case error
        /// The signal completed.
        case completed
        /// The subscription's disposable was disposed (by its owner, or by the library after
        /// a terminal event — RAC disposes a subscription when it terminates).
        case disposed
        /// A disposable was added to a compound disposable; `total` is the compound's new count.
        case disposableAdded
        /// A disposable was removed from a compound disposable; `total` is the compound's new count.
        case disposableRemoved
        /// A compound disposable was disposed (or freed undisposed) and let go of its
        /// children; `total` is 0 and `removed` how many it held.
        case compoundDisposed
    }

    /// What happened.
    public let kind: Kind
    /// When: nanoseconds of the monotonic clock (`DispatchTime.now().uptimeNanoseconds`).
    public let timestamp: UInt64
    /// The thread it happened on: a number distinct among the threads alive at once (on Linux
    /// the address of a byte of its thread storage, on Apple platforms its `pthread_self()`).
    public let thread: UInt
    /// The subscription, for the signal events (`subscribed` to `disposed`); nil for the
    /// compound-disposable events.
    public let subscription: TraceSubscription?
    /// The description of the value (`next`) or the error (`error`), cut to 256 characters.
    public let value: String?
    /// The compound disposable's address, for the compound-disposable events (0 otherwise).
    public let compound: UInt
    /// The compound's number of children after the change (compound-disposable events).
    public let total: Int
    /// How many children the compound let go of (`compoundDisposed`), else 0.
    public let removed: Int
    /// Children held by all compound disposables not yet disposed, process-wide, counted
    /// since tracing turned on ("Disposable Growth": a number that keeps rising is a leak).
    public let liveDisposables: Int

    init(kind: Kind, subscription: TraceSubscription?, value: String? = nil, compound: UInt = 0,
         total: Int = 0, removed: Int = 0, liveDisposables: Int = 0) {
        self.kind = kind
        self.timestamp = DispatchTime.now().uptimeNanoseconds
        self.thread = currentThreadID()
        self.subscription = subscription
        self.value = value
        self.compound = compound
        self.total = total
        self.removed = removed
        self.liveDisposables = liveDisposables
    }
}

/// One traced subscription: which signal, which subscriber.
public struct TraceSubscription: Sendable, Hashable {
    /// Unique within the process, in the order subscriptions started.
    public let id: UInt64
    /// The signal's `name`, or its type and address when it has none (RAC's probes pass
    /// the name; operators name their results when `RAC_DEBUG_SIGNAL_NAMES` or `RAC_TRACE`
    /// is set).
    public let signalName: String
    /// The signal's address (with `signalName`, what tells two live signals of one name
    /// apart; a signal built after this one is freed may get the same address).
    public let signal: UInt
    /// The subscriber's type and address (RAC's probes pass its description).
    public let subscriber: String
    /// The signal's type, without its generic arguments, when the signal has no `name`: the
    /// trace file names such a track after it and a number ("Subject #1"), not an address.
    var unnamedType: String?
    /// Tells the signal from any other of this process, also one built later at its address
    /// (what the trace file's tracks are keyed by).
    var identity: UInt64 = 0
}

/// Receives the probes' events (what RAC's DTrace scripts and Instruments templates did).
///
/// Called synchronously on the thread of the event, possibly inside the library's locks:
/// an observer records and returns. It must not subscribe, send or dispose (that would fire
/// probes from inside a probe), and should hand slow work (I/O) to another thread, as the
/// `RAC_TRACE` file writer does.
public protocol TraceObserver: AnyObject, Sendable {
    /// One probe's event.
    func observe(_ event: TraceEvent)
    /// Writes out whatever the observer has buffered (`Tracing.flush()`); by default nothing.
    func flush()
}

extension TraceObserver {
    /// Nothing to write out.
    public func flush() {}
}
