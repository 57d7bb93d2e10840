import Foundation
#if canImport(Darwin)
import os
#else
import Synchronization
#endif

// Atomic needs macOS 15 / iOS 18, and the package supports macOS 13 / iOS 16, so every lock and
// flag in the library goes through these few types: on Linux (the measured platform) a barging
// lock built on Synchronization's Atomic (`BargingLock`, chosen over Synchronization's Mutex by
// measurement: Benchmarks/HISTORY.md, "Contention: the lock, chosen by measurement"; `Support/BargingLock.swift`, its sleepers in
// `Memory/ParkingLot.swift`), on Apple platforms the os equivalents.

/// A non-recursive lock stored inline in its owner (no allocation on Linux).
struct UnfairLock: ~Copyable {
    #if RACSWIFT_TSAN
    // ThreadSanitizer builds use pthread mutexes, which it intercepts: it reported false
    // races on Mutex's contended path (inside the uninstrumented standard library).
    // `BargingLock` is instrumented code and the suite passes under TSan with it too (built
    // without RACSWIFT_TSAN; issue 20d's runs), but the pthread variant stays what CI checks.
    private let base = PthreadMutex(recursive: false)
    func lock() { base.lock() }
    func unlock() { base.unlock() }
    #elseif canImport(Darwin)
    private let base = OSAllocatedUnfairLock()
    func lock() { base.lock() }
    func unlock() { base.unlock() }
    #else
    private let base = BargingLock()
    func lock() { base.lock() }
    func unlock() { base.unlock() }
    #endif

    init() {}

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// The lock at a serializing point: held while an event is delivered downstream.
///
/// It is recursive because RAC's `@synchronized` is: a subscriber that synchronously sends
/// into the signal it is subscribed to (a feedback loop through a subject) must get a nested
/// delivery, not a deadlock.
struct RecursiveLock: ~Copyable {
    #if RACSWIFT_TSAN || canImport(Darwin)
    #if RACSWIFT_TSAN
    private let base = PthreadMutex(recursive: true)
    #else
    private let base = HoldCountingLock()
    #endif
    init() {}
    @discardableResult
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        base.lock()
        base.holds += 1
        defer {
            base.holds -= 1
            base.unlock()
        }
        return try body()
    }

    /// Takes the lock, as `withLock` does; true if this thread already held it (a nested
    /// call). Give it back with `leave(nested:)`, passing what this returned.
    func enter() -> Bool {
        base.lock()
        base.holds += 1
        return base.holds > 1
    }

    /// Gives back what `enter()` took.
    func leave(nested: Bool) {
        base.holds -= 1
        base.unlock()
    }

    /// `withLock` if the lock is free or this thread holds it; nil, without waiting, if
    /// another thread holds it.
    @discardableResult
    func withLockIfAvailable<R>(_ body: () throws -> R) rethrows -> R? {
        guard base.tryLock() else { return nil }
        base.holds += 1
        defer {
            base.holds -= 1
            base.unlock()
        }
        return try body()
    }

