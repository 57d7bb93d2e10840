/// A disposable holding one replaceable inner disposable (RACSerialDisposable).
///
/// Setting an inner disposable after this one was disposed disposes the new one at once.
/// Replacing the inner disposable does not dispose the old one (as in RAC): `swap(with:)`
/// hands it back to the caller.
public final class SerialDisposable: Disposable, @unchecked Sendable {
    private let lock = UnfairLock()
    private var inner: Disposable?  // guarded by `lock`

    /// A serial disposable holding `disposable`.
    public init(_ disposable: Disposable? = nil) {
        inner = disposable
        super.init()
    }

    /// The inner disposable. Reading after disposal gives nil.
    public var disposable: Disposable? {
        get { lock.withLock { inner } }
        set { _ = swap(with: newValue) }
    }

    /// Replaces the inner disposable and returns the old one, atomically
    /// (RAC: `-swapInDisposable:`). After disposal it disposes `newDisposable` and returns nil.
    @discardableResult
    public func swap(with newDisposable: Disposable?) -> Disposable? {
        let (old, accepted) = lock.withLock { () -> (Disposable?, Bool) in
            if isDisposed { return (nil, false) }
            let old = inner
            inner = newDisposable
            return (old, true)
        }
        if !accepted { newDisposable?.dispose() }
        return old
    }

    /// Disposes the current disposable, once; a disposable swapped in afterwards is disposed at
    /// once (RAC's `-dispose`). Thread-safe.
    override public func dispose() {
        guard beginDisposal(locking: lock) else { return }
        let taken = inner
        inner = nil
        lock.unlock()
        taken?.dispose()
    }
}
