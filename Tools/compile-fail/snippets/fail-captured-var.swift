// expect-error: mutation of captured var 'count' in concurrently-executing code
// Issue 16, example 1: a local counter mutated by a subscriber on a signal that delivers on a
// background scheduler. The closure is @Sendable, so the race is a compile error.
import RACSwift

func countValues(_ numbers: Signal<Int>) {
    var count = 0
    numbers.subscribe(on: Scheduler.background()).subscribeNext { _ in count += 1 }   // compiled and raced; now an error
    print(count)
}
