// Linux only: on Apple platforms `currentThreadID()` is `pthread_self()`, itself a read of
// thread storage there.
#if !canImport(Darwin)
import Foundation
internal import RACSwiftRuntimeShims

/// The address of a byte of C11 thread storage (RACSwiftRuntimeShims' `racswift_thread_marker`),
/// as a number naming the calling thread: what `currentThreadID()` returns on Linux.
///
/// Why not `pthread_self()`: on Linux that is a call into libc through the PLT, paid at every
/// recursive-lock entry (each event through a `create` block's subscriber, each subject send);
/// the address is the thread pointer plus a constant the linker fixes, no call.
///
/// What it assumes: every thread has its own instance of the byte, at an address that does not
/// change while the thread lives, and two threads alive at once never share one — the C11 rule
/// for `_Thread_local` storage, kept only if the byte is defined once (in RACSwiftRuntimeShims.c;
/// a `static` definition in the header would give every including file a copy of its own). Like
/// a `pthread_t`, an address may be reused by a thread started after another ended; the callers
/// compare it only with what a live thread stored (a lock's owner word is cleared before the
/// lock is given back).
///
/// Debug builds check it: each thread records, under a pthread key, the pthread_t that first
/// read its address, keyed by that address, and every read stops if another live thread's
/// pthread_t is recorded for the same address. Compiled out of release builds.
enum ThreadAddress {
    @inline(__always)
    static var current: UInt {
        let address = UInt(bitPattern: racswift_thread_address())
        #if DEBUG
        debugCheck(address)
        #endif
        return address
    }

    #if DEBUG
    /// The debug check of a read of `address` on this thread; internal so that the misuse tests
    /// can hand it an address the thread does not own.
    static func debugCheck(_ address: UInt) {
        DebugOwners.check(address)
    }
    #endif

    #if DEBUG
    /// The thread that owns each address handed out (debug builds only); an entry leaves when
    /// its thread ends, so an address a later thread reuses is not a collision.
    private enum DebugOwners {
        private static let owners = LockedOwners()

        private final class LockedOwners: @unchecked Sendable {
            private let lock = NSLock()
            private var byAddress: [UInt: pthread_t] = [:]

            func claim(_ address: UInt, for thread: pthread_t) {
                lock.lock()
                defer { lock.unlock() }
                if let owner = byAddress[address] {
                    precondition(pthread_equal(owner, thread) != 0,
                                 "ThreadAddress.current: two live threads read the same address \(address)")
                }
                byAddress[address] = thread
            }

            func release(_ address: UInt) {
                lock.lock()
                defer { lock.unlock() }
                byAddress[address] = nil
            }
        }

        // The key's value is the address this thread claimed (plus one, so that it is never
        // null); the destructor gives the claim back as the thread ends.
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = pthread_key_create(&key) { raw in
                if let raw { owners.release(UInt(bitPattern: raw) &- 1) }
            }
            precondition(status == 0, "RACSwift: could not create the thread-address debug key (\(status))")
            return key
        }()

        static func check(_ address: UInt) {
            if let claimed = pthread_getspecific(key) {
                precondition(UInt(bitPattern: claimed) &- 1 == address,
                             "ThreadAddress.current: this thread's address moved")
                return
            }
            owners.claim(address, for: pthread_self())
            pthread_setspecific(key, UnsafeRawPointer(bitPattern: address &+ 1))
        }
    }
    #endif
}
#endif
