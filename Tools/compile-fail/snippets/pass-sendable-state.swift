// expect: compiles
// Plain, non-isolated code keeps RAC's shape: closures capture Sendable state (here a
// lock-protected box) or nothing mutable at all; setKeyPath binds a plain (non-Sendable)
// class's property, whose key path is Sendable.
import Foundation
import RACSwift

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() { lock.withLock { value += 1 } }
}

final class Model {
    var title = ""
}

func wire(_ numbers: Signal<Int>, _ model: Model) -> [Disposable] {
    let counter = Counter()
    return [
        numbers.subscribe(on: Scheduler.background()).subscribeNext { _ in counter.increment() },
        numbers.map { "\($0)" }.setKeyPath(\.title, on: model),
    ]
}
