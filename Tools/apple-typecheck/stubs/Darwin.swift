// Stub of the Apple SDK's Darwin: only what RACSwift's targets use, with the Apple signatures,
// for Tools/apple-typecheck/run.sh. Never linked or run.
public struct _opaque_pthread_t {}
public typealias pthread_t = UnsafeMutablePointer<_opaque_pthread_t>
public func pthread_self() -> pthread_t { fatalError() }
public typealias pthread_key_t = UInt
@discardableResult
public func pthread_key_create(_ key: UnsafeMutablePointer<pthread_key_t>!, _ destructor: (@convention(c) (UnsafeMutableRawPointer) -> Void)!) -> Int32 { 0 }
public func pthread_getspecific(_ key: pthread_key_t) -> UnsafeMutableRawPointer! { nil }
@discardableResult
public func pthread_setspecific(_ key: pthread_key_t, _ value: UnsafeRawPointer!) -> Int32 { 0 }
public func exit(_ status: Int32) -> Never { fatalError() }
// SubjectLink's wait in a subject's deinit.
@discardableResult
public func sched_yield() -> Int32 { 0 }
// POSIX I/O (FileHandle.readInBackground) and the terminal (racswift-demo).
public var errno: Int32 { get { 0 } set {} }
public var EINTR: Int32 { 4 }
public var EAGAIN: Int32 { 35 }
public var EWOULDBLOCK: Int32 { 35 }
@discardableResult
public func read(_ fd: Int32, _ buf: UnsafeMutableRawPointer!, _ nbyte: Int) -> Int { 0 }
@discardableResult
public func write(_ fd: Int32, _ buf: UnsafeRawPointer!, _ nbyte: Int) -> Int { 0 }
public func strlen(_ s: UnsafePointer<CChar>!) -> Int { 0 }
public typealias nfds_t = UInt32
public struct pollfd {
    public var fd: Int32
    public var events: Int16
    public var revents: Int16
    public init() { fd = 0; events = 0; revents = 0 }
    public init(fd: Int32, events: Int16, revents: Int16) { self.fd = fd; self.events = events; self.revents = revents }
}
public var POLLIN: Int32 { 1 }
@discardableResult
public func poll(_ fds: UnsafeMutablePointer<pollfd>!, _ nfds: nfds_t, _ timeout: Int32) -> Int32 { 0 }
public var STDIN_FILENO: Int32 { 0 }
public var STDOUT_FILENO: Int32 { 1 }
public func isatty(_ fd: Int32) -> Int32 { 0 }
public typealias tcflag_t = UInt
public typealias cc_t = UInt8
public typealias speed_t = UInt
public struct termios {
    public var c_iflag: tcflag_t
    public var c_oflag: tcflag_t
    public var c_cflag: tcflag_t
    public var c_lflag: tcflag_t
    public var c_cc: (cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t, cc_t)
    public var c_ispeed: speed_t
    public var c_ospeed: speed_t
    public init() { fatalError() }
}
public var ICANON: Int32 { 0x100 }
public var ECHO: Int32 { 0x8 }
public var ISIG: Int32 { 0x80 }
public var IEXTEN: Int32 { 0x400 }
public var IXON: Int32 { 0x200 }
public var ICRNL: Int32 { 0x100 }
public var VMIN: Int32 { 16 }
public var VTIME: Int32 { 17 }
public var TCSAFLUSH: Int32 { 2 }
@discardableResult
public func tcgetattr(_ fd: Int32, _ t: UnsafeMutablePointer<termios>!) -> Int32 { 0 }
@discardableResult
public func tcsetattr(_ fd: Int32, _ action: Int32, _ t: UnsafePointer<termios>!) -> Int32 { 0 }
public var SIGHUP: Int32 { 1 }
public var SIGINT: Int32 { 2 }
public var SIGTERM: Int32 { 15 }
public typealias sig_t = @convention(c) (Int32) -> Void
@discardableResult
public func signal(_ sig: Int32, _ handler: sig_t!) -> sig_t! { handler }
public func _exit(_ status: Int32) -> Never { fatalError() }
// The RAC_TRACE file writer (Tracing/TraceFileWriter.swift, Tracing/TraceProbes.swift). C functions
// imported by the SDK discard their results silently, hence @discardableResult.
public typealias mode_t = UInt16
public typealias off_t = Int64
public typealias pid_t = Int32
public var O_WRONLY: Int32 { 1 }
public var O_CREAT: Int32 { 0x200 }
public var O_TRUNC: Int32 { 0x400 }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { 0 }
@discardableResult public func close(_ fd: Int32) -> Int32 { 0 }
public func dup(_ fd: Int32) -> Int32 { 0 }
public func pwrite(_ fd: Int32, _ buf: UnsafeRawPointer!, _ nbyte: Int, _ offset: off_t) -> Int { 0 }
public func getpid() -> pid_t { 0 }
public func getenv(_ name: UnsafePointer<CChar>!) -> UnsafeMutablePointer<CChar>! { nil }
@discardableResult public func setenv(_ name: UnsafePointer<CChar>!, _ value: UnsafePointer<CChar>!, _ overwrite: Int32) -> Int32 { 0 }
@discardableResult public func atexit(_ function: (@convention(c) () -> Void)!) -> Int32 { 0 }
// The C math library (racswift-trace's axis steps).
public func pow(_ x: Double, _ y: Double) -> Double { 0 }
public func floor(_ x: Double) -> Double { 0 }
public func log10(_ x: Double) -> Double { 0 }
// <time.h> (macOS 10.12, iOS 10): clockid_t is an enum there, CLOCK_REALTIME one of its values.
public struct timespec { public var tv_sec: Int; public var tv_nsec: Int; public init() { tv_sec = 0; tv_nsec = 0 }; public init(tv_sec: Int, tv_nsec: Int) { self.tv_sec = tv_sec; self.tv_nsec = tv_nsec } }
public enum clockid_t: UInt32 { case _CLOCK_REALTIME = 0, _CLOCK_MONOTONIC = 6 }
public var CLOCK_REALTIME: clockid_t { ._CLOCK_REALTIME }
@discardableResult public func clock_gettime(_ clock: clockid_t, _ tp: UnsafeMutablePointer<timespec>!) -> Int32 { 0 }
