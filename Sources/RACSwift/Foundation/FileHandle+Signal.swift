import Dispatch
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension FileHandle {
    /// The data read from the handle, in chunks as it becomes available, then completion at
    /// end of file (RAC's `-rac_readInBackground`).
    ///
    /// Works on pipes, files and terminals. Each subscription reads from the handle as data
    /// arrives, on a private serial queue, on which the events arrive: on Apple platforms a
    /// dispatch read source wakes it, on Linux a thread shared by every such subscription
    /// (`DescriptorPoller`, whose documentation says why not a dispatch source there). A read
    /// error is the error event (an `NSError` in the POSIX domain), as is a failure to
    /// duplicate the descriptor (below). Disposal stops reading and releases the handle; it
    /// does not close it, as RAC does not.
    ///
    /// Each subscription reads through a descriptor of its own, a `dup` of the handle's, closed
    /// once nothing watches it: the handle may be closed at any time — right after disposal,
    /// say — without closing a descriptor that is still watched.
    ///
    /// Unlike RAC, which starts reading when called and replays the chunks, the signal is
    /// cold: reading starts on subscription, and two subscriptions at once would share the
    /// data between them.
    public func readInBackground() -> Signal<Data> {
        Signal.create { subscriber in
            let descriptor = dup(self.fileDescriptor)
            guard descriptor >= 0 else {
                subscriber.sendError(NSError(domain: NSPOSIXErrorDomain, code: Int(errno)))
                return nil
            }
            let reader = BackgroundReader(handle: self, descriptor: descriptor, subscriber: subscriber)
            reader.start()
            return Disposable { reader.stop() }
        }.named("-rac_readInBackground \(self)")
    }
}

#if canImport(Glibc)
/// One subscription's reading on Linux: its own duplicate of the handle's descriptor, watched
/// by `DescriptorPoller` and read on a private serial queue, one chunk per readiness.
private final class BackgroundReader: @unchecked Sendable {
    /// The reader's own descriptor (a `dup` of the handle's), closed once it is unwatched.
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "RACSwift.readInBackground")
    /// Set by `stop()` on any thread, at once, so that a disposal stops the reads still queued.
    private let stopRequested = AtomicFlag()
    // Touched on `queue` only.
    private var handle: FileHandle?
    private var watch: UInt64?
    private var isFinished = false
    private let subscriber: any Subscriber<Data>

    init(handle: FileHandle, descriptor: Int32, subscriber: any Subscriber<Data>) {
        self.handle = handle
        self.descriptor = descriptor
        self.subscriber = subscriber
    }

    func start() {
        queue.async { self.begin() }
    }

    func stop() {
        _ = stopRequested.set()
        queue.async { self.finish() }
    }

    private func begin() {
        if stopRequested.isSet { return finish() }
        // The handler keeps the reader until it is unwatched (`finish`).
        watch = DescriptorPoller.shared.watch(descriptor) { self.queue.async { self.readChunk() } }
    }

    /// Unwatches the descriptor, closes it and lets go of the handle; once.
    private func finish() {
        if isFinished { return }
        isFinished = true
        if let watch { DescriptorPoller.shared.unwatch(watch) }
        watch = nil
        close(descriptor)
        handle = nil
    }

    /// Reads one chunk (or end of file, or the error), then waits for the next readiness: a
    /// descriptor with data left unread is ready again at once, so a big file or a full pipe
    /// is read chunk by chunk, each a turn of the queue (a disposal in between stops it).
    private func readChunk() {
        if isFinished || stopRequested.isSet { return finish() }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var count = read(descriptor, &buffer, buffer.count)
        while count < 0 && errno == EINTR { count = read(descriptor, &buffer, buffer.count) }
        if count > 0 {
            subscriber.sendNext(Data(buffer[..<count]))
        } else if count == 0 {
            finish()
            subscriber.sendCompleted()
            return
        } else if errno != EAGAIN && errno != EWOULDBLOCK {
            let error = NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
            finish()
            subscriber.sendError(error)
            return
        }
        if isFinished || stopRequested.isSet { return finish() }
        if let watch { DescriptorPoller.shared.rearm(watch) }
    }
}
#else
/// One subscription's reading on Apple platforms: a dispatch read source (kqueue) on its own
/// duplicate of the handle's descriptor.
private final class BackgroundReader: @unchecked Sendable {
    private let source: any DispatchSourceRead
    /// The reader's own descriptor (a `dup` of the handle's), watched by `source` and closed by
    /// its cancel handler, the one moment libdispatch allows it.
    private let descriptor: Int32
    // Set once in init; cleared by the cancel handler on the source's queue, which is the
    // only other place that touches it.
    private var handle: FileHandle?
    private let subscriber: any Subscriber<Data>

    init(handle: FileHandle, descriptor: Int32, subscriber: any Subscriber<Data>) {
        self.handle = handle
        self.descriptor = descriptor
        self.subscriber = subscriber
        let queue = DispatchQueue(label: "RACSwift.readInBackground")
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
    }

    func start() {
        // The handlers hold the reader, so it lives until the source is cancelled; the cancel
        // handler breaks the cycle, closes the reader's descriptor and lets go of the handle.
        source.setEventHandler { self.readAvailable() }
        source.setCancelHandler {
            self.source.setEventHandler(handler: nil)
            self.source.setCancelHandler(handler: nil)
            close(self.descriptor)
            self.handle = nil
        }
        source.resume()
    }

    func stop() {
        source.cancel()
    }

    /// Reads everything the descriptor has now, end of file included. The source may be
    /// edge-triggered (epoll on Linux), so one event has to drain the descriptor; `poll` with
    /// no timeout tells when it is drained, so no read ever blocks the queue.
    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !source.isCancelled, hasInput(descriptor) {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                subscriber.sendNext(Data(buffer[..<count]))
            } else if count == 0 {
                source.cancel()
                subscriber.sendCompleted()
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else if errno != EINTR {
                let error = NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
                source.cancel()
                subscriber.sendError(error)
            }
        }
    }

    /// Whether a read on `descriptor` would return at once: data, end of file or an error.
    private func hasInput(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0 && request.revents != 0
    }
}
#endif
