// expect: compiles
// Main-actor code subscribes through onMainActor: the closures and the key path are
// main-actor isolated, and the library delivers them on the main actor.
import RACSwift

@MainActor
final class ViewModel {
    var status = ""
    var count = 0
    var subscriptions: [Disposable] = []

    init(results: Signal<String>) {
        subscriptions.append(results.onMainActor.subscribeNext { self.status = $0 })
        subscriptions.append(results.onMainActor.subscribe(
            next: { _ in self.count += 1 },
            error: { self.status = "failed: \($0)" },
            completed: { self.status += " (done)" }))
        subscriptions.append(results.map { $0.uppercased() }.onMainActor.setKeyPath(\.status, on: self))
    }
}
