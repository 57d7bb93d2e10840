// expect-error: loses global actor 'MainActor'
// An explicitly @MainActor closure cannot be passed to the plain form either.
import RACSwift

@MainActor
final class ViewModel {
    var status = ""
    var subscription: Disposable?

    init(results: Signal<String>) {
        subscription = results.subscribeNext { @MainActor in self.status = $0 }
    }
}
