#if canImport(Glibc)
import Foundation
import Glibc

/// The Linux watcher of `FileHandle.readInBackground()`'s descriptors: one thread blocked in
/// `poll` on every reading subscription's descriptor, each armed for one readiness at a time,
/// which it hands to the subscription's handler.
///
/// Why not a dispatch read source: libdispatch's epoll back end can free a descriptor's
/// bookkeeping (its muxnote) while its manager thread is still delivering an event of that
/// descriptor, and the manager thread then reads the freed memory and crashes
/// (swift-corelibs-libdispatch issue 949, open, reproduced there with Foundation alone).
/// FileSignalTests crashed that way under ThreadSanitizer in 8 of 80 runs with the source on
/// the handle's descriptor, and in 4 of 100 with the source on a descriptor of its own, closed
/// only by its cancel handler, as libdispatch asks; in none of 160 with this poller. Here
/// readiness is matched to its watcher by
/// a number, under the lock: a readiness reported for a descriptor unwatched meanwhile (closed,
/// its number reused) finds no watcher and is dropped — there is no pointer to go stale.
///
/// `poll`, not epoll (not in Glibc's module): the thread builds the descriptor list anew on
/// each change, announced through a pipe of its own. Linear in the live readers, which are
/// few (pipes, files, a child's output).
final class DescriptorPoller: @unchecked Sendable {
    static let shared = DescriptorPoller()

    private struct Watcher {
        let descriptor: Int32
        let handler: @Sendable () -> Void
        var isArmed: Bool
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var watchers: [UInt64: Watcher] = [:]
    private var nextID: UInt64 = 1
    /// The pipe a change is announced on: the thread polls its reading end with the rest.
    private let wakeReader: Int32
    private let wakeWriter: Int32

    private init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "readInBackground: pipe failed (errno \(errno))")
        wakeReader = ends[0]
        wakeWriter = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let thread = Thread { [self] in run() }
        thread.name = "RACSwift.readInBackground"
        thread.start()
    }

    /// Arms `descriptor` for one readiness (data, end of file or an error to read), delivered
    /// by calling `handler` on the poller's thread: it should only hand the work on, since the
    /// thread serves every descriptor. Returns the watcher's number, for `rearm` and `unwatch`.
    func watch(_ descriptor: Int32, handler: @escaping @Sendable () -> Void) -> UInt64 {
        lock.lock()
        let id = nextID
        nextID += 1
        watchers[id] = Watcher(descriptor: descriptor, handler: handler, isArmed: true)
        lock.unlock()
        wake()
        return id
    }

    /// Arms a watched descriptor for its next readiness; nothing after `unwatch`.
    func rearm(_ id: UInt64) {
        lock.lock()
        watchers[id]?.isArmed = true
        lock.unlock()
        wake()
    }

    /// Stops watching: no handler call starts after this returns (one already started may
    /// still be running). Call it before the descriptor is closed.
    func unwatch(_ id: UInt64) {
        lock.lock()
        watchers[id] = nil
        lock.unlock()
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        // A full pipe already holds a wake-up the thread has not read: nothing is lost.
        _ = write(wakeWriter, &byte, 1)
    }

    private static let readable = Int16(POLLIN)

    private func run() {
        var drain = [UInt8](repeating: 0, count: 64)
        while true {
            var armed: [UInt64] = []
            var descriptors: [pollfd] = [pollfd(fd: wakeReader, events: Self.readable, revents: 0)]
            lock.lock()
            for (id, watcher) in watchers where watcher.isArmed {
                armed.append(id)
                descriptors.append(pollfd(fd: watcher.descriptor, events: Self.readable, revents: 0))
            }
            lock.unlock()
            let count = poll(&descriptors, nfds_t(descriptors.count), -1)
            if count < 0 {
                precondition(errno == EINTR, "readInBackground: poll failed (errno \(errno))")
                continue
            }
            if descriptors[0].revents != 0 { while read(wakeReader, &drain, drain.count) > 0 {} }
            for (index, id) in armed.enumerated() where descriptors[index + 1].revents != 0 {
                lock.lock()
                var handler: (@Sendable () -> Void)?
                if var watcher = watchers[id], watcher.isArmed {
                    watcher.isArmed = false
                    watchers[id] = watcher
                    handler = watcher.handler
                }
                lock.unlock()
                handler?()
            }
        }
    }
}
#endif
