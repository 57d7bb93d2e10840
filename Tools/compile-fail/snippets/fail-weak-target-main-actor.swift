// expect-error: main actor-isolated property 'status' can not be mutated from a Sendable closure
// Issue 29: the plain weak-target forms run on whichever thread the signal delivers on, so a
// `@MainActor` model's state is out of their reach; it subscribes through
// `onMainActor.subscribeNext(weak:)` (`pass-weak-target-main-actor.swift`).
import RACSwift

@MainActor
final class StatusModel {
    var status = ""
    init(statuses: Signal<String>) {
        statuses.subscribeNext(weak: self) { model, status in model.status = status }
    }
}
