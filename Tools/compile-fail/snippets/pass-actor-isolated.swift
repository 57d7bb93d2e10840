// expect: compiles
// Issue 29: delivery isolated to any actor. The closure's first parameter is `isolated`, so
// it reads and writes the actor's state synchronously, checked by the compiler.
import RACSwift

actor Inventory {
    var counts: [String: Int] = [:]
    var lastError: String?

    func track(_ items: Signal<String>) -> Disposable {
        items.on(self).subscribe(
            next: { inventory, item in inventory.counts[item, default: 0] += 1 },
            error: { inventory, error in inventory.lastError = "\(error)" })
    }
}
