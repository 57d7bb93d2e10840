import Foundation
#if !canImport(Darwin)
import Synchronization
#endif

/// Whether `RAC_DEBUG_SIGNAL_NAMES` is set: RAC names operator results (`"[source] -map:"`)
/// only then, so that naming costs nothing in ordinary use. Read once per process.
let debugSignalNamesFromEnvironment: Bool = ProcessInfo.processInfo.environment["RAC_DEBUG_SIGNAL_NAMES"] != nil

#if canImport(Darwin)
/// `debugSignalNamesFromEnvironment`, for inlinable constructors (`Signal.return`). On Apple
/// platforms the global's once-check is an inline load (and `Atomic` needs newer systems than
/// the package supports).
@inlinable
var debugSignalNamesEnabled: Bool { debugSignalNamesReadOnce() }

@usableFromInline
func debugSignalNamesReadOnce() -> Bool { debugSignalNamesFromEnvironment }
#else
/// The flag as the inlined constructors read it: 0 until first read, then 1 (off) or 2 (on).
/// A global of literal value is initialized statically, so reading it is one load; a lazily
/// initialized global (`debugSignalNamesFromEnvironment`) costs a call to its addressor and
/// to `swift_once` on every read on Linux — once per `Signal.return`, 2.8% of R3 (five
/// `flattenMap { return($0) }` levels).
@usableFromInline
let debugSignalNamesCache = Atomic<UInt8>(0)

/// `debugSignalNamesFromEnvironment`, for inlinable constructors (`Signal.return`).
@inlinable
var debugSignalNamesEnabled: Bool {
    let cached = debugSignalNamesCache.load(ordering: .relaxed)
    return cached != 0 ? cached == 2 : debugSignalNamesReadOnce()
}

/// Every read comes here until one has stored the flag; they all store the same value.
@usableFromInline
func debugSignalNamesReadOnce() -> Bool {
    let enabled = debugSignalNamesFromEnvironment
    debugSignalNamesCache.store(enabled ? 2 : 1, ordering: .relaxed)
    return enabled
}
#endif

extension Signal {
    /// Sets `name` from `make` only when debug names are on; `make` is not evaluated otherwise.
    // Inlinable: called from inlinable constructors, where a call would retain and release the
    // signal it returns (two atomic operations per constructor in W6's cycle).
    @inlinable
    func named(_ make: @autoclosure () -> String) -> Self {
        if debugSignalNamesEnabled { name = make() }
        return self
    }
}
