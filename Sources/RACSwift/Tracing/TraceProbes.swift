import Foundation

// RAC's DTrace probes (RACSignalProvider.d, RACCompoundDisposableProvider.d), kept as probe
// points in the library with pluggable consumers.
//
// The cost when nothing observes: one load of `traceGate` and a predictable branch per
// subscription (in the subscribe entry of the library's signals) and per compound-disposable
// mutation. Nothing per event: a subscription made while tracing is on gets a
// `WrappingSubscriber` between the signal and its subscriber, which fires the event probes;
// one made while it is off has no such link at all (in release builds; debug builds give every
// subscription one, for the serial-delivery check).

/// The probes' on/off state: 0 until `RAC_TRACE` has been read, then 1 (off) or 2 (on).
#if canImport(Darwin)
// Atomic needs macOS 15; the package supports macOS 13 (see Support/Locks.swift). A byte
// written only when an observer is added or removed and read with a plain load: a reader
// that sees the old state misses (or adds) the probes of one subscription, nothing worse.
nonisolated(unsafe) var traceGateState: UInt8 = 0
@inline(__always) private func loadTraceGate() -> UInt8 { traceGateState }
@inline(__always) private func storeTraceGate(_ state: UInt8) { traceGateState = state }
#else
let traceGate = RelaxedByte(0)
@inline(__always) private func loadTraceGate() -> UInt8 { traceGate.load() }
@inline(__always) private func storeTraceGate(_ state: UInt8) { traceGate.store(state) }
#endif

private let traceGateOff: UInt8 = 1

/// Whether the probes fire: one load and a branch, predicted not taken, when tracing is off.
@inline(__always)
var tracingIsOn: Bool {
    let state = loadTraceGate()
    if _fastPath(state == traceGateOff) { return false }
    return TraceCenter.resolve(state)
}

/// RAC's DTrace probes and Instruments templates, for today's tools: the probe observers and
/// the `RAC_TRACE` trace file.
///
/// Probes fire while at least one observer is installed: with `RAC_TRACE=<path>` in the
/// environment, the process writes a Chrome Trace Event file there (Perfetto's UI and
/// `chrome://tracing` open it; `racswift-trace` draws it as an SVG timeline); with
/// `addObserver(_:)`, any observer of one's own. On Apple platforms `SignpostTraceObserver`
/// sends the events to Instruments as signposts. Only subscriptions made while tracing is on
/// are traced. See the "Tracing and Debugging" article.
public enum Tracing {
    /// Whether the probes fire now (an observer is installed, or `RAC_TRACE` is set).
    public static var isEnabled: Bool { tracingIsOn }

    /// Installs `observer`: it receives every probe's event from now on, on the thread of the
    /// event, until the returned disposable is disposed.
    @discardableResult
    public static func addObserver(_ observer: some TraceObserver) -> Disposable {
        let entry = TraceCenter.ObserverEntry(observer)
        TraceCenter.add(entry)
        return Disposable { TraceCenter.remove(entry) }
    }

    /// Writes out what the observers buffered: the `RAC_TRACE` file is complete up to now
    /// when this returns. The file is also flushed periodically and at exit.
    public static func flush() {
        TraceCenter.flushAll()
    }

    /// The path of the trace file the process is writing (`RAC_TRACE`), if any.
    public static var traceFilePath: String? {
        _ = tracingIsOn
        return TraceCenter.fileWriter?.path
    }
}

/// The observers and the on/off decision.
enum TraceCenter {
    final class ObserverEntry: @unchecked Sendable {
        let observer: any TraceObserver
        init(_ observer: any TraceObserver) { self.observer = observer }
    }

    /// Guarded by `lock`.
    private final class State: @unchecked Sendable {
        var observers: [ObserverEntry] = []
        var resolved = false
        var fileWriter: TraceFileWriter?
    }

