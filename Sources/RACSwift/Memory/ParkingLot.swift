#if !canImport(Darwin) && !RACSWIFT_TSAN
import Foundation
import Synchronization

/// Where contended `BargingLock`s' waiters sleep: a fixed set of buckets, each a pthread mutex
/// and condition variable, allocated once for the process. A lock's sleepers all wait in one
/// bucket, recorded in the lock's word.
///
/// Invariants (what the raw pthread storage relies on):
///
/// - Each bucket's mutex and condition live at a fixed heap address, allocated and
///   initialized in the bucket's `init` and never moved or freed: a pthread mutex must not
///   move while in use, which a Swift stored property cannot promise, and the lot lives as
///   long as the process (`shared`), so nothing is ever destroyed under a sleeper.
/// - Only `BargingLock` calls it, by the protocol its header states: `lock` then `wait` (any
///   number of times) then `unlock` on one bucket, on one thread; `wakeAll` with the bucket's
///   mutex held.
///
/// Why it is safe: the storage outlives every call, and the calls follow pthread's rules.
/// What would break it: an unlock by a thread that does not hold the mutex, or a wait
/// without it — undefined behaviour for a default mutex. Debug builds make each bucket's
/// mutex an error-checking one and stop on any error pthread reports (an unlock by a thread
/// that does not hold it, a wait without it, a relock by its holder); release builds keep
/// the default mutex, whose calls cost nothing extra.
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
            #if DEBUG
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
            #else
            pthread_mutex_init(mutex, nil)
            #endif
            pthread_cond_init(condition, nil)
        }

        // Never deinitialized: the parking lot lives as long as the process.

        func lock() {
            let status = pthread_mutex_lock(mutex)
            assert(status == 0, "ParkingLot.Bucket.lock(): pthread error \(status)")
        }

        func unlock() {
            let status = pthread_mutex_unlock(mutex)
            assert(status == 0, "ParkingLot.Bucket.unlock(): pthread error \(status)")
        }

        /// With the mutex held: sleeps until `wakeAll` (or spuriously), holding it again after.
        func wait() {
            let status = pthread_cond_wait(condition, mutex)
            assert(status == 0, "ParkingLot.Bucket.wait(): pthread error \(status)")
        }

        func wakeAll() { pthread_cond_broadcast(condition) }
    }
}
#endif

