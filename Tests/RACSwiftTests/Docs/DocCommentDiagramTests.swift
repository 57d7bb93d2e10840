import RACSwift
import RACSwiftTesting
import XCTest

/// The marble diagrams in operators' doc comments, checked: each test is one diagram, written
/// with the same strings (`self:` is the receiver, the last line the expected output).
final class DocCommentDiagramTests: RACTestCase {
    func testMerge() {
        let scheduler = TestScheduler()
        scheduler.expectMarbles(scheduler.cold("-a--c|").merge(scheduler.cold("--b--d|")), "-ab-cd|")
    }

    func testCombineLatestWith() {
        let scheduler = TestScheduler()
        let pairs = scheduler.cold("-a---c|").combineLatest(with: scheduler.cold("--x-y|")).map { "\($0)\($1)" }
        scheduler.expectMarbles(pairs, "--1-23|", values: ["1": "ax", "2": "ay", "3": "cy"])
    }

    func testZipWith() {
        let scheduler = TestScheduler()
        let pairs = scheduler.cold("-a-b-c|").zip(with: scheduler.cold("--x--y|")).map { "\($0)\($1)" }
        scheduler.expectMarbles(pairs, "--1--2|", values: ["1": "ax", "2": "by"])
    }

    func testSample() {
        let scheduler = TestScheduler()
        scheduler.expectMarbles(scheduler.cold("-a--b-|").sample(scheduler.cold("--s--s--|")), "--a--b|")
    }

    func testTakeUntilTrigger() {
        let scheduler = TestScheduler()
        scheduler.expectMarbles(scheduler.cold("-a-b-c|").take(until: scheduler.cold("----t|")), "-a-b|")
    }

    func testSwitchToLatest() {
        let scheduler = TestScheduler()
        let outer = scheduler.cold("a-b|", values: ["a": scheduler.cold("-1--2|"), "b": scheduler.cold("--3|")])
        scheduler.expectMarbles(outer.switchToLatest(), "-1--3|")
    }

    func testThrottle() {
        let scheduler = TestScheduler()
        scheduler.expectMarbles(scheduler.cold("-ab----c|").throttle(2, on: scheduler), "----b---(c|)")
    }

    func testDelay() {
        let scheduler = TestScheduler()
        scheduler.expectMarbles(scheduler.cold("-a-b-|").delay(2, on: scheduler), "---a-b-|")
    }

    func testIgnoreValues() {
        let scheduler = TestScheduler()
        scheduler.expectMarbles(scheduler.cold("-a-b-c-|").ignoreValues(), "-------|")
    }
}
