/// A disposable that disposes its inner disposable when it is deinitialized, tying a
/// subscription to a scope or an owner's lifetime (RACScopedDisposable).
public final class ScopedDisposable: Disposable, @unchecked Sendable {
    private let inner: Disposable

    /// Wraps `disposable` (RAC: `+scopedDisposableWithDisposable:`).
    public init(_ disposable: Disposable) {
        inner = disposable
        super.init()
    }

    /// Disposes the wrapped disposable, once (also done when this object is released).
    override public func dispose() {
        guard markDisposed() else { return }
        inner.dispose()
    }

    deinit { dispose() }
}
