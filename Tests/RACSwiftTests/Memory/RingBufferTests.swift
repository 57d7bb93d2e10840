import Foundation
@testable import RACSwift
import XCTest

/// `RingBuffer` (zip's values not yet paired, a replay subject's kept values, takeLast's): first
/// in, first out across growth and wrap-around, read by position, and every value released when
/// removed or dropped.
final class RingBufferTests: RACTestCase {
    private final class Tracked {
        let id: Int
        let released: Fixture.Log<Int>
        init(_ id: Int, _ released: Fixture.Log<Int>) { self.id = id; self.released = released }
        deinit { released.append(id) }
    }

    func testValuesComeOutInTheOrderTheyWentInAcrossGrowthAndWrapAround() {
        let buffer = RingBuffer<Int>()
        var expected: [Int] = []
        var taken: [Int] = []
        var next = 0
        // Uneven rounds of appends and removals, so the ring wraps before and after growing.
        for round in 0..<20 {
            for _ in 0..<(round % 5 + 2) { buffer.append(next); expected.append(next); next += 1 }
            for _ in 0..<(round % 3 + 1) where buffer.count > 0 { taken.append(buffer.removeFirst()) }
        }
        while buffer.count > 0 { taken.append(buffer.removeFirst()) }
        XCTAssertEqual(taken, expected)
    }

    func testElementAtCountsFromTheOldestAcrossWrapAround() {
        let buffer = RingBuffer<Int>()
        for value in 0..<4 { buffer.append(value) }  // fills the first storage of 4
        buffer.removeFirst()
        buffer.removeFirst()
        buffer.append(4)
        buffer.append(5)  // wraps to the storage's start
        XCTAssertEqual((0..<buffer.count).map(buffer.element(at:)), [2, 3, 4, 5])
        XCTAssertFalse(buffer.isEmpty)
        while !buffer.isEmpty { buffer.removeFirst() }
        XCTAssertEqual(buffer.count, 0)
    }

    func testRemoveAllAndDeinitReleaseEveryValue() {
        let released = Fixture.Log<Int>()
        do {
            let buffer = RingBuffer<Tracked>()
            for id in 0..<6 { buffer.append(Tracked(id, released)) }
            XCTAssertEqual(buffer.removeFirst().id, 0)
            buffer.removeAll()
            XCTAssertEqual(Set(released.all), Set(0..<6))
            for id in 6..<9 { buffer.append(Tracked(id, released)) }
        }
        XCTAssertEqual(Set(released.all), Set(0..<9), "the buffer's deinit releases what it still held")
    }

    /// `replaceOldest` in each of its cases (one value; full storage; storage with room), across
    /// wrap-around, against removeFirst-then-append; every replaced value is released.
    func testReplaceOldestKeepsTheLastValuesAsRemoveFirstThenAppendDoes() {
        for kept in 1...6 {  // 4 fills the first storage; 3, 5 and 6 leave room
            let buffer = RingBuffer<Int>()
            let reference = RingBuffer<Int>()
            for value in 0..<kept { buffer.append(value); reference.append(value) }
            for value in kept..<(kept + 11) {
                buffer.replaceOldest(with: value)
                reference.removeFirst()
                reference.append(value)
                XCTAssertEqual(
                    (0..<buffer.count).map(buffer.element(at:)), (0..<reference.count).map(reference.element(at:)),
                    "keeping \(kept), after \(value)")
            }
        }
        let released = Fixture.Log<Int>()
        do {
            let buffer = RingBuffer<Tracked>()
            for id in 0..<3 { buffer.append(Tracked(id, released)) }
            for id in 3..<8 { buffer.replaceOldest(with: Tracked(id, released)) }
            XCTAssertEqual(Set(released.all), Set(0..<5), "each replaced value is released at once")
            let single = RingBuffer<Tracked>()
            single.append(Tracked(8, released))
            single.replaceOldest(with: Tracked(9, released))
            XCTAssertEqual(single.element(at: 0).id, 9)
            XCTAssertTrue(released.all.contains(8))
        }
        XCTAssertEqual(Set(released.all), Set(0..<10))
    }

    func testExchangeContentsSwapsValuesInOrderAcrossWrapAround() {
        let sender = RingBuffer<Int>()
        let drainer = RingBuffer<Int>()
        for value in 0..<4 { sender.append(value) }
        sender.removeFirst()
        sender.append(4)  // wrapped: [1, 2, 3, 4] with the oldest past the storage's start
        drainer.append(-1)
        sender.exchangeContents(with: drainer)
        XCTAssertEqual((0..<drainer.count).map(drainer.element(at:)), [1, 2, 3, 4])
        XCTAssertEqual((0..<sender.count).map(sender.element(at:)), [-1])
        // Each keeps working with the storage it received: growth and removal in order.
        for value in 5..<9 { drainer.append(value) }
        var taken: [Int] = []
        while !drainer.isEmpty { taken.append(drainer.removeFirst()) }
        XCTAssertEqual(taken, Array(1..<9))
        XCTAssertEqual(sender.removeFirst(), -1)
        XCTAssertTrue(sender.isEmpty)
    }

    func testExchangedValuesAreReleasedByTheRingThatHoldsThem() {
        let released = Fixture.Log<Int>()
        let kept = RingBuffer<Tracked>()
        do {
            let dropped = RingBuffer<Tracked>()
            for id in 0..<3 { dropped.append(Tracked(id, released)) }
            kept.append(Tracked(3, released))
            dropped.exchangeContents(with: kept)
        }
        XCTAssertEqual(released.all, [3], "the ring that went away held only what it received")
        XCTAssertEqual(kept.count, 3)
        kept.removeAll()
        XCTAssertEqual(Set(released.all), Set(0..<4))
    }
}

/// `WallClock`, delay's per-value clock: the clock `Date()` reads, in `Date`'s unit.
final class WallClockTests: RACTestCase {
    func testWallClockReadsTheClockDateReads() {
        // Bracketed by two `Date()` reads: equal clocks give before <= now <= after.
        for _ in 0..<100 {
            let before = Date().timeIntervalSinceReferenceDate
            let now = WallClock.now
            let after = Date().timeIntervalSinceReferenceDate
            XCTAssertLessThanOrEqual(before, now + 1e-6)
            XCTAssertLessThanOrEqual(now, after + 1e-6)
        }
    }
}
