// expect-error: main actor-isolated property 'status' can not be mutated from a Sendable closure
// Issue 16, example 2: a @MainActor view model subscribing with the plain form. The closure
// is @Sendable and nonisolated, so touching main-actor state is a compile error.
import RACSwift

@MainActor
final class ViewModel {
    var status = ""
    var subscription: Disposable?

    init(results: Signal<String>) {
        subscription = results.subscribeNext { self.status = $0 }
    }
}
