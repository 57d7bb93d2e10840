import XCTest
import RACSwift

/// CompoundDisposable keeps its first two children in inline slots and the rest in an array;
/// these tests check that the split never shows: order, removal from any position, and
/// exactly-once disposal.
final class CompoundDisposableStorageTests: RACTestCase {
    private func makeChildren(_ count: Int, log: @escaping @Sendable (Int) -> Void) -> [Disposable] {
        (0..<count).map { index in Disposable { log(index) } }
    }

    func testDisposesEveryChildOnceInTheOrderTheyWereAdded() {
        for count in 0...5 {
            nonisolated(unsafe) var order: [Int] = []
            let compound = CompoundDisposable()
            for child in makeChildren(count, log: { order.append($0) }) { compound.add(child) }
            compound.dispose()
            compound.dispose()
            XCTAssertEqual(order, Array(0..<count), "\(count) children")
        }
    }

    func testRemovingFromAnyPositionKeepsTheOthersInOrder() {
        for count in 1...5 {
            for removedIndex in 0..<count {
                nonisolated(unsafe) var order: [Int] = []
                let children = makeChildren(count, log: { order.append($0) })
                let compound = CompoundDisposable(children)
                compound.remove(children[removedIndex])
                // A child added after a removal goes last.
                compound.add(Disposable { order.append(99) })
                compound.dispose()
                var expected = Array(0..<count)
                expected.remove(at: removedIndex)
                XCTAssertEqual(order, expected + [99], "\(count) children, removed \(removedIndex)")
                XCTAssertFalse(children[removedIndex].isDisposed)
            }
        }
    }

    func testRemovingAChildThatIsNotThereChangesNothing() {
        nonisolated(unsafe) var order: [Int] = []
        let compound = CompoundDisposable(makeChildren(3, log: { order.append($0) }))
        compound.remove(Disposable())
        compound.dispose()
        XCTAssertEqual(order, [0, 1, 2])
    }
}
