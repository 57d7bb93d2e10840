import Foundation

/// RAC names operator results (`"[source] -map:"`) only when `RAC_DEBUG_SIGNAL_NAMES` is set,
/// so that naming costs nothing in ordinary use; `RAC_TRACE` turns names on too, so that the
/// trace's tracks carry them. Read once per process (two threads asking first may both read
/// it: the same answer). Usable from inlinable constructors (`Signal.return`).
// `getenv`, not `ProcessInfo.environment`, which builds a dictionary of the whole environment
// per call (about 180,000 instructions each, seen as a constant in every benchmark's count).
// Not inlinable: one call in an inlinable constructor, as the accessor of the `let` it
// replaces was, so that the constructor inlines as it did (the check inlined there, a load and
// a call more, kept R6's flattenMap and `return` from being inlined: +228 instructions per cycle).
// `readnone`, as that accessor was taken to be, so that a caller building several signals calls
// it once (R6: five flattenMaps in one function): every call returns the same value, and the
// stores, of that value, are idempotent.
@usableFromInline
var debugSignalNamesEnabled: Bool {
    @_effects(readnone) get {
        if _fastPath(debugSignalNamesRead.isSet) { return debugSignalNamesOn.isSet }
        return readDebugNamesSetting()
    }
}

// The setting as two flags with a constant initial value, not a lazily initialized `let Bool`:
// such globals are statically initialized, so a read is a load, where the `let` cost a
// `swift_once` check in its accessor at every `named` (R6: six per cycle, about 16
// instructions each; R6 −64, R5 −97, W6 −20 per cycle; Benchmarks/HISTORY.md, "Issue 37:
// flattenMap's construction, the Z family and its memory, third pass (helper, 2026-12-02)").
// Atomic only so that the first reads may race: `debugSignalNamesOn` is set before
// `debugSignalNamesRead`, so a reader that sees the second sees the first.
private let debugSignalNamesRead = AtomicFlag()
private let debugSignalNamesOn = AtomicFlag()

/// Reads the setting for `debugSignalNamesEnabled` and keeps it.
@inline(never)
private func readDebugNamesSetting() -> Bool {
    let requested = debugNamesRequested()
    if requested { _ = debugSignalNamesOn.set() }
    _ = debugSignalNamesRead.set()
    return requested
}

// A function rather than the initializer's expression: Tools/apple-typecheck emits the module
// with function bodies skipped, and its rebuilt standard library cannot check pointer code.
private func debugNamesRequested() -> Bool {
    getenv("RAC_DEBUG_SIGNAL_NAMES").map { _ in true } ?? false
        || getenv("RAC_TRACE").map { !String(cString: $0).isEmpty } ?? false
}

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
