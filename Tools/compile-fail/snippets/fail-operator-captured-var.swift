// expect-error: mutation of captured var 'seen' in concurrently-executing code
// Operators' closures are @Sendable too: doNext runs on whatever thread the signal sends on.
import RACSwift

func track(_ numbers: Signal<Int>) -> Signal<Int> {
    var seen = 0
    return numbers.doNext { _ in seen += 1 }
}
