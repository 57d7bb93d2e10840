// Stub of the Apple SDK's os: only what RACSwift's targets use, with the Apple signatures,
// for Tools/apple-typecheck/run.sh. Never linked or run.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct OSAllocatedUnfairLock<State>: @unchecked Sendable {
    public init(uncheckedState initialState: State) { fatalError() }
    public init(initialState: State) where State: Sendable { fatalError() }
    public func withLockUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R { fatalError() }
    public func withLock<R>(_ body: @Sendable (inout State) throws -> R) rethrows -> R where R: Sendable { fatalError() }
    @available(*, noasync, message: "Use async-safe scoped locking instead")
    public func lock() {}
    @available(*, noasync, message: "Use async-safe scoped locking instead")
    public func unlock() {}
}
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension OSAllocatedUnfairLock where State == () {
    public init() { fatalError() }
    public func withLockUnchecked<R>(_ body: () throws -> R) rethrows -> R { fatalError() }
    public func withLock<R>(_ body: @Sendable () throws -> R) rethrows -> R where R: Sendable { fatalError() }
}
// os_signpost (Tracing/SignpostTraceObserver.swift); the real one also takes `dso: UnsafeRawPointer = #dsohandle`,
// which the rebuilt standard library cannot type-check, and which no caller passes.
public final class OSLog: @unchecked Sendable {
    public init(subsystem: String, category: String) {}
}
public struct OSSignpostID: Sendable {
    public init(_ value: UInt64) {}
    public static let exclusive = OSSignpostID(0)
}
public enum OSSignpostType: Sendable { case event, begin, end }
public func os_signpost(_ type: OSSignpostType, log: OSLog, name: StaticString,
                        signpostID: OSSignpostID = .exclusive, _ format: StaticString, _ arguments: any CVarArg...) {}
