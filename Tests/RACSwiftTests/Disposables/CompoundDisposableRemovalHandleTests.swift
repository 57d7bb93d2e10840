import XCTest
@testable import RACSwift

/// `CompoundDisposable.addRemovable` and `remove(_:addedAs:)`, the merge point's way of
/// removing a finished inner subscription without hashing: across the inline slots, the plain
/// array, the switch to the index (children added before it are found by identity) and its
/// compactions, mixed with children added by `add`.
final class CompoundDisposableRemovalHandleTests: RACTestCase {
    private typealias Child = Fixture.CountingDisposable

    func testRemovingByHandleAnySubsetKeepsTheRestInAdditionOrder() {
        for count in [1, 2, 3, 20, 34, 35, 40, 100, 300] {
            for seed: UInt64 in [1, 2, 3] {
                let log = Fixture.Log<Int>()
                let compound = CompoundDisposable()
                // Every third child by `add`, the others by `addRemovable`.
                var handles: [Int: CompoundDisposable.Removal] = [:]
                let children = (0..<count).map { Fixture.CountingDisposable($0, log: log) }
                for child in children {
                    if child.tag % 3 == 2 {
                        compound.add(child)
                    } else {
                        handles[child.tag] = compound.addRemovable(child)
                    }
                }
                let removed = Set(Fixture.shuffled(Array(0..<count), seed: seed).prefix(count / 2))
                for tag in Fixture.shuffled(Array(removed), seed: seed &+ 7) {
                    if let handle = handles[tag] {
                        compound.remove(children[tag], addedAs: handle)
                    } else {
                        compound.remove(children[tag])
                    }
                }
                compound.dispose()
                let kept = (0..<count).filter { !removed.contains($0) }
                XCTAssertEqual(log.all, kept, "\(count) children, seed \(seed)")
                for child in children {
                    XCTAssertEqual(child.disposeCalls, removed.contains(child.tag) ? 0 : 1, "child \(child.tag) of \(count)")
                }
            }
        }
    }

    func testChildrenAddedByAddAreFoundAfterCompactionsInPlaceAndAfterShrinking() {
        // Thousands removed by handle in the order they came (compacted in place, then the
        // arrays shrunk once few are left), with children added by `add` among them, removed
        // by identity afterwards.
        let log = Fixture.Log<Int>()
        let compound = CompoundDisposable()
        let children = (0..<3000).map { Fixture.CountingDisposable($0, log: log) }
        var handles: [Int: CompoundDisposable.Removal] = [:]
        for child in children {
            if child.tag % 100 == 0 {
                compound.add(child)
            } else {
                handles[child.tag] = compound.addRemovable(child)
            }
        }
        for child in children where child.tag < 2990 {
            if let handle = handles[child.tag] { compound.remove(child, addedAs: handle) }
        }
        for tag in stride(from: 2900, through: 0, by: -200) { compound.remove(children[tag]) }
        compound.dispose()
        // Left: those added by `add` at even hundreds, and the last ten.
        let kept = (0..<3000).filter { tag in tag >= 2990 || tag % 200 == 0 }
        XCTAssertEqual(log.all, kept)
        for child in children { XCTAssertLessThanOrEqual(child.disposeCalls, 1) }
    }

    func testRemovingInAdditionOrderThroughCompactionsAndAddingMore() {
        // The merge point's pattern (D1): many live, finished in the order they started,
        // with newcomers arriving meanwhile.
        let log = Fixture.Log<Int>()
        let compound = CompoundDisposable()
        let children = (0..<1000).map { Fixture.CountingDisposable($0, log: log) }
        var handles: [CompoundDisposable.Removal] = []
        for child in children.prefix(500) { handles.append(compound.addRemovable(child)) }
        for index in 0..<500 {
            compound.remove(children[index], addedAs: handles[index])
            handles.append(compound.addRemovable(children[500 + index]))
        }
        for index in 500..<900 { compound.remove(children[index], addedAs: handles[index]) }
        compound.dispose()
        XCTAssertEqual(log.all, Array(900..<1000))
    }

    func testAHandleRemovesOnlyItsOwnAddition() {
        let log = Fixture.Log<Int>()
        let compound = CompoundDisposable()
        let filler = (0..<40).map { Fixture.CountingDisposable($0, log: log) }
        for child in filler { compound.add(child) }
        let twice = Child(99, log: log)
        let firstHandle = compound.addRemovable(twice)
        compound.add(filler[0])
        let secondHandle = compound.addRemovable(twice)
        // The first addition goes; the second stays, after the re-added filler.
        compound.remove(twice, addedAs: firstHandle)
        compound.dispose()
        XCTAssertEqual(log.all, Array(0..<40) + [0, 99])
        // Removing the second addition once disposed changes nothing.
        compound.remove(twice, addedAs: secondHandle)
        XCTAssertEqual(twice.disposeCalls, 1)
    }

    func testAddingRemovableToADisposedCompoundDisposesAtOnceAndItsHandleRemovesNothing() {
        let log = Fixture.Log<Int>()
        let compound = CompoundDisposable()
        let kept = (0..<40).map { Fixture.CountingDisposable($0, log: log) }
        for child in kept { compound.add(child) }
        compound.dispose()
        let late = Child(100, log: log)
        let handle = compound.addRemovable(late)
        XCTAssertEqual(late.disposeCalls, 1)
        compound.remove(late, addedAs: handle)
        XCTAssertEqual(log.all, Array(0..<40) + [100])
    }
}
