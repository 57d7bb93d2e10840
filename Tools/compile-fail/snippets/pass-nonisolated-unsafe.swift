// expect: compiles
// The documented opt-out for code that is single-threaded by construction: the captured
// variable is declared nonisolated(unsafe), Swift's own unchecked marker.
import RACSwift

func countSynchronously(_ numbers: Signal<Int>) -> Int {
    nonisolated(unsafe) var count = 0
    numbers.subscribeNext { _ in count += 1 }
    return count
}