    /// Runs `body` with the lock released, by the thread that holds it (at any depth of
    /// nested `withLock` calls), then takes it again as deeply.
    func withLockReleased<R>(_ body: () throws -> R) rethrows -> R {
        let holds = base.holds
        base.holds = 0
        for _ in 0..<holds { base.unlock() }
        defer {
            for _ in 0..<holds { base.lock() }
            base.holds = holds
        }
        return try body()
    }
    #else
    private let base = BargingLock()
    // Only the owning thread can have stored its own id, so a relaxed load that sees our id
    // proves we already hold the lock.
    private let owner = Atomic<UInt>(0)
    init() {}
    // Not built on `enter`/`leave`, though it does what they do: with `body` called once that
    // way, a subject's send cost 6 instructions more (W1 155.5 → 161.5; Benchmarks/HISTORY.md,
    // "Issue 37: the subject-based per-event workloads, second pass (helper, 2026-12-02)").
    @discardableResult
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        let me = currentThreadID()
        if owner.load(ordering: .relaxed) == me { return try body() }
        base.lock()
        owner.store(me, ordering: .relaxed)
        defer {
            owner.store(0, ordering: .relaxed)
            base.unlock()
        }
        return try body()
    }

    /// Takes the lock, as `withLock` does, unless this thread already holds it; true if it
    /// already held it (a nested call). Give it back with `leave(nested:)`, passing what this
    /// returned.
    /// For a hot path where `withLock`'s closure is left a function of its own, called from
    /// two places.
    func enter() -> Bool {
        let me = currentThreadID()
        if owner.load(ordering: .relaxed) == me { return true }
        base.lock()
        owner.store(me, ordering: .relaxed)
        return false
    }

    /// Gives back what `enter()` took.
    func leave(nested: Bool) {
        if nested { return }
        owner.store(0, ordering: .relaxed)
        base.unlock()
    }

    /// `withLock` if the lock is free or this thread holds it; nil, without waiting, if
    /// another thread holds it.
    @inline(__always)
    @discardableResult
    func withLockIfAvailable<R>(_ body: () throws -> R) rethrows -> R? {
        let me = currentThreadID()
        if owner.load(ordering: .relaxed) == me { return try body() }
        guard base.tryLock() else { return nil }
        owner.store(me, ordering: .relaxed)
        defer {
            owner.store(0, ordering: .relaxed)
            base.unlock()
        }
        return try body()
    }

    /// Runs `body` with the lock released, by the thread that holds it (at any depth of
    /// nested `withLock` calls), then takes it again as deeply.
    ///
    /// The serializing points use it to dispose from inside a delivery: disposing may take
    /// another serializing point's lock, which a thread delivering from there into this one
    /// holds while it waits for this lock. Whoever calls it must leave nothing that another
    /// thread could deliver meanwhile.
    func withLockReleased<R>(_ body: () throws -> R) rethrows -> R {
        let me = currentThreadID()
        precondition(owner.load(ordering: .relaxed) == me, "RecursiveLock.withLockReleased: lock not held")
        owner.store(0, ordering: .relaxed)
        base.unlock()
        defer {
            base.lock()
            owner.store(me, ordering: .relaxed)
        }
        return try body()
    }
    #endif
}

#if canImport(Darwin) && !RACSWIFT_TSAN
/// A recursive lock that counts how deeply its owner holds it (guarded by itself), so that
/// `RecursiveLock.withLockReleased` can let go of every level.
final class HoldCountingLock: @unchecked Sendable {
    private let base = NSRecursiveLock()
    var holds = 0
    func lock() { base.lock() }
    func tryLock() -> Bool { base.`try`() }
    func unlock() { base.unlock() }
}
#endif

/// A one-way flag: unset until the first `set()`.
struct AtomicFlag: ~Copyable {
    #if canImport(Darwin)
    private let base = OSAllocatedUnfairLock(initialState: false)
    init() {}
    var isSet: Bool { base.withLock { $0 } }
    /// Sets the flag; true for the one caller that changed it.
    func set() -> Bool {
        base.withLock { flag in
            if flag { return false }
            flag = true
            return true
        }
    }
    func setExclusively() -> Bool { set() }
    #else
    private let base = Atomic<Bool>(false)
    init() {}
    var isSet: Bool { base.load(ordering: .acquiring) }
    /// Sets the flag; true for the one caller that changed it.
    func set() -> Bool {
        !base.exchange(true, ordering: .acquiringAndReleasing)
    }
    /// `set()` for a caller holding the one lock every setter of this flag holds: a load and a
    /// store where `set()` needs an atomic exchange.
    func setExclusively() -> Bool {
        if base.load(ordering: .relaxed) { return false }
        base.store(true, ordering: .releasing)
        return true
    }
    #endif
}

/// How much work disposals have handed to the holder of a serializing point's lock, which
/// they must not wait for (the lock rule, contract article "Which locks"): read by every
/// thread right after it lets go of that lock (`Subject.handedOff`, `LockHandOff`).
///
/// Why no hand-off is missed: the disposer adds to the count, then tries the lock; the holder
/// unlocks, then reads the count. On Linux the four operations are sequentially consistent
/// (`BargingLock.tryLock` and `unlock` are), so in their single order either the read comes
/// after the addition and sees it, or the try comes after the unlock and takes the lock (or
/// finds a later holder, which reads after its own unlock). On x86-64 the read is a plain
/// load and the lock's instructions are unchanged. Where the lock is not ours (Darwin's, the
/// pthread mutex of ThreadSanitizer builds) the read is a read-modify-write instead: ordered
/// with the addition through the count itself, it makes the unlock happen before the try
/// whenever it does not see the addition.
struct HandOffCount: ~Copyable {
    #if canImport(Darwin)
    private let base = OSAllocatedUnfairLock(initialState: 0)
    init() {}
    var mayBeNonZero: Bool { base.withLock { $0 } != 0 }
    func add(_ delta: Int) { base.withLock { $0 += delta } }
    #else
    // 32 bits: a combineLatest sink's state packs beside it, 4 bytes less per subscription
    // (Benchmarks/HISTORY.md, "Issue 37: combineLatest's memory, tenth pass"). Hand-offs
    // outstanding at once are counted in threads disposing at that moment, far below 2^31.
    private let base = Atomic<Int32>(0)
    init() {}
    @inline(__always) var mayBeNonZero: Bool {
        #if RACSWIFT_TSAN
        return base.add(0, ordering: .sequentiallyConsistent).newValue != 0
        #else
        return base.load(ordering: .sequentiallyConsistent) != 0
        #endif
    }
    func add(_ delta: Int) { base.add(Int32(delta), ordering: .sequentiallyConsistent) }
    #endif
}

