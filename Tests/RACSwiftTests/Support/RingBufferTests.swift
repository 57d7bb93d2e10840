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
}
