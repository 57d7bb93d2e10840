#if !canImport(Darwin) && !RACSWIFT_TSAN
import Foundation
@testable import RACSwift
import XCTest

/// `BargingLock` on its own (LockTests drives it through `UnfairLock` and `RecursiveLock`):
/// exclusion with more threads than cores, and a holder that keeps it long enough for every
/// waiter to stop spinning and park, all of whom must wake. Exact counts, never times.
final class BargingLockTests: RACTestCase {
    private final class Guarded: @unchecked Sendable {
        let lock = BargingLock()
        var count = 0
    }

    func testSixThreadsLoseNoIncrement() {
        let guarded = Guarded()
        onThreads(6) { _ in
            for _ in 0..<20_000 {
                guarded.lock.lock()
                guarded.count += 1
                guarded.lock.unlock()
            }
        }
        XCTAssertEqual(guarded.count, 120_000)
    }

    func testEveryThreadThatParkedBehindASleepingHolderWakes() {
        let guarded = Guarded()
        guarded.lock.lock()
        let started = DispatchGroup()
        let done = DispatchGroup()
        for _ in 0..<4 {
            started.enter()
            done.enter()
            Thread {
                started.leave()
                guarded.lock.lock()
                guarded.count += 1
                guarded.lock.unlock()
                done.leave()
            }.start()
        }
        started.wait()
        // Longer than the waiters' spinning budget (some 20 µs), so they park.
        Thread.sleep(forTimeInterval: 0.05)
        guarded.lock.unlock()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "a parked thread was not woken")
        XCTAssertEqual(guarded.count, 4)
    }
}
#endif
