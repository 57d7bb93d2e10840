// Stub of the Apple SDK's Foundation: only what RACSwift's targets use, with the Apple signatures,
// for Tools/apple-typecheck/run.sh. Never linked or run.
@_exported import Darwin
@_exported import Dispatch
public typealias TimeInterval = Double
open class NSObject: Hashable {
    public init() {}
    public static func == (a: NSObject, b: NSObject) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) {}
}
public struct Date: Comparable, Hashable, Sendable, CustomStringConvertible {
    public init() {}
    public init(timeIntervalSinceReferenceDate: TimeInterval) {}
    public init(timeIntervalSinceNow: TimeInterval) {}
    public init(timeInterval: TimeInterval, since date: Date) {}
    public var timeIntervalSinceReferenceDate: TimeInterval { 0 }
    public var timeIntervalSinceNow: TimeInterval { 0 }
    public var timeIntervalSince1970: TimeInterval { 0 }
    public func timeIntervalSince(_ date: Date) -> TimeInterval { 0 }
    public func addingTimeInterval(_ t: TimeInterval) -> Date { self }
    public static var distantFuture: Date { Date() }
    public static var distantPast: Date { Date() }
    public static var now: Date { Date() }
    public static func < (a: Date, b: Date) -> Bool { false }
    public static func + (a: Date, b: TimeInterval) -> Date { a }
    public static func - (a: Date, b: TimeInterval) -> Date { a }
    public static func - (a: Date, b: Date) -> TimeInterval { 0 }
    public var description: String { "" }
}
open class Thread: NSObject {
    open class var isMainThread: Bool { true }
    open class var current: Thread { fatalError() }
    open class func sleep(until date: Date) {}
    open class func sleep(forTimeInterval ti: TimeInterval) {}
    open var name: String? { get { nil } set {} }
}
public protocol NSLocking { func lock(); func unlock() }
open class NSLock: NSObject, NSLocking, @unchecked Sendable { open func lock() {}; open func unlock() {} }
open class NSRecursiveLock: NSObject, NSLocking, @unchecked Sendable { open func lock() {}; open func unlock() {} }
open class NSCondition: NSObject, NSLocking, @unchecked Sendable {
    open func lock() {}
    open func unlock() {}
    open func wait() {}
    open func wait(until limit: Date) -> Bool { false }
    open func signal() {}
    open func broadcast() {}
}
extension NSLocking {
    public func withLock<R>(_ body: () throws -> R) rethrows -> R { try body() }
}
public struct Data: Sendable {
    public init() {}
    public init<S: Sequence>(_ elements: S) where S.Element == UInt8 {}
}
open class FileHandle: NSObject, @unchecked Sendable {
    open class var standardError: FileHandle { fatalError() }
    open class var standardOutput: FileHandle { fatalError() }
    open func write(_ data: Data) {}
}
open class ProcessInfo: NSObject, @unchecked Sendable {
    open class var processInfo: ProcessInfo { fatalError() }
    open var environment: [String: String] { [:] }
}
open class RunLoop: NSObject {
    public struct Mode: Hashable, Sendable { public static let `default` = Mode(); public static let common = Mode() }
    open class var main: RunLoop { fatalError() }
    open class var current: RunLoop { fatalError() }
    open func run(mode: RunLoop.Mode, before limitDate: Date) -> Bool { false }
    open func run(until limitDate: Date) {}
}
open class NSError: NSObject, Error, @unchecked Sendable {
    public init(domain: String, code: Int, userInfo: [String: Any]? = nil) {}
    open var domain: String { "" }
    open var code: Int { 0 }
}
public struct CharacterSet: Sendable {
    public static var whitespaces: CharacterSet { CharacterSet() }
    public static var whitespacesAndNewlines: CharacterSet { CharacterSet() }
    public static var newlines: CharacterSet { CharacterSet() }
}
extension StringProtocol {
    public func trimmingCharacters(in set: CharacterSet) -> String { "" }
    public func padding<T: StringProtocol>(toLength newLength: Int, withPad padString: T, startingAt padIndex: Int) -> String { "" }
    public func components<T: StringProtocol>(separatedBy separator: T) -> [String] { [] }
    public func range<T: StringProtocol>(of aString: T) -> Range<Index>? { nil }
}
extension String {
    public init(format: String, _ arguments: any CVarArg...) { self.init() }
}
