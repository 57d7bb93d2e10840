import Foundation

/// The wall clock in `Date`'s own unit (seconds since 2001-01-01), read without building a
/// `Date`: the clock `Date()` reads, so times from both compare.
///
/// For the per-value reads of the batched timers (delay's due date for each value, W13):
/// `Scheduler.now`'s dynamic call, `Date()` and `timeIntervalSinceReferenceDate` cost ~60
/// instructions around the clock read itself (Benchmarks/HISTORY.md, "Issue 28f").
enum WallClock {
    static var now: Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        // The seconds moved to the reference date as integers first, so the nanoseconds keep
        // their precision in the sum.
        return Double(Int(spec.tv_sec) - secondsFrom1970ToReferenceDate) + Double(spec.tv_nsec) * 1e-9
    }

    /// `Date.timeIntervalBetween1970AndReferenceDate`, as an integer.
    private static let secondsFrom1970ToReferenceDate = 978_307_200
}
