import Foundation
internal import RACSwiftRuntimeShims

/// The per-thread "current scheduler", set while a scheduler runs a block: one thread-local
/// word holding the scheduler's address, unretained (a retain and a release per block run
/// would be two atomic operations in every scheduled block, W14–W21). The word is a C11
/// `_Thread_local` (RACSwiftRuntimeShims): reading it is a load through the thread pointer,
/// where a pthread key made lazily cost a once-check and `pthread_getspecific`, about 25
/// instructions per value per level (R3, R6, W4, every constant inner).
///
/// What it assumes, and who may call it:
///
/// - Only `Scheduler` sets it: `Scheduler.performAsCurrentScheduler` sets itself around the block it
///   runs and puts the previous value back after, and the main thread adopts `Scheduler.main`
///   (which lives as long as the process). So the slot names a scheduler only while that
///   scheduler is running a block on this thread, and the scheduler outlives the block it
///   runs (its caller holds it).
/// - `get()` may be called by anyone on the thread; the scheduler it returns is retained
///   from then on, like any strong reference.
///
/// Why it is safe: a set is always undone before the scheduler that set itself can go away.
/// What would break it: a `set` that is not put back (a scheduler that sets itself and
/// returns early, or a block run that escapes the set/restore pair), after which the slot
/// names a freed scheduler and `get()` returns a dangling reference.
///
/// Debug builds check it: each thread keeps a weak shadow of what the slot holds, and `get()`
/// stops if the slot's scheduler has been freed (its shadow reads nil) — instead of handing
/// out freed memory. Compiled out of release builds.
enum CurrentScheduler {
    @inline(__always)
    static func get() -> Scheduler? {
        guard let raw = racswift_current_scheduler_get() else { return nil }
        #if DEBUG
        precondition(
            DebugShadow.current.scheduler.map { Unmanaged.passUnretained($0).toOpaque() } == raw,
            "CurrentScheduler.get(): the current scheduler was freed while still current (set without being put back)")
        #endif
        return Unmanaged<Scheduler>.fromOpaque(raw).takeUnretainedValue()
    }

    @inline(__always)
    static var isSet: Bool { racswift_current_scheduler_get() != nil }

    // The scheduler outlives the block it runs, so the slot need not retain it.
    @inline(__always)
    static func set(_ scheduler: Scheduler?) {
        #if DEBUG
        DebugShadow.current.scheduler = scheduler
        #endif
        racswift_current_scheduler_set(scheduler.map { Unmanaged.passUnretained($0).toOpaque() })
    }

    #if DEBUG
    /// A thread's weak copy of its slot (debug builds only), released with the thread.
    private final class DebugShadow {
        weak var scheduler: Scheduler?

        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = pthread_key_create(&key) { raw in
                if let raw { Unmanaged<DebugShadow>.fromOpaque(raw).release() }
            }
            precondition(status == 0, "RACSwift: could not create the current-scheduler debug key (\(status))")
            return key
        }()

        static var current: DebugShadow {
            if let raw = pthread_getspecific(key) { return Unmanaged<DebugShadow>.fromOpaque(raw).takeUnretainedValue() }
            let shadow = DebugShadow()
            pthread_setspecific(key, Unmanaged.passRetained(shadow).toOpaque())
            return shadow
        }
    }
    #endif
}
