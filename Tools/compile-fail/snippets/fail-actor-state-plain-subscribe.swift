// expect-error: actor-isolated property 'counts' can not be mutated from a Sendable closure
// Issue 29: a plain subscription closure is not isolated to the actor, so the compiler keeps
// it out of the actor's state; `items.on(inventory).subscribeNext { inventory, item in ... }`
// (`pass-actor-isolated.swift`) runs it on the actor.
import RACSwift

actor Inventory {
    var counts: [String: Int] = [:]

    func track(_ items: Signal<String>) {
        items.subscribeNext { item in self.counts[item, default: 0] += 1 }
    }
}
