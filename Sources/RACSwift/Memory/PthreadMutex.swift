#if RACSWIFT_TSAN
import Foundation

/// A heap-allocated pthread mutex, for ThreadSanitizer builds only (see `UnfairLock`), which
/// TSan intercepts.
///
/// Invariants (what the raw pthread storage relies on):
///
/// - The mutex lives at a fixed heap address from `init` to `deinit` (a pthread mutex must
///   not move while in use, which a Swift stored property cannot promise); it is destroyed and
///   freed only in `deinit`, when no thread can hold it (its owner, a lock stored inline in an
///   object, is going away).
/// - Only `UnfairLock` and `RecursiveLock` call it: `lock`/`tryLock` then `unlock` on the same
///   thread; `holds` is touched only by the holder.
///
/// Why it is safe: the storage outlives every call, and the callers follow pthread's rules.
/// What would break it: an unlock by a thread that does not hold the mutex, or a relock of the
/// non-recursive one by its holder (a deadlock) — undefined behaviour for a default mutex. Debug
/// builds make the non-recursive mutex an error-checking one and stop on any error pthread
/// reports (a busy `tryLock` is no error); release builds keep the default mutex.
final class PthreadMutex: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(recursive: Bool) {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        } else {
            #if DEBUG
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
            #endif
        }
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// How deeply the owner holds a recursive one (guarded by the mutex itself).
    var holds = 0

    func lock() {
        let status = pthread_mutex_lock(mutex)
        assert(status == 0, "PthreadMutex.lock(): pthread error \(status)")
    }

    func tryLock() -> Bool {
        let status = pthread_mutex_trylock(mutex)
        assert(status == 0 || status == EBUSY, "PthreadMutex.tryLock(): pthread error \(status)")
        return status == 0
    }

    func unlock() {
        let status = pthread_mutex_unlock(mutex)
        assert(status == 0, "PthreadMutex.unlock(): pthread error \(status)")
    }
}
#endif
