// expect-error: does not conform to the 'Sendable' protocol
// A binding to a main-actor property through the plain setKeyPath, which assigns on the
// signal's thread: its key path is not Sendable, so the call is a compile error.
import RACSwift

@MainActor
final class ViewModel {
    var status = ""
    var binding: Disposable?

    init(results: Signal<String>) {
        binding = results.setKeyPath(\.status, on: self)
    }
}