#if !canImport(Darwin)
/// A byte read on a hot path with a relaxed load and written rarely (the trace probes' gate,
/// Tracing/TraceProbes.swift): a plain load and store on every architecture Swift supports.
/// A global of this type is initialized statically (no once-token check per access).
/// Linux only; on Apple platforms the gate is a plain `nonisolated(unsafe)` byte (Atomic needs
/// macOS 15).
struct RelaxedByte: ~Copyable {
    private let base: Atomic<UInt8>
    init(_ value: UInt8) { base = Atomic(value) }
    @inline(__always) func load() -> UInt8 { base.load(ordering: .relaxed) }
    @inline(__always) func store(_ value: UInt8) { base.store(value, ordering: .relaxed) }
}
#endif

/// An integer counter safe to bump from any thread.
struct AtomicCounter: ~Copyable {
    #if canImport(Darwin)
    private let base = OSAllocatedUnfairLock(initialState: 0)
    init() {}
    var value: Int { base.withLock { $0 } }
    @discardableResult
    func add(_ delta: Int) -> Int { base.withLock { $0 += delta; return $0 } }
    func incrementExclusively() -> Int { add(1) }
    #else
    private let base = Atomic<Int>(0)
    init() {}
    var value: Int { base.load(ordering: .acquiring) }
    @discardableResult
    func add(_ delta: Int) -> Int { base.add(delta, ordering: .acquiringAndReleasing).newValue }
    /// `add(1)` for a caller holding the one lock every incrementer of this counter holds: a
    /// load and a store where `add` needs a locked read-modify-write (readers on other threads
    /// still see each new value whole).
    func incrementExclusively() -> Int {
        let new = base.load(ordering: .relaxed) + 1
        base.store(new, ordering: .releasing)
        return new
    }
    #endif
}

/// `AtomicCounter` in 32 bits, for a count that always fits (a subject entry's gate,
/// `SubscriptionGate`): it shares a word with a 32-bit neighbour. Debug builds check the range.
struct AtomicCounter32: ~Copyable {
    #if canImport(Darwin)
    private let base = OSAllocatedUnfairLock(initialState: 0)
    init() {}
    var value: Int { base.withLock { $0 } }
    @discardableResult
    func add(_ delta: Int) -> Int { base.withLock { $0 += delta; return $0 } }
    #else
    private let base = Atomic<Int32>(0)
    init() {}
    @inline(__always)
    var value: Int { Int(base.load(ordering: .acquiring)) }
    @inline(__always) @discardableResult
    func add(_ delta: Int) -> Int {
        #if DEBUG
        precondition(Int32(exactly: delta) != nil, "AtomicCounter32: delta \(delta) beyond 32 bits")
        #endif
        return Int(base.add(Int32(truncatingIfNeeded: delta), ordering: .acquiringAndReleasing).newValue)
    }
    #endif
}

/// A number naming the calling thread, distinct among the threads alive at once: a recursive
/// lock's owner word, a drain loop's thread, a trace event's thread. On Linux the address of a
/// byte of thread storage (`ThreadAddress`), which is read without a call; on Apple platforms
/// `pthread_self()`, itself a read of thread storage there.
@inline(__always)
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return ThreadAddress.current
    #endif
}

/// Lets a non-Sendable value cross into a `@Sendable` closure (Dispatch's), where the
/// library's own serialization is what makes the hand-over safe.
struct UncheckedSendable<Wrapped>: @unchecked Sendable {
    let value: Wrapped
    init(_ value: Wrapped) { self.value = value }
}
