import Foundation

/// RAC names operator results (`"[source] -map:"`) only when `RAC_DEBUG_SIGNAL_NAMES` is set,
/// so that naming costs nothing in ordinary use; `RAC_TRACE` turns names on too, so that the
/// trace's tracks carry them. Read once per process. Usable from inlinable constructors
/// (`Signal.return`).
// `getenv`, not `ProcessInfo.environment`, which builds a dictionary of the whole environment
// per call (about 180,000 instructions each, seen as a constant in every benchmark's count).
@usableFromInline
let debugSignalNamesEnabled: Bool = debugNamesRequested()

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
