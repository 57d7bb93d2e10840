import Foundation
@testable import RACSwift
import XCTest

/// `RingStorage`, the ring a `ReplaySubject` keeps inline (issue 37): appends across growth,
/// the oldest replaced at capacity (one value, and several with and without wrap-around), read
/// by position from the oldest, and every value released when replaced or freed.
final class RingStorageTests: RACTestCase {
    private final class Tracked {
        let id: Int
        let released: Fixture.Log<Int>
        init(_ id: Int, _ released: Fixture.Log<Int>) { self.id = id; self.released = released }
        deinit { released.append(id) }
    }

    func testAppendsKeepTheirOrderAcrossGrowth() {
        var ring = RingStorage<Int>()
        for value in 0..<37 { ring.append(value) }  // grows from 4 to 8, 16, 32, 64
        XCTAssertEqual(ring.count, 37)
        XCTAssertEqual((0..<ring.count).map(ring.element(at:)), Array(0..<37))
        ring.free()
        XCTAssertEqual(ring.count, 0)
    }

    func testReplacingTheOnlyValueKeepsOne() {
        var ring = RingStorage<Int>()
        ring.append(1)
        ring.replaceOldest(with: 2)
        ring.replaceOldest(with: 3)
        XCTAssertEqual(ring.count, 1)
        XCTAssertEqual(ring.element(at: 0), 3)
        ring.free()
    }

    /// A replay subject of capacity 3: at capacity the newest takes the oldest's place, so the
    /// ring keeps the last three, oldest first, also once it has wrapped around its storage.
    func testReplacingAtCapacityKeepsTheLastValuesInOrder() {
        var ring = RingStorage<Int>()
        for value in 0..<3 { ring.append(value) }  // 3 of the first storage's 4 slots
        for value in 3..<11 {
            ring.replaceOldest(with: value)
            XCTAssertEqual((0..<ring.count).map(ring.element(at:)), Array((value - 2)...value))
        }
        ring.free()
    }

    /// A full storage (capacity 4, four values): the oldest slot is the newest's next.
    func testReplacingInAFullStorageKeepsTheLastValuesInOrder() {
        var ring = RingStorage<Int>()
        for value in 0..<4 { ring.append(value) }
        for value in 4..<10 { ring.replaceOldest(with: value) }
        XCTAssertEqual((0..<ring.count).map(ring.element(at:)), [6, 7, 8, 9])
        ring.free()
    }

    func testReplacedAndFreedValuesAreReleased() {
        let released = Fixture.Log<Int>()
        var ring = RingStorage<Tracked>()
        for id in 0..<3 { ring.append(Tracked(id, released)) }
        ring.replaceOldest(with: Tracked(3, released))
        XCTAssertEqual(released.all, [0])
        ring.free()
        XCTAssertEqual(released.all.sorted(), [0, 1, 2, 3])
    }

    /// What a replay subject of the default capacity does with a few values sent after a
    /// subscriber came: kept, in order, for the next subscriber.
    func testAReplaySubjectReplaysValuesKeptAcrossGrowth() {
        let subject = ReplaySubject<Int>()
        let first = Fixture.Log<Int>()
        let subscription = subject.subscribeNext { first.append($0) }
        for value in 0..<9 { subject.sendNext(value) }
        subject.sendCompleted()
        let replayed = Fixture.Log<String>()
        subject.subscribe(next: { replayed.append("\($0)") }, completed: { replayed.append("completed") })
        XCTAssertEqual(first.all, Array(0..<9))
        XCTAssertEqual(replayed.all, (0..<9).map { "\($0)" } + ["completed"])
        subscription.dispose()
    }
}
