#if canImport(os)
import Foundation
import os

/// Sends the probes' events to Instruments as signposts: RAC's two Instruments templates
/// rebuilt on today's tools (Apple platforms only).
///
/// Category "Signal Events": each subscription is a signpost interval named `subscription`
/// (begun at subscribe, ended at disposal or its terminal event), with `next`, `error` and
/// `completed` as events inside it carrying the signal's name and the value's description.
/// Category "Disposable Growth": a `live disposables` event with the process-wide count at
/// every change, which Instruments' os_signpost instrument plots. Install it with
/// `Tracing.addObserver(SignpostTraceObserver())`; record with the os_signpost instrument
/// (or a Points of Interest-style custom instrument filtered on the subsystem).
public final class SignpostTraceObserver: TraceObserver, @unchecked Sendable {
    private let events: OSLog
    private let disposables: OSLog

    /// An observer logging under `subsystem` (by default "RACSwift").
    public init(subsystem: String = "RACSwift") {
        events = OSLog(subsystem: subsystem, category: "Signal Events")
        disposables = OSLog(subsystem: subsystem, category: "Disposable Growth")
    }

    /// Emits the signpost of `event`.
    public func observe(_ event: TraceEvent) {
        guard let subscription = event.subscription else {
            os_signpost(.event, log: disposables, name: "live disposables", "%ld", event.liveDisposables)
            return
        }
        let id = OSSignpostID(subscription.id)
        let name = subscription.signalName
        switch event.kind {
        case .subscribed:
            os_signpost(.begin, log: events, name: "subscription", signpostID: id, "%{public}@ by %{public}@",
                        name, subscription.subscriber)
        case .next:
            os_signpost(.event, log: events, name: "next", signpostID: id, "%{public}@: %{public}@", name, event.value ?? "")
        case .error:
            os_signpost(.event, log: events, name: "error", signpostID: id, "%{public}@: %{public}@", name, event.value ?? "")
            os_signpost(.end, log: events, name: "subscription", signpostID: id, "%{public}@ failed", name)
        case .completed:
            os_signpost(.event, log: events, name: "completed", signpostID: id, "%{public}@", name)
            os_signpost(.end, log: events, name: "subscription", signpostID: id, "%{public}@ completed", name)
        case .disposed:
            os_signpost(.end, log: events, name: "subscription", signpostID: id, "%{public}@ disposed", name)
        case .disposableAdded, .disposableRemoved, .compoundDisposed:
            break
        }
    }
}
#endif
