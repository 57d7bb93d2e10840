// expect-error: capture of 'self' with non-Sendable type 'Model?' in a '@Sendable' closure
// Issue 29: the `[weak self]` dance of a RAC port. A plain model class is not Sendable, so a
// @Sendable subscription closure may not capture it, weakly or not; ports used to silence
// this with `@unchecked Sendable` on the model. `pass-weak-target.swift` is the way instead.
import RACSwift

final class Model {
    var name = ""
    init(names: Signal<String>) {
        names.subscribeNext { [weak self] name in self?.name = name }
    }
}
