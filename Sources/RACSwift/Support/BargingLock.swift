#if !canImport(Darwin) && !RACSWIFT_TSAN
import Foundation
import Synchronization

/// The lock behind `UnfairLock` and `RecursiveLock` on Linux: one 32-bit word in its owner, a
/// compare-and-swap to take and one to release when nobody waits, and no hand-off.
///
/// Synchronization's `Mutex` on Linux is a priority-inheritance futex: a contended unlock
/// enters the kernel, which hands the lock to the waiter, and the releasing thread — still
/// running, about to send again — must then wait for a thread that is not yet running
/// (about 1.7–2 × a pthread mutex's time per send with two or more senders; see Benchmarks/HISTORY.md,
/// "Contention: the lock, chosen by measurement"). Here a released lock is free for whoever comes first (barging), a waiter
/// looks again after pauses that double (`lockContended`), then yields, and only then sleeps
/// — in a parking lot shared by every lock (`ParkingLot`), so no lock needs storage of its own
/// beyond its word. Not fair: a thread can be overtaken, as with `os_unfair_lock` and a
/// default pthread mutex, and under steady contention the holder keeps the lock for a run of
/// critical sections, which is where the throughput comes from.
///
/// Why no wake-up is lost (reviewed for issue 20d; stress-tested by `Support/LockTests`, and
/// every interleaving of small cases checked by `Tools/lock-model/barging_lock_model.py`):
///
/// - The word is always 0, `held`, or `held | parked | bucket << 2`. Bit 1 is set only by a
///   compare-and-swap from a word with `held` set, and nothing but the holder's slow unlock
///   clears it, by storing 0 — so `held` is never clear while `parked` is set, and while
///   `parked` is set (lock held) no other thread can change the word at all: lockers only
///   compare-and-swap a word whose `held` bit is clear, and parkers only mark an unmarked one.
/// - A thread sleeps only in `park`, in the bucket the word names, and only after checking,
///   under that bucket's mutex, that the word is `held | parked | that bucket` (marking it so
///   itself, or finding it so). It keeps that mutex until `pthread_cond_wait` has it asleep.
/// - The only way out of that word is the holder's `unlockWakingSleepers`, which takes that
///   same bucket's mutex (the bucket is read from the word, which cannot change meanwhile),
///   stores 0 and broadcasts. Holding the mutex orders it after every sleeper's check-and-
///   wait, so every sleeper of this lock is in the wait when the broadcast comes.
/// - The fast unlock (`held` → 0) succeeds only with `parked` clear, when by the above
///   nobody sleeps for this lock.
/// - Whatever wakes (the broadcast, a spurious wake-up, a broadcast for another lock sharing
///   the bucket) only returns to `lockContended`'s loop, which reads the word afresh: waking
///   early costs a retry, never a missed lock. Every loop iteration either takes the lock,
///   spins (at most `spinLimit` times, and never while someone sleeps), or parks; parking
///   returns at once only when the word changed, so no thread can loop without the lock
///   changing hands or it going to sleep.
struct BargingLock: ~Copyable {
    // Bit 0: held. Bit 1: a thread may be asleep waiting for it. Bits 2–7: which parking-lot
    // bucket those sleepers wait in (chosen by the first of them; meaningful while bit 1 is
    // set). Changed only by compare-and-swap, except that the releasing thread, holding the
    // bucket's mutex, clears it outright: nothing else can change a word with bit 1 set.
    private let state = Atomic<UInt32>(0)

    init() {}

    func lock() {
        if state.compareExchange(expected: 0, desired: held, ordering: .acquiring).exchanged { return }
        lockContended()
    }

    /// Takes the lock if it is free; false, without waiting, if it is held.
    ///
    /// Sequentially consistent, as `unlock`: a thread that hands work to the holder publishes
    /// it, then tries the lock, while the holder unlocks, then looks for handed work
    /// (`HandOffCount`); in the single order of these operations one of the two sees the
    /// other's, so no work is left behind. On x86-64 the instructions are those of the
    /// acquire/release forms.
    func tryLock() -> Bool {
        state.compareExchange(expected: 0, desired: held, ordering: .sequentiallyConsistent).exchanged
    }

    func unlock() {
        if state.compareExchange(expected: held, desired: 0, ordering: .sequentiallyConsistent).exchanged { return }
        unlockWakingSleepers()
    }

