@testable import RACSwift
import XCTest

/// `ZipBuffer`, zip's ring of values not yet paired: first in, first out across growth and
/// wrap-around, and every value released when removed or dropped.
final class ZipBufferTests: RACTestCase {
    private final class Tracked {
        let id: Int
        let released: Fixture.Log<Int>
        init(_ id: Int, _ released: Fixture.Log<Int>) { self.id = id; self.released = released }
        deinit { released.append(id) }
    }

    func testValuesComeOutInTheOrderTheyWentInAcrossGrowthAndWrapAround() {
        let buffer = ZipBuffer<Int>()
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

    func testRemoveAllAndDeinitReleaseEveryValue() {
        let released = Fixture.Log<Int>()
        do {
            let buffer = ZipBuffer<Tracked>()
            for id in 0..<6 { buffer.append(Tracked(id, released)) }
            XCTAssertEqual(buffer.removeFirst().id, 0)
            buffer.removeAll()
            XCTAssertEqual(Set(released.all), Set(0..<6))
            for id in 6..<9 { buffer.append(Tracked(id, released)) }
        }
        XCTAssertEqual(Set(released.all), Set(0..<9), "the buffer's deinit releases what it still held")
    }
}
