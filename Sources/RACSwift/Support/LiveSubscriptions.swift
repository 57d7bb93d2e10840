/// Counts the subscription objects (sinks) the library has alive, so tests can prove that
/// every subscription released everything it created.
///
/// Counting is compiled in for debug builds only; in release builds `count` is always 0 and
/// the hooks compile to nothing.
@_spi(Testing)
public enum LiveSubscriptions {
    #if DEBUG
    private static let counter = AtomicCounter()
    #endif

    /// The number of library sinks alive right now (debug builds only).
    public static var count: Int {
        #if DEBUG
        return counter.value
        #else
        return 0
        #endif
    }

    /// Whether `count` is meaningful in this build.
    public static var isCounting: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    static func increment() {
        #if DEBUG
        counter.add(1)
        #endif
    }

    static func decrement() {
        #if DEBUG
        counter.add(-1)
        #endif
    }
}
