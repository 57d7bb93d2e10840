import Foundation
import RACSwift
import Tracing

/// Turns traced subscriptions into spans of a swift-distributed-tracing `Tracer`: a trace
/// observer (RACSwift's probe API) for servers, whose traces then show what each request's
/// signals did.
///
/// Each subscription made while the observer is installed is one span, named after the
/// signal, started when the subscription starts, as a child of the `ServiceContext` current
/// then (the task-local context of the code that subscribed; a top-level span without one).
/// Its values are span events (`next`, the value's description under `rac.value`), at most
/// `maxValueEvents` of them; the number left out is the `rac.values.dropped` attribute. The
/// span ends at the subscription's terminal event (completion: status ok; an error: the
/// error recorded, status error) or at its disposal before one (a `disposed` event, the span
/// ending at the disposal's instant; it is handed to the tracer at the disposing thread's
/// next traced event, or at `Tracing.flush()`, because until then a terminal event may still
/// follow the disposal).
///
/// ```swift
/// let observer = SpanTraceObserver(tracer: InstrumentationSystem.tracer)
/// let installed = Tracing.addObserver(observer)
/// // ... subscriptions inside `withSpan("request") { ... }` are its children ...
/// installed.dispose()
/// ```
///
/// The probes call it on the thread of each event, inside the library's locks: the observer
/// only starts, annotates and ends spans under a lock of its own, and the tracer must not
/// subscribe to, send on or dispose signals from those calls.
public final class SpanTraceObserver: TraceObserver, @unchecked Sendable {
    private let tracer: any Tracer
    private let maxValueEvents: Int
    private let includes: @Sendable (TraceSubscription) -> Bool
    private let lock = NSLock()
    /// Guarded by `lock`: the span of each subscription being traced, until it ends.
    private var open: [UInt64: OpenSpan] = [:]
    /// Guarded by `lock`: by thread, the subscriptions disposed there whose spans wait.
    private var disposedOn: [UInt: Set<UInt64>] = [:]

    private struct OpenSpan {
        let span: any Span
        var valueEvents = 0
        var dropped = 0
        /// Set by the disposal probe: the thread and instant of the disposal.
        var disposal: (thread: UInt, instant: DefaultTracerClock.Instant)?
    }

    /// An observer starting its spans with `tracer` (by default the one bootstrapped in
    /// `InstrumentationSystem`), recording at most `maxValueEvents` values per span, for the
    /// subscriptions `includes` accepts (by default all of them).
    ///
    /// - Precondition: `maxValueEvents` is not negative.
    public init(
        tracer: any Tracer = InstrumentationSystem.tracer, maxValueEvents: Int = 32,
        includes: @escaping @Sendable (TraceSubscription) -> Bool = { _ in true }
    ) {
        precondition(maxValueEvents >= 0,
                     "SpanTraceObserver.init(tracer:maxValueEvents:includes:): maxValueEvents must not be negative, got \(maxValueEvents)")
        self.tracer = tracer
        self.maxValueEvents = maxValueEvents
        self.includes = includes
    }

    // The library disposes a subscription before it forwards the terminal event (RAC's
    // order), so the disposal probe comes first either way. A disposed span therefore waits
    // for the next signal event on the disposing thread: its own terminal event, which the
    // terminating thread sends next, or any other event, which says there was none (the span
    // ends as disposed, at the instant of its disposal). `flush()` ends the spans still waiting.

    /// Starts, annotates or ends the span of `event`'s subscription.
    public func observe(_ event: TraceEvent) {
        guard let subscription = event.subscription else { return }
        if event.kind == .subscribed {
            guard includes(subscription) else {
                lock.withLock { endDisposedSpans(on: event.thread, except: nil) }
                return
            }
            // Read here, on the subscribing thread: the task-local context of the subscriber.
            let context = ServiceContext.current ?? .topLevel
            let span = tracer.startSpan(subscription.signalName, context: context, ofKind: .internal)
            span.attributes["rac.signal"] = subscription.signalName
            span.attributes["rac.subscriber"] = subscription.subscriber
            span.attributes["rac.subscription"] = Int64(truncatingIfNeeded: subscription.id)
            lock.withLock {
                endDisposedSpans(on: event.thread, except: nil)
                open[subscription.id] = OpenSpan(span: span)
            }
            return
        }
        lock.withLock {
            if event.kind != .disposed { endDisposedSpans(on: event.thread, except: subscription.id) }
            guard var entry = open[subscription.id] else { return }
            switch event.kind {
            case .next:
                guard entry.disposal == nil else { return }
                if entry.valueEvents < maxValueEvents {
                    entry.valueEvents += 1
                    entry.span.addEvent(SpanEvent(name: "next", attributes: ["rac.value": .string(event.value ?? "")]))
                } else {
                    entry.dropped += 1
                }
                open[subscription.id] = entry
            case .completed:
                entry.span.addEvent("completed")
                entry.span.setStatus(SpanStatus(code: .ok))
                end(subscription.id, entry, at: DefaultTracerClock.now)
            case .error:
                let failure = SignalFailure(description: event.value ?? "")
                entry.span.recordError(failure)
                entry.span.setStatus(SpanStatus(code: .error, message: failure.description))
                end(subscription.id, entry, at: DefaultTracerClock.now)
            case .disposed:
                if entry.disposal == nil {
                    entry.disposal = (event.thread, DefaultTracerClock.now)
                    open[subscription.id] = entry
                    disposedOn[event.thread, default: []].insert(subscription.id)
                }
            case .subscribed, .disposableAdded, .disposableRemoved, .compoundDisposed:
                break
            }
        }
    }

    /// Ends the spans whose subscriptions were disposed with no terminal event after.
    public func flush() {
        lock.withLock { endDisposedSpans(on: nil, except: nil) }
    }

    /// Ends as disposed the spans disposed on `thread` (any thread when nil), but `except`'s.
    /// Called with `lock` held.
    private func endDisposedSpans(on thread: UInt?, except: UInt64?) {
        let waiting = thread.map { disposedOn[$0] ?? [] } ?? disposedOn.values.reduce(into: []) { $0.formUnion($1) }
        for id in waiting where id != except {
            guard let entry = open[id], let disposal = entry.disposal else { continue }
            entry.span.addEvent(SpanEvent(name: "disposed", at: disposal.instant))
            end(id, entry, at: disposal.instant)
        }
    }

    /// Ends a span once. Called with `lock` held.
    private func end(_ id: UInt64, _ entry: OpenSpan, at instant: DefaultTracerClock.Instant) {
        open.removeValue(forKey: id)
        if let thread = entry.disposal?.thread {
            disposedOn[thread]?.remove(id)
            if disposedOn[thread]?.isEmpty == true { disposedOn[thread] = nil }
        }
        if entry.dropped > 0 { entry.span.attributes["rac.values.dropped"] = entry.dropped }
        entry.span.end(at: instant)
    }
}

/// The error a traced subscription sent, as the probes describe it (the error itself stays
/// with the subscriber).
public struct SignalFailure: Error, CustomStringConvertible, Sendable {
    /// The error's description, cut to 256 characters by the probes.
    public let description: String
}