    @inline(never)
    private func lockContended() {
        var spins = 0
        var pause = BargingLock.firstPause
        while true {
            let current = state.load(ordering: .relaxed)
            if current & held == 0 {
                if state.weakCompareExchange(
                    expected: current, desired: current | held,
                    successOrdering: .acquiring, failureOrdering: .relaxed
                ).exchanged { return }
                continue
            }
            // Critical sections are short (a send, a child added): the holder, running on
            // another core, lets go within a microsecond or so. The waiter looks again only
            // after a pause that doubles each time, reading nothing the holder writes
            // meanwhile: a waiter that keeps reading the word takes its cache line from the
            // holder at every look and hands the lock over at nearly every release, so two
            // threads sending into one serializing point pay a line transfer per event. Left
            // alone for a pause, the holder sends a run of events at one-thread speed
            // (Benchmarks/HISTORY.md, "Contention, third session": C1, M2 and M8 2-3x faster). Then a
            // few yields, for a holder preempted on a busy core, then sleep. Spinning is
            // skipped once someone sleeps, so newcomers do not starve the sleepers forever.
            if current & parked == 0, spins < BargingLock.spinLimit {
                spins += 1
                if spins > BargingLock.pausedSpins {
                    sched_yield()
                } else {
                    spinPause(pause)
                    pause = min(pause &* 2, BargingLock.longestPause)
                }
                continue
            }
            park(seen: current)
            spins = 0
            pause = BargingLock.firstPause
        }
    }

    /// Sleeps until the holder releases a lock it holds with sleepers, unless the word has
    /// changed since `seen` (then the caller looks again).
    private func park(seen: UInt32) {
        let bucketIndex = seen & parked != 0
            ? Int((seen >> 2) & BargingLock.bucketMask)
            : ParkingLot.bucketIndex(forThread: currentThreadID())
        let bucket = ParkingLot.shared.buckets[bucketIndex]
        bucket.lock()
        let current = state.load(ordering: .relaxed)
        if current & held == 0 {
            bucket.unlock()
            return
        }
        if current & parked != 0 {
            // Someone already sleeps for this lock: join them if it is in the same bucket.
            if Int((current >> 2) & BargingLock.bucketMask) != bucketIndex {
                bucket.unlock()
                return
            }
        } else {
            let marked = current | parked | (UInt32(bucketIndex) << 2)
            if !state.compareExchange(expected: current, desired: marked, ordering: .relaxed).exchanged {
                bucket.unlock()
                return
            }
        }
        // The releasing thread needs the bucket's mutex to clear the word, which this wait
        // gives up only once asleep: its wake-up cannot come too early to be seen.
        bucket.wait()
        bucket.unlock()
    }

    @inline(never)
    private func unlockWakingSleepers() {
        let current = state.load(ordering: .relaxed)
        precondition(current & held != 0, "BargingLock.unlock: not locked")
        let bucket = ParkingLot.shared.buckets[Int((current >> 2) & BargingLock.bucketMask)]
        bucket.lock()
        // Every sleeper of the bucket wakes and looks again: those waiting for other locks
        // see their own word still marked and sleep again; those waiting for this one race
        // for it with everyone else, and mark it again if they lose.
        state.store(0, ordering: .sequentiallyConsistent)
        bucket.wakeAll()
        bucket.unlock()
    }

    private var held: UInt32 { 1 }
    private var parked: UInt32 { 2 }
    private static var bucketMask: UInt32 { UInt32(ParkingLot.bucketCount - 1) }
    /// Pauses before the first yield, then yields up to `spinLimit` looks in all before
    /// sleeping. A pause step is about half a nanosecond on the measured machine: the first
    /// pause about 0.5 µs, the longest about 2 µs, some 20 µs of pauses in all — the budget
    /// the earlier 100 loads and 40 yields had.
    private static var pausedSpins: Int { 10 }
    private static var spinLimit: Int { 20 }
    private static var firstPause: Int { 1024 }
    private static var longestPause: Int { 4096 }
}

/// Never written: `spinPause` reads it so that its loop is not optimized away, from a cache
/// line that stays shared in every core's cache, so the reads cost no traffic.
private let spinPacer = Atomic<Int>(0)

/// Waits about `steps` loop iterations without touching memory another thread writes (Swift
/// has no portable spin-wait hint).
@inline(never)
private func spinPause(_ steps: Int) {
    var step = 0
    while step < steps { step &+= 1 &+ spinPacer.load(ordering: .relaxed) }
}
#endif
