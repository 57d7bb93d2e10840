/// State that only the holder of its lock can reach: the lock owns it, as ReactiveSwift's
/// `Atomic` and swift-nio's `NIOLockedValueBox` own theirs.
///
/// A field "guarded by `lock`" is a promise nothing checks: any method can read it without
/// the lock, and a reviewer has to read every use to know. Here the state is reachable only
/// inside `withLock`, so an unguarded read does not compile. It is a class (one allocation
/// where its owner is made) because a lock and its state stored inline in the owner cannot be
/// lent out together without an `inout` access to the owner's field for the length of the
/// critical section — which another thread's critical section would overlap, a violation of
/// exclusivity the compiler would be entitled to miscompile. So it is for what is made once
/// per scheduler, request, recording or debug check. What is made per subscription or per
/// scheduled block (operator sinks, a test scheduler's actions) keeps its lock and fields
/// inline, marked "guarded by `lock`": one allocation more each is what the construction
/// workloads count (BENCHMARKS.md; issue 37's goal is no more allocations than the floor).
/// So does a lock that also serializes deliveries (the serializing points' `RecursiveLock`),
/// which guards more than a state value.
///
/// The lock is not recursive: a `body` that reaches `withLock` of the same state again
/// deadlocks. Keep callouts — blocks of user code, deliveries — out of `body`: copy what they
/// need out, and call them after.
final class LockedState<State>: @unchecked Sendable {
    private let lock = UnfairLock()
    // Only `withLock` touches it, and only after taking `lock`: threads reach it one at a
    // time, and a nested `withLock` on one thread stops at the lock before it could begin a
    // second access. The dynamic check could never fire, so it is off (it would be two
    // runtime calls per critical section: A2 runs three a change through TestScheduler).
    @exclusivity(unchecked) private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the lock held and the state lent to it for mutation.
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
