#if !canImport(Darwin) && !RACSWIFT_TSAN
import Foundation
import Synchronization

/// Where contended `BargingLock`s' waiters sleep: a fixed set of buckets, each a pthread mutex
/// and condition variable, allocated once for the process. A lock's sleepers all wait in one
/// bucket, recorded in the lock's word.
final class ParkingLot: Sendable {
    static let bucketCount = 64
    static let shared = ParkingLot()

    let buckets: [Bucket] = (0..<ParkingLot.bucketCount).map { _ in Bucket() }

    static func bucketIndex(forThread thread: UInt) -> Int {
        // pthread_t is a pointer on glibc: its low bits are alignment, its high bits shared.
        Int(truncatingIfNeeded: (thread >> 12) ^ (thread >> 20)) & (bucketCount - 1)
    }

    final class Bucket: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        // Never deinitialized: the parking lot lives as long as the process.

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }
        /// With the mutex held: sleeps until `wakeAll` (or spuriously), holding it again after.
        func wait() { pthread_cond_wait(condition, mutex) }
        func wakeAll() { pthread_cond_broadcast(condition) }
    }
}
#endif

