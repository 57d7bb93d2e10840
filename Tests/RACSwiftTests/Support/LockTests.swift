import Foundation
@testable import RACSwift
import XCTest

/// The library's locks (`UnfairLock` and `RecursiveLock`: `BargingLock` on Linux, pthread
/// mutexes in `RACSWIFT_TSAN` builds): mutual exclusion with more threads than cores, with
/// critical sections long enough that waiters stop spinning and sleep, with a holder that keeps
/// the lock until every other thread has had time to go to sleep, with many contended locks
/// (and nested ones) whose sleepers share parking buckets, and RecursiveLock's recursion and
/// `withLockReleased`. Outcomes are exact counts, never times; a lost wake-up shows as threads
/// that do not finish within `onThreads`' bound, reported as a failure rather than a hang.
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

    /// One thread takes the lock, waits until the seven others are on their way into it, and
    /// keeps it for 20 ms: far longer than a waiter spins and yields, so they go to sleep.
    /// Its unlock must wake them all, and each must then get in exactly once. Twenty rounds,
    /// alternating `UnfairLock` and `RecursiveLock` (which adds a nested hold and the owner
    /// check in front of the same lock).
    func testAHolderThatSleepsWakesEveryThreadThatParkedBehindIt() {
        for round in 0..<20 {
            let guarded = Guarded()
            let recursive = round % 2 == 1
            let arrived = DispatchSemaphore(value: 0)
            let holding = DispatchSemaphore(value: 0)
            @Sendable func critical(_ body: () -> Void) {
                if recursive {
                    guarded.recursiveLock.withLock { guarded.recursiveLock.withLock(body) }
                } else {
                    guarded.lock.withLock(body)
                }
            }
            onThreads(8) { index in
                if index == 0 {
                    critical {
                        for _ in 1..<8 { holding.signal() }
                        for _ in 1..<8 { arrived.wait() }
                        usleep(20_000)
                        guarded.count += 1
                    }
                } else {
                    holding.wait()
                    arrived.signal()
                    critical { guarded.count += 1 }
                }
            }
            XCTAssertEqual(guarded.count, 8, "round \(round), recursive: \(recursive)")
        }
    }

    /// Eight threads on two locks, `outer` then `inner` (always in that order), and on `inner`
    /// alone: threads sleep for both at once, a holder of `outer` sleeps for `inner`, and the
    /// two locks' sleepers land in shared buckets whenever the same thread parked first on
    /// both. Waking one lock's bucket must not lose the other's wake-up.
    func testNestedLocksWithSleepersOnBothExcludeAndWake() {
        let outer = Guarded()
        let inner = Guarded()
        let perThread = 400
        onThreads(8) { thread in
            for k in 0..<perThread {
                if (thread + k) % 3 == 0 {
                    inner.lock.withLock {
                        let before = inner.count
                        Self.work(inner, 300)
                        inner.count = before + 1
                    }
                } else {
                    outer.lock.withLock {
                        let before = outer.count
                        Self.work(outer, 100)
                        inner.lock.withLock {
                            let innerBefore = inner.count
                            Self.work(inner, 300)
                            inner.count = innerBefore + 1
                        }
                        outer.count = before + 1
                    }
                }
            }
        }
        let innerOnly = (0..<8).reduce(0) { sum, thread in
            sum + (0..<perThread).filter { (thread + $0) % 3 == 0 }.count
        }
        XCTAssertEqual(outer.count, 8 * perThread - innerOnly)
        XCTAssertEqual(inner.count, 8 * perThread)
    }

    /// `withLockReleased` while seven other threads are sleeping for the lock: letting go
    /// from inside a delivery must wake them as a plain unlock does, and taking the lock
    /// back must wait its turn. Every thread releases and retakes in each of its holds.
    func testWithLockReleasedUnderContentionWakesTheSleepersAndRetakes() {
        let guarded = Guarded()
        let perThread = 300
        onThreads(8) { _ in
            for _ in 0..<perThread {
                guarded.recursiveLock.withLock {
                    guarded.count += 1
                    Self.work(guarded, 500)
                    guarded.recursiveLock.withLockReleased { Self.idle(200) }
                    let before = guarded.count
                    Self.work(guarded, 500)
                    guarded.count = before + 1
                }
            }
        }
        XCTAssertEqual(guarded.count, 2 * 8 * perThread)
    }

    /// Work that touches nothing shared (for code that runs with the lock released).
    private static func idle(_ rounds: Int) {
        var x = 0
        for i in 0..<rounds { x = x &* 31 &+ i }
        precondition(x != 1)
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

extension XCTestCase {
    /// Runs `body(thread)` on `count` new threads and waits for them, a minute at most: a lock
    /// that lost a wake-up shows as a failure, not a hang (LockTests, BargingLockTests).
    func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            Thread {
                body(index)
                done.leave()
            }.start()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "threads did not finish (a lost wake-up?)")
    }
}