    private static let lock = NSLock()
    private static let state = State()
    private static let liveDisposableCount = LiveDisposableCount()
    private static let subscriptionIDs = SubscriptionIDs()

    /// The slow side of `tracingIsOn`: reads `RAC_TRACE` the first time.
    @inline(never)
    static func resolve(_ gate: UInt8) -> Bool {
        if gate == 2 { return true }
        lock.lock()
        resolveHoldingLock()
        let on = !state.observers.isEmpty
        lock.unlock()
        return on
    }

    private static func resolveHoldingLock() {
        if state.resolved { return }
        state.resolved = true
        if let path = getenv("RAC_TRACE").map({ String(cString: $0) }), !path.isEmpty {
            if let writer = TraceFileWriter(path: path) {
                state.fileWriter = writer
                state.observers.append(ObserverEntry(writer))
                atexit { TraceCenter.flushAll() }
            } else {
                FileHandle.standardError.write(Data("RACSwift: RAC_TRACE: cannot write '\(path)'\n".utf8))
            }
        }
        storeTraceGate(state.observers.isEmpty ? traceGateOff : 2)
    }

    static var fileWriter: TraceFileWriter? {
        lock.withLock { state.fileWriter }
    }

    static func add(_ entry: ObserverEntry) {
        lock.withLock {
            resolveHoldingLock()
            state.observers.append(entry)
            storeTraceGate(2)
        }
    }

    static func remove(_ entry: ObserverEntry) {
        lock.withLock {
            state.observers.removeAll { $0 === entry }
            storeTraceGate(state.observers.isEmpty ? traceGateOff : 2)
        }
    }

    static func flushAll() {
        let observers = lock.withLock { state.observers }
        for entry in observers { entry.observer.flush() }
    }

    static func emit(_ event: TraceEvent) {
        let observers = lock.withLock { state.observers }
        for entry in observers { entry.observer.observe(event) }
    }

    static func nextSubscriptionID() -> UInt64 { subscriptionIDs.next() }

    /// A number for `signal`, the same for as long as it lives and never given to another:
    /// its address alone may be reused by a signal built after it is freed (the demo's second
    /// query got the first one's freed `retry` signal's address, and its track).
    static func identity(of signal: AnyObject) -> UInt64 { signalIdentities.identity(of: signal) }
    private static let signalIdentities = SignalIdentities()

    /// Applies a change to the process-wide count of live children; returns the new count.
    static func changeLiveDisposables(by delta: Int) -> Int { liveDisposableCount.add(delta) }
}

private final class LiveDisposableCount: @unchecked Sendable {
    private let counter = AtomicCounter()
    func add(_ delta: Int) -> Int { counter.add(delta) }
}

/// Weak references to the traced signals by address, with their numbers. Entries of freed
/// signals are dropped whenever the table has doubled since the last sweep, so a long trace
/// holds about twice the signals alive, not every one ever traced.
private final class SignalIdentities: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: (signal: WeakReference<AnyObject>, identity: UInt64)] = [:]
    private var lastIdentity: UInt64 = 0
    private var sweepAt = 64

    func identity(of signal: AnyObject) -> UInt64 {
        lock.withLock {
            let key = ObjectIdentifier(signal)
            if let entry = entries[key], entry.signal.value === signal { return entry.identity }
            lastIdentity += 1
            entries[key] = (WeakReference(signal), lastIdentity)
            if entries.count >= sweepAt {
                entries = entries.filter { $0.value.signal.value != nil }
                sweepAt = max(64, entries.count * 2)
            }
            return lastIdentity
        }
    }
}

private final class SubscriptionIDs: @unchecked Sendable {
    private let counter = AtomicCounter()
    func next() -> UInt64 { UInt64(counter.add(1)) }
}

// MARK: - The probes

extension CompoundDisposable {
    /// The probe of an addition (`total`: children after it). Called with no lock held.
    @inline(never)
    final func traceAdded(total: Int) {
        let live = TraceCenter.changeLiveDisposables(by: 1)
        TraceCenter.emit(TraceEvent(kind: .disposableAdded, subscription: nil, compound: address, total: total,
                                    liveDisposables: live))
    }

