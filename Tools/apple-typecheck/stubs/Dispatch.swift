// Stub of the Apple SDK's Dispatch: only what RACSwift's targets use, with the Apple signatures,
// for Tools/apple-typecheck/run.sh. Never linked or run.
public struct DispatchQoS: Sendable, Equatable {
    public static let unspecified = DispatchQoS()
    public static let userInitiated = DispatchQoS()
    public static let `default` = DispatchQoS()
    public static let utility = DispatchQoS()
    public static let background = DispatchQoS()
    public static let userInteractive = DispatchQoS()
    public enum QoSClass: Sendable { case background, utility, `default`, userInitiated, userInteractive, unspecified }
}
public struct DispatchWorkItemFlags: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
public enum DispatchTimeInterval: Equatable, Sendable { case seconds(Int), milliseconds(Int), microseconds(Int), nanoseconds(Int), never }
public struct DispatchWallTime: Comparable, Sendable {
    public static func now() -> DispatchWallTime { fatalError() }
    public static let distantFuture = DispatchWallTime()
    public static func < (a: DispatchWallTime, b: DispatchWallTime) -> Bool { false }
}
public struct DispatchTime: Comparable, Sendable {
    public static func now() -> DispatchTime { fatalError() }
    public var uptimeNanoseconds: UInt64 { 0 }
    public static let distantFuture = DispatchTime()
    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { false }
}
public func + (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime { time }
public func + (time: DispatchWallTime, seconds: Double) -> DispatchWallTime { time }
public func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime { time }
public func + (time: DispatchTime, seconds: Double) -> DispatchTime { time }
public class DispatchObject {}
public final class DispatchWorkItem: @unchecked Sendable {
    public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], block: @escaping @Sendable @convention(block) () -> Void) {}
    public func perform() {}
    public func cancel() {}
    public var isCancelled: Bool { false }
}
public typealias DispatchSourceHandler = @Sendable @convention(block) () -> Void
public protocol DispatchSourceProtocol {
    func setEventHandler(qos: DispatchQoS, flags: DispatchWorkItemFlags, handler: DispatchSourceHandler?)
    func setCancelHandler(qos: DispatchQoS, flags: DispatchWorkItemFlags, handler: DispatchSourceHandler?)
    func cancel()
    func resume()
    func suspend()
    var isCancelled: Bool { get }
}
extension DispatchSourceProtocol {
    public func setEventHandler(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], handler: DispatchSourceHandler?) {}
    public func setCancelHandler(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], handler: DispatchSourceHandler?) {}
}
public protocol DispatchSourceTimer: DispatchSourceProtocol {}
extension DispatchSourceTimer {
    public func schedule(deadline: DispatchTime, repeating interval: DispatchTimeInterval = .never, leeway: DispatchTimeInterval = .nanoseconds(0)) {}
    public func schedule(deadline: DispatchTime, repeating interval: Double, leeway: DispatchTimeInterval = .nanoseconds(0)) {}
    public func schedule(wallDeadline: DispatchWallTime, repeating interval: DispatchTimeInterval = .never, leeway: DispatchTimeInterval = .nanoseconds(0)) {}
    public func schedule(wallDeadline: DispatchWallTime, repeating interval: Double, leeway: DispatchTimeInterval = .nanoseconds(0)) {}
}
public protocol DispatchSourceRead: DispatchSourceProtocol {}
public class DispatchSource: DispatchObject, @unchecked Sendable {
    public class func makeReadSource(fileDescriptor: Int32, queue: DispatchQueue? = nil) -> any DispatchSourceRead { fatalError() }
    public struct TimerFlags: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
    public class func makeTimerSource(flags: DispatchSource.TimerFlags = [], queue: DispatchQueue? = nil) -> any DispatchSourceTimer { fatalError() }
}
public final class DispatchQueue: DispatchObject, @unchecked Sendable {
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt64; public init(rawValue: UInt64) { self.rawValue = rawValue }
        public static let concurrent = Attributes(rawValue: 1)
    }
    public enum AutoreleaseFrequency: Sendable { case inherit, workItem, never }
    public class var main: DispatchQueue { fatalError() }
    public var label: String { fatalError() }
    public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { fatalError() }
    public convenience init(label: String, qos: DispatchQoS = .unspecified, attributes: DispatchQueue.Attributes = [], autoreleaseFrequency: DispatchQueue.AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil) { fatalError() }
    public func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable @convention(block) () -> Void) {}
    public func async(execute workItem: DispatchWorkItem) {}
    public func sync<T>(execute work: () throws -> T) rethrows -> T { fatalError() }
    public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable @convention(block) () -> Void) {}
    public func asyncAfter(wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable @convention(block) () -> Void) {}
    public func asyncAfter(deadline: DispatchTime, execute: DispatchWorkItem) {}
    public func asyncAfter(wallDeadline: DispatchWallTime, execute: DispatchWorkItem) {}
    public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
    public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {}
}
public final class DispatchSpecificKey<T> { public init() {} }
public final class DispatchGroup: DispatchObject, @unchecked Sendable {}
public final class DispatchSemaphore: DispatchObject, @unchecked Sendable {
    public init(value: Int) {}
    @discardableResult public func signal() -> Int { 0 }
    public func wait() {}
}
public func dispatchPrecondition(condition: @autoclosure () -> DispatchPredicate) {}
public enum DispatchPredicate { case onQueue(DispatchQueue), onQueueAsBarrier(DispatchQueue), notOnQueue(DispatchQueue) }
public enum DispatchTimeoutResult: Sendable { case success, timedOut }
extension DispatchSemaphore {
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { .success }
    public func wait(wallTimeout: DispatchWallTime) -> DispatchTimeoutResult { .success }
}
