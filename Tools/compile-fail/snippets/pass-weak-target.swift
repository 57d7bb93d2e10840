// expect: compiles
// Issue 29: the weak-target forms. A plain, non-Sendable model subscribes with the closure
// receiving the model as a parameter; nothing captures `self`, no `[weak self]`, no
// `@unchecked Sendable`. `lift(into:)` is RAC's `rac_liftSelector:withSignals:`.
import RACSwift

final class ProfileModel {
    var name = ""
    var summary = ""
    var failures: [String] = []

    init(name: Signal<String>, age: Signal<Int>) {
        name.subscribeNext(weak: self) { model, name in model.name = name }
        Signal.combineLatest(name, age).lift(into: self) { $0.show(name: $1, age: $2) }
        age.subscribe(weak: self, next: { _, _ in }, error: { model, error in model.failures.append("\(error)") })
    }

    func show(name: String, age: Int) { summary = "\(name), \(age)" }
}