    /// The probe of a removal (`total`: children after it). Called with no lock held.
    @inline(never)
    final func traceRemoved(total: Int) {
        let live = TraceCenter.changeLiveDisposables(by: -1)
        TraceCenter.emit(TraceEvent(kind: .disposableRemoved, subscription: nil, compound: address, total: total,
                                    liveDisposables: live))
    }

    /// The probe of a compound letting go of `count` children at once (disposed, or freed
    /// undisposed).
    @inline(never)
    final func traceLetGo(_ count: Int) {
        let live = TraceCenter.changeLiveDisposables(by: -count)
        TraceCenter.emit(TraceEvent(kind: .compoundDisposed, subscription: nil, compound: address, total: 0,
                                    removed: count, liveDisposables: live))
    }

    private final var address: UInt { UInt(bitPattern: ObjectIdentifier(self)) }
}

#if DEBUG
/// Whether a debug build wraps every subscription for the serial-delivery check: yes, unless the
/// process started with `RACSWIFT_UNWRAPPED=1`. Wrapped, a subscription never takes the paths a
/// release build takes when tracing is off (a subject's own entries, `map` fused into a `create`
/// block's subscriber, combineLatest's inputs that are their subjects' entries), so CI runs the
/// suite a second time unwrapped to test those paths with the debug builds' other checks on.
let debugBuildWrapsSubscriptions = ProcessInfo.processInfo.environment["RACSWIFT_UNWRAPPED"] != "1"
#endif

/// Whether a new subscription gets a `WrappingSubscriber` between the signal and its
/// subscriber: while tracing is on, and always in debug builds, where the wrapper checks the
/// contract's serial delivery (`SerialDeliveryCheck`). In release builds this is
/// `tracingIsOn`: one load and a predicted branch per subscription, nothing per event.
@inline(__always)
var subscriptionsAreWrapped: Bool {
    #if DEBUG
    return debugBuildWrapsSubscriptions || tracingIsOn
    #else
    return tracingIsOn
    #endif
}

extension Signal {
    /// `subscriber` wrapped for tracing and, in debug builds, for the serial-delivery check,
    /// unless it already is for this signal (the wrapped subscription calls `subscribe(_:)`
    /// again with the wrapper). Called when `subscriptionsAreWrapped`.
    @inline(never)
    final func wrapped<S: Subscriber<Value>>(_ subscriber: S) -> WrappingSubscriber<S>? {
        let me = UInt(bitPattern: ObjectIdentifier(self))
        if let wrapper = subscriber as? WrappingSubscriberBase, wrapper.signal == me { return nil }
        let typeName = "\(type(of: self))"
        let signalName = name.isEmpty ? "\(typeName) 0x\(String(me, radix: 16))" : name
        let subscriberName = "\(type(of: subscriber)) 0x\(String(UInt(bitPattern: ObjectIdentifier(subscriber)), radix: 16))"
        var trace: TraceSubscription?
        if tracingIsOn {
            let subscription = TraceSubscription(
                id: TraceCenter.nextSubscriptionID(), signalName: signalName, signal: me, subscriber: subscriberName,
                unnamedType: name.isEmpty ? String(typeName.prefix { $0 != "<" }) : nil,
                identity: TraceCenter.identity(of: self))
            TraceCenter.emit(TraceEvent(kind: .subscribed, subscription: subscription))
            trace = subscription
        }
        #if DEBUG
        let check = SerialDeliveryCheck(signal: signalName, subscriber: subscriberName)
        return WrappingSubscriber(subscriber, signal: me, trace: trace, check: check)
        #else
        return WrappingSubscriber(subscriber, signal: me, trace: trace)
        #endif
    }
}

