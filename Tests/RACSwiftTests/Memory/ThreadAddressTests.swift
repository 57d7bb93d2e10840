import Foundation
@testable import RACSwift
import RACSwiftTesting
import Testing

/// `currentThreadID()` — on Linux `ThreadAddress` (Memory/ThreadAddress.swift), the address of
/// a byte of thread storage: the same on every read of one thread, different for threads alive
/// at once, and what `RecursiveLock` tells its owner by — a thread that does not hold the lock
/// must never pass for its owner.
@Suite("The thread id is the thread's own while it lives")
struct ThreadAddressTests {
    /// Eight threads, all alive at once (each waits until every one has read its id), read
    /// their id twice: two equal reads each, eight different ids, none 0.
    @Test func threadsAliveAtOnceHaveDistinctStableIDs() {
        let count = 8
        let ids = Locked<[Int: [UInt]]>([:])
        let allRead = DispatchGroup()
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for index in 0..<count {
            allRead.enter()
            finished.enter()
            Thread.detachNewThread {
                let first = currentThreadID()
                allRead.leave()
                release.wait()
                ids.withValue { $0[index] = [first, currentThreadID()] }
                finished.leave()
            }
        }
        let allStarted = allRead.wait(timeout: .now() + 30) == .success
        for _ in 0..<count { release.signal() }
        let allFinished = finished.wait(timeout: .now() + 30) == .success
        #expect(allStarted && allFinished)
        let reads = ids.withValue { $0 }
        #expect(reads.count == count)
        #expect(reads.values.allSatisfy { $0.count == 2 && $0[0] == $0[1] && $0[0] != 0 })
        #expect(Set(reads.values.map { $0[0] }).count == count)
        #expect(!reads.values.contains { $0[0] == currentThreadID() })
    }

    /// A recursive lock held by this thread: this thread nests into it, a second thread
    /// (alive meanwhile) finds it taken; once it is given back, the second thread gets it.
    @Test func aRecursiveLockKnowsItsOwnerByTheID() {
        final class Shared: @unchecked Sendable {
            let lock = RecursiveLock()
        }
        let shared = Shared()
        let whileHeld = Locked<[String]>([])
        shared.lock.withLock {
            let nested = shared.lock.withLockIfAvailable { "nested on the owner" }
            whileHeld.withValue { $0.append(nested ?? "refused to the owner") }
            let other = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                let got = shared.lock.withLockIfAvailable { "taken by another thread" }
                whileHeld.withValue { $0.append(got ?? "refused to another thread") }
                other.signal()
            }
            #expect(other.wait(timeout: .now() + 30) == .success)
        }
        let afterwards = DispatchSemaphore(value: 0)
        let after = Locked<String?>(nil)
        Thread.detachNewThread {
            after.withValue { $0 = shared.lock.withLockIfAvailable { "taken by another thread" } }
            afterwards.signal()
        }
        #expect(afterwards.wait(timeout: .now() + 30) == .success)
        #expect(whileHeld.withValue { $0 } == ["nested on the owner", "refused to another thread"])
        #expect(after.withValue { $0 } == "taken by another thread")
    }
}
