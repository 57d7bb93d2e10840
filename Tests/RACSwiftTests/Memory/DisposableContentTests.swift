@testable import RACSwift
import XCTest

/// `DisposableContent`, the two words a disposable keeps its action or a compound its first two
/// children in: each is released exactly once — the action's captures when it has run, the
/// children when they are disposed, removed, or freed with an undisposed compound.
final class DisposableContentTests: RACTestCase {
    private final class Token {}

    func testAnActionRunsOnceAndItsCapturesAreReleasedAfterIt() {
        nonisolated(unsafe) weak var weakToken: Token?
        let runs = Fixture.Log<Int>()
        let disposable: Disposable
        do {
            nonisolated(unsafe) let token = Token()
            weakToken = token
            disposable = Disposable { _ = token; runs.append(1) }
        }
        XCTAssertNotNil(weakToken)
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual(runs.all, [1])
        XCTAssertNil(weakToken, "the action's context is released once it has run")
    }

    func testAnUndisposedCompoundFreedReleasesBothInlineChildren() {
        weak var weakFirst: Disposable?
        weak var weakSecond: Disposable?
        do {
            let first = Disposable(), second = Disposable()
            weakFirst = first
            weakSecond = second
            let compound = CompoundDisposable()
            compound.add(first)
            compound.add(second)
            XCTAssertEqual(compound.childrenCount, 2)
        }
        XCTAssertNil(weakFirst)
        XCTAssertNil(weakSecond)
    }

    func testRemovingAndDisposingTheInlineChildrenReleasesEachOnce() {
        weak var weakFirst: Disposable?
        weak var weakSecond: Disposable?
        let compound = CompoundDisposable()
        do {
            let first = Disposable(), second = Disposable()
            weakFirst = first
            weakSecond = second
            compound.add(first)
            compound.add(second)
            compound.remove(second)
            XCTAssertFalse(second.isDisposed)
            compound.add(second)
            XCTAssertEqual(compound.childrenCount, 2)
        }
        XCTAssertNotNil(weakSecond)
        compound.dispose()
        XCTAssertNil(weakFirst)
        XCTAssertNil(weakSecond)
    }
}
