@testable import RACSwift
import XCTest

/// `IndexedChildren`, the container behind a compound's many children: order of addition kept
/// through removals and compaction, removal by identity (latest addition first) and by
/// addition number, and the live count.
final class IndexedChildrenTests: RACTestCase {
    private func ids(_ indexed: IndexedChildren) -> [ObjectIdentifier] {
        indexed.children.compactMap { $0.map(ObjectIdentifier.init) }
    }

    func testChildrenKeepTheOrderTheyWereAddedIn() {
        let initial = (0..<3).map { _ in Disposable() }
        let indexed = IndexedChildren(initial)
        let added = (0..<3).map { _ in Disposable() }
        for (offset, child) in added.enumerated() { XCTAssertEqual(indexed.append(child, removable: true), UInt(offset + 1)) }
        XCTAssertEqual(ids(indexed), (initial + added).map(ObjectIdentifier.init))
        XCTAssertEqual(indexed.live, 6)
    }

    func testRemovalByIdentityTakesTheLatestAdditionAndLeavesTheEarlierOne() {
        let child = Disposable()
        let other = Disposable()
        let indexed = IndexedChildren([child, other])
        XCTAssertEqual(indexed.append(child, removable: false), 1)
        XCTAssertTrue(indexed.remove(child) === child)
        XCTAssertEqual(ids(indexed), [ObjectIdentifier(child), ObjectIdentifier(other)])
        XCTAssertTrue(indexed.remove(child) === child)
        XCTAssertNil(indexed.remove(child))
        XCTAssertEqual(indexed.live, 1)
    }

    func testThePlainArraysChildrenAreRemovedInOrderAndByTheirLatestAddition() {
        let initial = (0..<32).map { _ in Disposable() }
        let indexed = IndexedChildren(initial)
        let added = (0..<40).map { _ in Disposable() }
        for child in added { _ = indexed.append(child, removable: true) }
        // In the order added (each at the hint), through a compaction, then the numbered ones.
        for child in initial.prefix(20) { XCTAssertTrue(indexed.remove(child) === child) }
        XCTAssertNil(indexed.remove(initial[0]), "removed already")
        XCTAssertNil(indexed.remove(initial[25], addedAs: 0), "0 names no addition")
        XCTAssertTrue(indexed.remove(initial[31]) === initial[31], "out of order: a search")
        XCTAssertTrue(indexed.remove(added[0], addedAs: 1) === added[0])
        XCTAssertEqual(ids(indexed), (initial[20..<31] + added.dropFirst()).map(ObjectIdentifier.init))
        XCTAssertEqual(indexed.live, 11 + 39)
    }

    func testAPlainArrayChildThereTwiceLosesItsLatestAdditionFirst() {
        let twice = Disposable()
        let others = (0..<3).map { _ in Disposable() }
        let indexed = IndexedChildren([twice, others[0], twice, others[1]])
        _ = indexed.append(others[2], removable: true)
        // At the hint (slot 0) is the earlier addition: the later one must go first.
        XCTAssertTrue(indexed.remove(twice) === twice)
        XCTAssertEqual(ids(indexed), [twice, others[0], others[1], others[2]].map(ObjectIdentifier.init))
        XCTAssertTrue(indexed.remove(twice) === twice)
        XCTAssertNil(indexed.remove(twice))
        XCTAssertEqual(ids(indexed), others.map(ObjectIdentifier.init))
    }

    func testRemovalByNumberFindsOnlyTheChildAddedWithThatNumber() {
        let indexed = IndexedChildren([])
        let children = (0..<40).map { _ in Disposable() }
        for (offset, child) in children.enumerated() { XCTAssertEqual(indexed.append(child, removable: true), UInt(offset + 1)) }
        XCTAssertNil(indexed.remove(children[5], addedAs: 7), "another child's number")
        XCTAssertNil(indexed.remove(children[5]), "added by number: not found by identity")
        // Out of order (a binary search) and in order (the hint after the previous removal).
        XCTAssertTrue(indexed.remove(children[20], addedAs: 21) === children[20])
        XCTAssertTrue(indexed.remove(children[21], addedAs: 22) === children[21])
        XCTAssertTrue(indexed.remove(children[3], addedAs: 4) === children[3])
        XCTAssertNil(indexed.remove(children[3], addedAs: 4), "removed already")
        XCTAssertEqual(indexed.live, 37)
    }

    func testCompactionSqueezesOutHolesAndKeepsOrderAndLookups() {
        let indexed = IndexedChildren([])
        let children = (0..<200).map { _ in Disposable() }
        for (offset, child) in children.enumerated() {
            XCTAssertEqual(indexed.append(child, removable: offset.isMultiple(of: 2)), UInt(offset + 1))
        }
        // Remove most of them, enough to compact several times.
        for (offset, child) in children.enumerated() where offset % 10 != 0 {
            let removed = offset.isMultiple(of: 2) ? indexed.remove(child, addedAs: UInt(offset + 1)) : indexed.remove(child)
            XCTAssertTrue(removed === child, "child \(offset)")
        }
        let kept = children.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
        XCTAssertEqual(ids(indexed), kept.map(ObjectIdentifier.init))
        XCTAssertEqual(indexed.live, kept.count)
        XCTAssertLessThanOrEqual(indexed.children.count, 2 * kept.count + 16, "holes stay bounded")
        // Both kinds of lookup still find the survivors after compaction moved them.
        XCTAssertTrue(indexed.remove(children[190], addedAs: 191) === children[190])
        XCTAssertTrue(indexed.remove(children[0], addedAs: 1) === children[0])
        XCTAssertEqual(indexed.live, kept.count - 2)
    }
}
