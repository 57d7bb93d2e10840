// expect: compiles
// Issue 29: a `@MainActor` view model's weak-target forms, delivered and run on the main actor.
import RACSwift

@MainActor
final class StatusModel {
    var status = ""
    var summary = ""
    init(statuses: Signal<String>, counts: Signal<Int>) {
        statuses.onMainActor.subscribeNext(weak: self) { model, status in model.status = status }
        Signal.combineLatest(statuses, counts).onMainActor.lift(into: self) { model, status, count in
            model.summary = "\(status) (\(count))"
        }
    }
}
