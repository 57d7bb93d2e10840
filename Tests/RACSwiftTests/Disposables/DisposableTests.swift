import Foundation
import RACSwift
import XCTest

final class DisposableTests: RACTestCase {
    func testDisposeRunsTheActionOnceAndMarksDisposed() {
        let runs = Fixture.Counter()
        let disposable = Disposable { runs.increment() }
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(runs.value, 1)
    }

    func testDisposableWithoutActionOnlyRemembersDisposal() {
        let disposable = Disposable()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
    }

    func testConcurrentDisposeRunsTheActionExactlyOnce() {
        for _ in 0..<50 {
            let runs = Fixture.Counter()
            let disposable = Disposable { runs.increment() }
            DispatchQueue.concurrentPerform(iterations: 8) { _ in disposable.dispose() }
            XCTAssertEqual(runs.value, 1)
        }
    }

    func testDisposeReleasesTheAction() {
        final class Token {}
        weak var weakToken: Token?
        let disposable: Disposable
        do {
            nonisolated(unsafe) let token = Token()
            weakToken = token
            disposable = Disposable { _ = token }
        }
        XCTAssertNotNil(weakToken)
        disposable.dispose()
        XCTAssertNil(weakToken, "the action and what it captured are released once run")
    }
}

final class CompoundDisposableTests: RACTestCase {
    func testDisposeDisposesEveryChildOnce() {
        let runs = Fixture.Counter()
        let children = (0..<3).map { _ in Disposable { runs.increment() } }
        let compound = CompoundDisposable([children[0]])
        compound.add(children[1])
        compound.add(children[2])
        compound.dispose()
        compound.dispose()
        XCTAssertTrue(compound.isDisposed)
        XCTAssertTrue(children.allSatisfy(\.isDisposed))
        XCTAssertEqual(runs.value, 3)
    }

    func testAddingToADisposedCompoundDisposesTheNewcomerAtOnce() {
        let compound = CompoundDisposable()
        compound.dispose()
        let late = Disposable()
        compound.add(late)
        XCTAssertTrue(late.isDisposed)
    }

    func testAddingNilIsIgnored() {
        let compound = CompoundDisposable()
        compound.add(nil)
        compound.dispose()
        XCTAssertTrue(compound.isDisposed)
    }

    func testRemovedChildIsNotDisposedNowOrLater() {
        let kept = Disposable()
        let removed = Disposable()
        let compound = CompoundDisposable([kept, removed])
        compound.remove(removed)
        XCTAssertFalse(removed.isDisposed)
        compound.dispose()
        XCTAssertTrue(kept.isDisposed)
        XCTAssertFalse(removed.isDisposed)
    }

    func testDisposeReleasesChildren() {
        final class Token {}
        weak var weakToken: Token?
        let compound = CompoundDisposable()
        do {
            nonisolated(unsafe) let token = Token()
            weakToken = token
            compound.add(Disposable { _ = token })
        }
        compound.dispose()
        XCTAssertNil(weakToken)
    }

    func testChildrenAddedWhileDisposingAreEachDisposedExactlyOnce() {
        // Eight threads add children while a ninth disposes: whichever side wins for each
        // child, it is disposed exactly once — by the compound or by `add` itself.
        assertEachDisposedOnceWhileDisposing({ CompoundDisposable() }) { compound, child in
            compound.add(child)
        } after: { compound in
            XCTAssertTrue(compound.isDisposed)
        }
    }

    func testConcurrentDisposeDisposesEachChildOnce() {
        for _ in 0..<20 {
            let counters = (0..<100).map { _ in Fixture.Counter() }
            let compound = CompoundDisposable(counters.map { counter in Disposable { counter.increment() } })
            DispatchQueue.concurrentPerform(iterations: 8) { _ in compound.dispose() }
            XCTAssertEqual(counters.map(\.value), Array(repeating: 1, count: 100))
        }
    }
}

