/// A call on an element of an array of objects, borrowed from the array's buffer: no retain
/// and no release of the element around the call. For the property hooks' delivery loop
/// (`ObservationCenter.send`), where the element's retain and release were 40 of an
/// assignment's 884 instructions (A3, Benchmarks/HISTORY.md, "Issue 37: synchronous
/// observation and the create block, eleventh pass"): the optimizer retains an element loaded from an array before
/// any call it cannot see into, because that call might, for all it knows, free the buffer.
///
/// What it assumes: the array value the method is called on keeps its buffer, and so the
/// element, alive and unchanged until `body` returns. For a local copy (a `let` the caller
/// owns, such as the observers a delivery copied out under the hook's lock) that holds by
/// construction: the copy is a reference to the buffer nothing can mutate in place (any other
/// holder's mutation copies it first) or release. (On a stored property the optimizer retains
/// the buffer for the call instead, which saves nothing: `ObservationCenter.beginDelivery`
/// uses an `UnretainedReference` to its hook for that reason.)
///
/// Who may call it: the delivery loop of `ObservationCenter`, on the observers its delivery
/// copied. Why it is safe: the copy is a `let` in the caller's frame, alive across the call.
/// What would break it: a caller borrowing from an array that `body` (or another thread) can
/// write — a stored property read without its lock. Debug builds check that the element is
/// still alive when `body` returns (a weak shadow of it, read after the call), which stops a
/// borrow that outlived its element; compiled out of release builds, where this is the
/// subscript's bounds check and the call.
extension ContiguousArray where Element: AnyObject {
    /// Runs `body` with the element at `index`, borrowed from this array: no retain or release.
    @inline(__always)
    func withBorrowedElement<Result>(at index: Int, _ body: (Element) throws -> Result) rethrows -> Result {
        let element = Unmanaged.passUnretained(self[index])
        #if DEBUG
        let shadow = BorrowedElementShadow(element.takeUnretainedValue())
        defer {
            precondition(shadow.object != nil, "withBorrowedElement(at:): the element was freed while borrowed")
        }
        #endif
        return try element._withUnsafeGuaranteedRef(body)
    }
}

#if DEBUG
/// A debug build's weak reference to a borrowed element, read once the borrow is over.
final class BorrowedElementShadow {
    weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}
#endif
