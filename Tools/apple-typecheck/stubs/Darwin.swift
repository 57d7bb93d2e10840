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