/// What `wrapped(_:)` looks for: a wrapper, whatever its subscriber's type.
class WrappingSubscriberBase: @unchecked Sendable {
    /// The signal whose subscription this wraps.
    let signal: UInt
    init(signal: UInt) { self.signal = signal }
}

/// The link between a signal and its subscriber while tracing is on (what
/// RACPassthroughSubscriber's probes did: it fires `next`, `error` and `completed` before
/// forwarding each event, and `disposed` when the subscription's disposable is disposed), and
/// in debug builds, where it also checks that the signal delivers serially
/// (`SerialDeliveryCheck`). Release builds give it only to subscriptions made while tracing
/// is on.
final class WrappingSubscriber<Downstream: Subscriber>: WrappingSubscriberBase, Subscriber, @unchecked Sendable {
    typealias Value = Downstream.Value
    private let downstream: Downstream
    private let trace: TraceSubscription?
    #if DEBUG
    private let check: SerialDeliveryCheck
    #endif
    /// Whether the disposal probe is attached. Set by the first `didSubscribe(with:)`, which
    /// the signal calls before any event.
    private var attached = false

    #if DEBUG
    init(_ downstream: Downstream, signal: UInt, trace: TraceSubscription?, check: SerialDeliveryCheck) {
        self.downstream = downstream
        self.trace = trace
        self.check = check
        super.init(signal: signal)
    }
    #else
    init(_ downstream: Downstream, signal: UInt, trace: TraceSubscription?) {
        self.downstream = downstream
        self.trace = trace
        super.init(signal: signal)
    }
    #endif

    func sendNext(_ value: Value) {
        if let trace { TraceCenter.emit(TraceEvent(kind: .next, subscription: trace, value: describeForTrace(value))) }
        #if DEBUG
        check.deliver(.next) { downstream.sendNext(value) }
        #else
        downstream.sendNext(value)
        #endif
    }

    func sendError(_ error: any Error) {
        if let trace { TraceCenter.emit(TraceEvent(kind: .error, subscription: trace, value: describeForTrace(error))) }
        #if DEBUG
        check.deliver(.error) { downstream.sendError(error) }
        #else
        downstream.sendError(error)
        #endif
    }

    func sendCompleted() {
        if let trace { TraceCenter.emit(TraceEvent(kind: .completed, subscription: trace)) }
        #if DEBUG
        check.deliver(.completed) { downstream.sendCompleted() }
        #else
        downstream.sendCompleted()
        #endif
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        if !attached, let trace {
            attached = true
            disposable.add(Disposable {
                TraceCenter.emit(TraceEvent(kind: .disposed, subscription: trace))
            })
        }
        downstream.didSubscribe(with: disposable)
    }
}

/// A value's description for a probe, cut to a readable length. A signal sent as a value (by
/// `map` into a higher-order signal) is described by its name, as RAC's probes describe it,
/// not by its type's generic arguments; an object with no description of its own (`<Type:
/// 0x…>`), alone or in a tuple, by its type's name.
func describeForTrace(_ value: Any) -> String {
    let text = readableDescription(value)
    if text.utf8.count <= 256 { return text }
    return String(text.prefix(255)) + "…"
}

/// Signals of every value type, as one type a value can be cast to.
protocol TraceNamedSignal {
    var traceName: String { get }
}

extension Signal: TraceNamedSignal {
    var traceName: String { name.isEmpty ? String("\(type(of: self))".prefix { $0 != "<" }) : name }
}

private func readableDescription(_ value: Any) -> String {
    if let signal = value as? TraceNamedSignal { return signal.traceName }
    let text = String(describing: value)
    // Only a text that looks like a tuple pays for the reflection.
    if text.hasPrefix("("), Mirror(reflecting: value).displayStyle == .tuple {
        return "(" + Mirror(reflecting: value).children.map { readableDescription($0.value) }.joined(separator: ", ") + ")"
    }
    if text.hasPrefix("<"), text.contains(" 0x") { return "\(type(of: value))" }
    return text
}
