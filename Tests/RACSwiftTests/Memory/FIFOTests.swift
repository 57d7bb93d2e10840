@testable import RACSwift
import XCTest

/// `FIFO`, the queue behind takeLast, the merge point's waiting signals, `ReplaySubject` and a
/// scheduler's outstanding work: first in, first out across the reclaiming of its consumed
/// prefix, and an element released as soon as it is removed (contract §9).
final class FIFOTests: RACTestCase {
    private final class Tracked {
        let id: Int
        let released: Fixture.Log<Int>
        init(_ id: Int, _ released: Fixture.Log<Int>) { self.id = id; self.released = released }
        deinit { released.append(id) }
    }

    func testElementsComeOutInTheOrderTheyWentInAcrossReclaiming() {
        var queue = FIFO<Int>()
        var expected: [Int] = []
        var taken: [Int] = []
        var next = 0
        // Uneven rounds that keep the queue long enough for its consumed prefix to be reclaimed.
        for round in 0..<60 {
            for _ in 0..<(round % 7 + 3) { queue.append(next); expected.append(next); next += 1 }
            for _ in 0..<(round % 4 + 1) where !queue.isEmpty { taken.append(queue.removeFirst()) }
            XCTAssertEqual(queue.count, expected.count - taken.count)
            XCTAssertEqual(queue.first, expected[taken.count])
            XCTAssertEqual(Array(queue.elements), Array(expected[taken.count...]))
        }
        while !queue.isEmpty { taken.append(queue.removeFirst()) }
        XCTAssertEqual(taken, expected)
        XCTAssertNil(queue.first)
        XCTAssertEqual(queue.count, 0)
    }

    func testEmptiedQueueKeepsWorking() {
        var queue = FIFO<Int>()
        for value in 0..<3 {
            queue.append(value)
            XCTAssertEqual(queue.removeFirst(), value)
            XCTAssertTrue(queue.isEmpty)
        }
        queue.append(7)
        queue.append(8)
        queue.removeAll()
        XCTAssertTrue(queue.isEmpty)
        queue.append(9)
        XCTAssertEqual(Array(queue.elements), [9])
    }

    func testARemovedElementIsReleasedAtOnce() {
        let released = Fixture.Log<Int>()
        var queue = FIFO<Tracked>()
        // Both before and after the first reclaiming of the prefix (at 32 removals).
        for id in 0..<80 { queue.append(Tracked(id, released)) }
        for id in 0..<70 {
            XCTAssertEqual(queue.removeFirst().id, id)
            XCTAssertEqual(released.all, Array(0...id), "the queue still holds element \(id) after handing it out")
        }
        queue.removeAll()
        XCTAssertEqual(released.all, Array(0..<80))
    }
}
