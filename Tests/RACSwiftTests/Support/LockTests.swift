import Foundation
@testable import RACSwift
import XCTest

/// The library's locks (`UnfairLock` and `RecursiveLock`: Synchronization's `Mutex` on Linux,
/// pthread mutexes in ThreadSanitizer builds): mutual exclusion with more threads than cores,
/// with critical sections long enough that waiters stop spinning and sleep, with many
/// contended locks at once, and RecursiveLock's recursion and `withLockReleased`. Outcomes are
/// exact counts, never times.
final class LockTests: RACTestCase {
    /// State that only the lock under test guards (unchecked on purpose: a lock that failed
    /// to exclude would lose increments, and the count would show it).
    private final class Guarded: @unchecked Sendable {
        let lock = UnfairLock()
        let recursiveLock = RecursiveLock()
        var count = 0
        var scratch = 0
    }

    /// Some work inside the critical section, so that the other threads find the lock taken
    /// for longer than they spin and go to sleep.
    private static func work(_ guarded: Guarded, _ rounds: Int) {
        for i in 0..<rounds { guarded.scratch = guarded.scratch &* 31 &+ i }
    }

    private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            Thread {
                body(index)
                done.leave()
            }.start()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "threads did not finish")
    }

    func testUnfairLockExcludesEightThreadsWithShortAndLongCriticalSections() {
        assertEightThreadsExcluded { guarded, critical in guarded.lock.withLock(critical) }
    }

    func testRecursiveLockExcludesEightThreadsAndNestsOnOne() {
        assertEightThreadsExcluded { guarded, critical in
            guarded.recursiveLock.withLock { guarded.recursiveLock.withLock(critical) }
        }
    }

    /// Eight threads each run a read-modify-write of the count through `lock`, with no work
    /// and with some work inside the critical section: no increment may be lost.
    private func assertEightThreadsExcluded(
        file: StaticString = #filePath, line: UInt = #line,
        _ lock: @escaping @Sendable (Guarded, () -> Void) -> Void
    ) {
        for rounds in [0, 2_000] {
            let guarded = Guarded()
            let perThread = rounds == 0 ? 20_000 : 300
            onThreads(8) { _ in
                for _ in 0..<perThread {
                    lock(guarded) {
                        let before = guarded.count
                        Self.work(guarded, rounds)
                        guarded.count = before + 1
                    }
                }
            }
            XCTAssertEqual(guarded.count, 8 * perThread, "\(rounds) rounds of work inside", file: file, line: line)
        }
    }

    /// Sixteen locks, eight threads each taking them in turn: waking one lock's sleepers must
    /// neither lose another lock's wake-up nor let two threads into one lock.
    func testManyContendedLocksEachExcludeOnTheirOwn() {
        let locks = (0..<16).map { _ in Guarded() }
        let perThread = 400
        onThreads(8) { thread in
            for k in 0..<perThread {
                let guarded = locks[(thread &* 7 &+ k &* 5) % locks.count]
                guarded.lock.withLock {
                    let before = guarded.count
                    Self.work(guarded, 500)
                    guarded.count = before + 1
                }
            }
        }
        XCTAssertEqual(locks.reduce(0) { $0 + $1.count }, 8 * perThread)
    }

    /// `withLockReleased` lets go of every level of a nested hold: another thread gets the
    /// lock while it runs, and the caller holds it again (as deeply) afterwards.
    func testWithLockReleasedLetsAnotherThreadInAtAnyDepth() {
        for depth in 1...3 {
            let guarded = Guarded()
            let otherGotIn = DispatchSemaphore(value: 0)
            func nest(_ level: Int) {
                guarded.recursiveLock.withLock {
                    if level < depth {
                        nest(level + 1)
                        return
                    }
                    guarded.recursiveLock.withLockReleased {
                        Thread {
                            guarded.recursiveLock.withLock { guarded.count += 1 }
                            otherGotIn.signal()
                        }.start()
                        XCTAssertEqual(otherGotIn.wait(timeout: .now() + 60), .success,
                                       "depth \(depth): the other thread did not get the lock")
                    }
                    // Held again: recursion still works at this depth.
                    guarded.recursiveLock.withLock { guarded.count += 10 }
                }
            }
            nest(1)
            XCTAssertEqual(guarded.count, 11, "depth \(depth)")
        }
    }
}
