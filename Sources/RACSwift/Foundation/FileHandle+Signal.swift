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
    /// arrives, without a thread blocked on it: a read source on a private serial queue, on
    /// which the events arrive. A read error is the error event (an `NSError` in the POSIX
    /// domain). Disposal stops reading and releases the handle; it does not close it, as RAC
    /// does not.
    ///
    /// Unlike RAC, which starts reading when called and replays the chunks, the signal is
    /// cold: reading starts on subscription, and two subscriptions at once would share the
    /// data between them.
    public func readInBackground() -> Signal<Data> {
        Signal.create { subscriber in
            let reader = BackgroundReader(handle: self, subscriber: subscriber)
            reader.start()
            return Disposable { reader.stop() }
        }.named("-rac_readInBackground \(self)")
    }
}

/// One subscription's reading: a dispatch read source on the handle's descriptor.
private final class BackgroundReader: @unchecked Sendable {
    private let source: any DispatchSourceRead
    // Set once in init; cleared by the cancel handler on the source's queue, which is the
    // only other place that touches it.
    private var handle: FileHandle?
    private let subscriber: any Subscriber<Data>

    init(handle: FileHandle, subscriber: any Subscriber<Data>) {
        self.handle = handle
        self.subscriber = subscriber
        let queue = DispatchQueue(label: "RACSwift.readInBackground")
        source = DispatchSource.makeReadSource(fileDescriptor: handle.fileDescriptor, queue: queue)
    }

    func start() {
        // The handlers hold the reader, so it lives until the source is cancelled; the cancel
        // handler breaks the cycle and lets go of the handle (which keeps the descriptor open
        // while the source watches it).
        source.setEventHandler { self.readAvailable() }
        source.setCancelHandler {
            self.source.setEventHandler(handler: nil)
            self.source.setCancelHandler(handler: nil)
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
        while !source.isCancelled, let descriptor = handle?.fileDescriptor, hasInput(descriptor) {
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