final class SerialDisposableTests: RACTestCase {
    func testDisposeDisposesTheInnerDisposable() {
        let inner = Disposable()
        let serial = SerialDisposable(inner)
        XCTAssertTrue(serial.disposable === inner)
        serial.dispose()
        XCTAssertTrue(inner.isDisposed)
        XCTAssertNil(serial.disposable, "reading after disposal gives nil")
    }

    func testReplacingDoesNotDisposeTheOldOne() {
        let first = Disposable()
        let second = Disposable()
        let serial = SerialDisposable(first)
        serial.disposable = second
        XCTAssertFalse(first.isDisposed)
        XCTAssertTrue(serial.disposable === second)
    }

    func testSwapReturnsTheOldDisposable() {
        let first = Disposable()
        let second = Disposable()
        let serial = SerialDisposable()
        XCTAssertNil(serial.swap(with: first))
        XCTAssertTrue(serial.swap(with: second) === first)
        XCTAssertFalse(first.isDisposed)
        serial.dispose()
        XCTAssertTrue(second.isDisposed)
        XCTAssertFalse(first.isDisposed)
    }

    func testSettingAfterDisposalDisposesTheNewOneAtOnce() {
        let serial = SerialDisposable()
        serial.dispose()
        let late = Disposable()
        serial.disposable = late
        XCTAssertTrue(late.isDisposed)
        let later = Disposable()
        XCTAssertNil(serial.swap(with: later))
        XCTAssertTrue(later.isDisposed)
    }

    func testConcurrentSwapsAndDisposeLoseNothing() {
        // Every disposable handed to the serial disposable ends up disposed exactly once:
        // either by the serial disposable (the one it held, or a late one) or by the thread
        // that got it back from `swap`.
        assertEachDisposedOnceWhileDisposing({ SerialDisposable() }) { serial, child in
            serial.swap(with: child)?.dispose()
        } after: { serial in
            serial.dispose()
        }
    }
}

final class ScopedDisposableTests: RACTestCase {
    func testDisposesTheInnerDisposableOnDeinit() {
        let inner = Disposable()
        do {
            let scoped = inner.asScopedDisposable()
            XCTAssertFalse(scoped.isDisposed)
            XCTAssertFalse(inner.isDisposed)
        }
        XCTAssertTrue(inner.isDisposed)
    }

    func testExplicitDisposeDisposesOnceAndDeinitDoesNotRepeat() {
        let runs = Fixture.Counter()
        do {
            let scoped = ScopedDisposable(Disposable { runs.increment() })
            scoped.dispose()
            XCTAssertTrue(scoped.isDisposed)
            XCTAssertEqual(runs.value, 1)
        }
        XCTAssertEqual(runs.value, 1)
    }

    func testScopedSubscriptionEndsWithItsScope() {
        let source = HigherProbe<Int>()
        let values = Fixture.Log<Int>()
        do {
            let scoped = source.signal.subscribeNext { values.append($0) }.asScopedDisposable()
            source.send(1)
            withExtendedLifetime(scoped) {}
        }
        source.send(2)
        XCTAssertEqual(values.all, [1])
        XCTAssertEqual(source.disposals, 1)
        XCTAssertFalse(source.isSubscribed)
    }
}

/// 20 rounds: eight threads each hand 50 disposables to a fresh `Target` with `hand`
/// while a ninth disposes it; after `after` has run, each was disposed exactly once.
private func assertEachDisposedOnceWhileDisposing<Target: Disposable>(
    _ make: () -> Target, hand: @Sendable (Target, Disposable) -> Void, after: (Target) -> Void,
    file: StaticString = #filePath, line: UInt = #line
) {
    for _ in 0..<20 {
        let target = make()
        let counters = (0..<(8 * 50)).map { _ in Fixture.Counter() }
        DispatchQueue.concurrentPerform(iterations: 9) { thread in
            if thread == 8 {
                target.dispose()
                return
            }
            for index in (thread * 50)..<(thread * 50 + 50) {
                let counter = counters[index]
                hand(target, Disposable { counter.increment() })
            }
        }
        after(target)
        XCTAssertEqual(counters.map(\.value), Array(repeating: 1, count: counters.count), file: file, line: line)
    }
}
