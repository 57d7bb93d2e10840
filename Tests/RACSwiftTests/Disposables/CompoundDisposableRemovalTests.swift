import Foundation
import RACSwift
import XCTest

/// CompoundDisposable's removal past its inline slots: up to 32 further children in a plain
/// array, then an index with holes that are squeezed out as they accumulate. These tests
/// cross those boundaries and check that none of them shows: disposal order, removal from any
/// position, the latest of a twice-added child going first, and each child disposed exactly
/// once under concurrent add, remove and dispose.
final class CompoundDisposableRemovalTests: RACTestCase {
    private typealias CountingChild = Fixture.CountingDisposable

    func testRemovingAnySubsetInAnyOrderKeepsTheRestInAdditionOrder() {
        for count in [3, 33, 34, 35, 40, 100, 300] {
            for seed in UInt64(1)...4 {
                nonisolated(unsafe) var order: [Int] = []
                let children = (0..<count).map { CountingChild($0) { order.append($0) } }
                let compound = CompoundDisposable()
                for child in children { compound.add(child) }
                let removed = Set(Fixture.shuffled(Array(0..<count), seed: seed).prefix(count * Int(seed) / 5))
                for index in Fixture.shuffled(Array(removed), seed: seed &+ 7) { compound.remove(children[index]) }
                compound.dispose()
                let kept = (0..<count).filter { !removed.contains($0) }
                XCTAssertEqual(order, kept, "\(count) children, seed \(seed)")
                for child in children {
                    XCTAssertEqual(child.disposeCalls, removed.contains(child.tag) ? 0 : 1,
                                   "child \(child.tag) of \(count), seed \(seed)")
                }
            }
        }
    }

    func testAddingAfterRemovalsGoesLastAtEverySize() {
        for count in [2, 3, 31, 32, 33, 34, 80] {
            nonisolated(unsafe) var order: [Int] = []
            let children = (0..<count).map { CountingChild($0) { order.append($0) } }
            let compound = CompoundDisposable(children)
            // Removes every other child, from the front (the inline slots first).
            for index in stride(from: 0, to: count, by: 2) { compound.remove(children[index]) }
            compound.add(CountingChild(1000) { order.append($0) })
            compound.dispose()
            XCTAssertEqual(order, Array(stride(from: 1, to: count, by: 2)) + [1000], "\(count) children")
        }
    }

    func testRemovingEveryChildThenAddingStartsAfresh() {
        for count in [1, 2, 3, 40, 200] {
            nonisolated(unsafe) var order: [Int] = []
            let children = (0..<count).map { CountingChild($0) { order.append($0) } }
            let compound = CompoundDisposable()
            for child in children { compound.add(child) }
            for child in children.reversed() { compound.remove(child) }
            let late = (0..<3).map { CountingChild(500 + $0) { order.append($0) } }
            for child in late { compound.add(child) }
            compound.dispose()
            XCTAssertEqual(order, [500, 501, 502], "\(count) children")
            XCTAssertTrue(children.allSatisfy { $0.disposeCalls == 0 })
        }
    }

    func testAChildAddedTwiceLosesItsLatestAdditionFirst() {
        for count in [4, 50] {
            nonisolated(unsafe) var order: [Int] = []
            let children = (0..<count).map { CountingChild($0) { order.append($0) } }
            let compound = CompoundDisposable(children)
            let twice = children[1]
            compound.add(twice)  // the latest addition, after every other child
            compound.add(CountingChild(999) { order.append($0) })
            compound.remove(twice)
            compound.dispose()
            // The earlier addition stays, in its place; the compound disposes it once.
            XCTAssertEqual(order, Array(0..<count) + [999], "\(count) children")
            XCTAssertEqual(twice.disposeCalls, 1)
        }
    }

    func testAChildAddedTwiceAndRemovedTwiceIsGone() {
        for count in [4, 50] {
            nonisolated(unsafe) var order: [Int] = []
            let children = (0..<count).map { CountingChild($0) { order.append($0) } }
            let compound = CompoundDisposable(children)
            let twice = children[count - 2]
            compound.add(twice)
            compound.remove(twice)
            compound.remove(twice)
            compound.dispose()
            XCTAssertEqual(order, (0..<count).filter { $0 != count - 2 }, "\(count) children")
            XCTAssertEqual(twice.disposeCalls, 0)
        }
    }

    func testRemovingAChildThatIsNotThereChangesNothingWhenIndexed() {
        nonisolated(unsafe) var order: [Int] = []
        let children = (0..<60).map { CountingChild($0) { order.append($0) } }
        let compound = CompoundDisposable(children)
        compound.remove(CountingChild(-1))
        compound.remove(children[10])
        compound.remove(children[10])
        compound.dispose()
        XCTAssertEqual(order, (0..<60).filter { $0 != 10 })
    }

    /// Threads add and remove their own children while one thread disposes the compound
    /// midway. What each child must have seen depends only on when its removal ran against the
    /// disposal: removed while the compound was still live (it is not disposed when `remove`
    /// returns) — never disposed; added or removed after the disposal had begun — disposed
    /// exactly once (by the disposal, or by `add`); kept — disposed exactly once. A removal
    /// that overlapped the disposal allows either, but never two.
    func testConcurrentAddRemoveAndDisposeDisposeEachChildExactlyOnce() {
        enum Expected { case never, once, atMostOnce }
        for round in 0..<20 {
            let compound = CompoundDisposable()
            let threads = 4, perThread = 150
            let children = (0..<threads * perThread).map { CountingChild($0) }
            // One element per child, written by the thread that owns the child only (a buffer,
            // not an Array: writing an Array's elements from several threads is a race on the
            // array itself).
            nonisolated(unsafe) let expected = UnsafeMutableBufferPointer<Expected>.allocate(capacity: children.count)
            expected.initialize(repeating: .once)
            defer { expected.deallocate() }
            DispatchQueue.concurrentPerform(iterations: threads + 1) { thread in
                if thread == threads {
                    // Lets the others get going first, a little differently each round.
                    for _ in 0..<(round * 50) { _ = compound.isDisposed }
                    compound.dispose()
                    return
                }
                for k in 0..<perThread {
                    let index = thread * perThread + k
                    let child = children[index]
                    compound.add(child)
                    guard k % 3 != 0 else { continue }
                    let disposedBefore = compound.isDisposed
                    compound.remove(child)
                    let disposedAfter = compound.isDisposed
                    expected[index] = !disposedAfter ? .never : disposedBefore ? .once : .atMostOnce
                }
            }
            for (index, child) in children.enumerated() {
                switch expected[index] {
                case .never: XCTAssertEqual(child.disposeCalls, 0, "child \(index), round \(round)")
                case .once: XCTAssertEqual(child.disposeCalls, 1, "child \(index), round \(round)")
                case .atMostOnce: XCTAssertLessThanOrEqual(child.disposeCalls, 1, "child \(index), round \(round)")
                }
            }
        }
    }
}
