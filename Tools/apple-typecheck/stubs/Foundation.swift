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
    open class func detachNewThread(_ block: @escaping @Sendable () -> Void) {}
}
public protocol NSLocking { func lock(); func unlock() }
open class NSLock: NSObject, NSLocking, @unchecked Sendable { open func lock() {}; open func unlock() {} }
open class NSRecursiveLock: NSObject, NSLocking, @unchecked Sendable {
    open func lock() {}
    open func unlock() {}
    open func `try`() -> Bool { true }
}
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
public struct Data: Sendable, Hashable, RandomAccessCollection {
    public init() {}
    public init<S: Sequence>(_ elements: S) where S.Element == UInt8 {}
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    public init(contentsOf url: URL, options: Data.ReadingOptions = []) throws {}
    public struct WritingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    public func write(to url: URL, options: Data.WritingOptions = []) throws {}
    public var startIndex: Int { 0 }
    public var endIndex: Int { 0 }
    public subscript(position: Int) -> UInt8 { 0 }
}
open class FileHandle: NSObject, @unchecked Sendable {
    open class var standardError: FileHandle { fatalError() }
    open class var standardOutput: FileHandle { fatalError() }
    open class var standardInput: FileHandle { fatalError() }
    open var fileDescriptor: Int32 { 0 }
    open func write(_ data: Data) {}
}
public let NSPOSIXErrorDomain: String = ""
public protocol NSObjectProtocol: AnyObject {}
open class OperationQueue: NSObject, @unchecked Sendable {}
public struct Notification: Hashable, @unchecked Sendable {
    public struct Name: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    public var name: Name
    public var object: Any? { nil }
    public static func == (a: Notification, b: Notification) -> Bool { false }
    public func hash(into hasher: inout Hasher) {}
}
open class NotificationCenter: NSObject, @unchecked Sendable {
    open class var `default`: NotificationCenter { fatalError() }
    open func addObserver(forName name: Notification.Name?, object obj: Any?, queue: OperationQueue?, using block: @escaping @Sendable (Notification) -> Void) -> any NSObjectProtocol { fatalError() }
    open func removeObserver(_ observer: Any) {}
}
public struct URL: Hashable, Sendable, CustomStringConvertible {
    public init?(string: String) {}
    public init(fileURLWithPath path: String) {}
    public var absoluteString: String { "" }
    public var path: String { "" }
    public var lastPathComponent: String { "" }
    public var query: String? { nil }
    public var description: String { "" }
}
public struct URLQueryItem: Hashable, Sendable {
    public init(name: String, value: String?) {}
}
public struct URLComponents: Hashable, Sendable {
    public init?(string: String) {}
    public var queryItems: [URLQueryItem]? { get { nil } set {} }
    public var url: URL? { nil }
}
public struct URLRequest: Hashable, Sendable {
    public init(url: URL, timeoutInterval: TimeInterval = 60) {}
    public var url: URL? { get { nil } set {} }
}
open class URLResponse: NSObject, @unchecked Sendable {
    open var url: URL? { nil }
}
open class HTTPURLResponse: URLResponse, @unchecked Sendable {
    open var statusCode: Int { 0 }
}
public struct URLError: Error, Hashable, Sendable {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static var badServerResponse: Code { Code(rawValue: -1011) }
        public static var cannotConnectToHost: Code { Code(rawValue: -1004) }
    }
    public init(_ code: Code, userInfo: [String: Any] = [:]) {}
    public var code: Code { .badServerResponse }
    public static func == (a: URLError, b: URLError) -> Bool { false }
    public func hash(into hasher: inout Hasher) {}
}
open class URLSessionTask: NSObject, @unchecked Sendable {
    open func resume() {}
    open func cancel() {}
}
open class URLSessionDataTask: URLSessionTask, @unchecked Sendable {}
open class URLSessionConfiguration: NSObject, @unchecked Sendable {
    open class var ephemeral: URLSessionConfiguration { fatalError() }
}
open class URLSession: NSObject, @unchecked Sendable {
    public init(configuration: URLSessionConfiguration) {}
    open class var shared: URLSession { fatalError() }
    open func dataTask(with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask { fatalError() }
    open func invalidateAndCancel() {}
}
open class JSONEncoder {
    public init() {}
    open func encode<T: Encodable>(_ value: T) throws -> Data { Data() }
}
open class JSONDecoder {
    public init() {}
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { fatalError() }
}
open class NSNumber: NSObject, @unchecked Sendable {
    open var doubleValue: Double { 0 }
    open var intValue: Int { 0 }
}
open class JSONSerialization: NSObject {
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    open class func jsonObject(with data: Data, options opt: JSONSerialization.ReadingOptions = []) throws -> Any { 0 }
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
    public func range<T: StringProtocol>(
        of aString: T, options mask: String.CompareOptions = [], range searchRange: Range<Index>? = nil
    ) -> Range<Index>? { nil }
    public func contains<T: StringProtocol>(_ other: T) -> Bool { false }
}
extension String {
    public init(format: String, _ arguments: any CVarArg...) { self.init() }
    public struct Encoding: RawRepresentable, Hashable, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let utf8 = Encoding(rawValue: 4)
    }
    public init(contentsOf url: URL, encoding enc: String.Encoding) throws { self.init() }
    public init?(data: Data, encoding: String.Encoding) { self.init() }
    public struct CompareOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let backwards = CompareOptions(rawValue: 4)
    }
}
// String passes to os_signpost's format as an object (%@), bridged by Foundation.
extension String: CVarArg {
    public var _cVarArgEncoding: [Int] { [] }
}
