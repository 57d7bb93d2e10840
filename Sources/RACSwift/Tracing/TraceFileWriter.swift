import Foundation

/// The observer behind `RAC_TRACE=<path>`: writes the probes' events to a file in the Chrome
/// Trace Event format (JSON Array Format), which Perfetto's UI, `chrome://tracing` and
/// `racswift-trace` read.
///
/// The layout — RAC's two Instruments templates as tracks:
/// - a track (a "thread" of the trace) per signal, named after it: an instant per event
///   (`next` with the value's description, `error`, `completed`, `disposed`) and each
///   subscription as an async slice (`b`/`e`, category `subscription`) from subscribe to its
///   disposal or terminal event, whichever comes first ("Signal Events");
/// - counter tracks on the process: `live disposables` (children held by compound
///   disposables not yet disposed: "Disposable Growth") and `live subscriptions`.
///
/// Events are recorded on the delivering thread into a bounded buffer (`RAC_TRACE_BUFFER`
/// events, 65,536 by default; when it is full, events are dropped and counted in a
/// `dropped trace events` counter) and written by a thread of the writer's own, every 100 ms,
/// on `Tracing.flush()` and at exit. Each write replaces the file's closing bracket with the
/// new events and a new closing bracket in one `pwrite`, so the file is a complete JSON array
/// between writes: a process stopped by a signal leaves valid JSON, missing only what it
/// recorded since the last write (at most 100 ms).
final class TraceFileWriter: TraceObserver, @unchecked Sendable {
    let path: String
    private let fd: Int32
    private let capacity: Int
    private let startNanoseconds = DispatchTime.now().uptimeNanoseconds
    private let pid = Int(getpid())

    /// Guarded by `condition`.
    private let condition = NSCondition()
    private var pending: [TraceEvent] = []
    private var dropped = 0
    private var stopped = false

    /// Guarded by `writeLock`: the encoder's state and the file's end.
    private let writeLock = NSLock()
    private var offset: Int64 = 0
    private var tracks: [TrackKey: (tid: Int, name: [UInt8])] = [:]
    /// How many tracks of unnamed signals each type has had, for their names.
    private var unnamedTracks: [String: Int] = [:]
    private var openSubscriptions: Set<UInt64> = []
    private var liveSubscriptions = 0
    private var reportedDrops = 0

    private struct TrackKey: Hashable {
        let signal: UInt64
        let name: String
    }

    private static let tail: StaticString = "\n]\n"

    init?(path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if fd < 0 { return nil }
        self.fd = fd
        self.path = path
        let configured = getenv("RAC_TRACE_BUFFER").flatMap { Int(String(cString: $0)) } ?? 0
        self.capacity = configured > 0 ? configured : 65_536
        pending.reserveCapacity(min(capacity, 4096))
        let process = (CommandLine.arguments.first ?? "process").split(separator: "/").last.map(String.init) ?? "process"
        let header = "[\n" + metadata("process_name", tid: 0, args: "\"name\":\(jsonString(process))") + ",\n"
            + metadata("thread_name", tid: 0, args: "\"name\":\"RACSwift counters\"") + "\(Self.tail)"
        _ = writeAll(Array(header.utf8), at: 0)
        offset = Int64(header.utf8.count - Self.tail.utf8CodeUnitCount)
        Thread.detachNewThread { [self] in run() }
    }

    deinit { close(fd) }

    func observe(_ event: TraceEvent) {
        condition.lock()
        if pending.count < capacity {
            pending.append(event)
            if pending.count == capacity / 2 { condition.signal() }
        } else {
            dropped += 1
        }
        condition.unlock()
    }

    func flush() {
        writeLock.lock()
        writeBatch()
        writeLock.unlock()
    }

    /// Writes what is buffered and stops the writer thread (for a writer made by hand; the
    /// `RAC_TRACE` writer runs until the process exits).
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
        flush()
    }

    /// The writer thread: writes every 100 ms, or sooner when the buffer is half full.
    private func run() {
        while true {
            condition.lock()
            if pending.count < capacity / 2, !stopped {
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
            }
            let done = stopped
            condition.unlock()
            flush()
            if done { return }
        }
    }

    /// Takes what is buffered and appends it to the file. Called with `writeLock` held, so
    /// batches reach the file in the order they were taken.
    private func writeBatch() {
        condition.lock()
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        let drops = dropped
        condition.unlock()
        if batch.isEmpty && drops == reportedDrops { return }
        var out = TraceBytes()
        out.bytes.reserveCapacity(batch.count * 150 + 64)
        for event in batch { encode(event, into: &out) }
        if drops != reportedDrops {
            reportedDrops = drops
            counter("dropped trace events", value: drops, at: DispatchTime.now().uptimeNanoseconds, into: &out)
        }
        out.raw(Self.tail)
        if writeAll(out.bytes, at: offset) {
            offset += Int64(out.bytes.count - Self.tail.utf8CodeUnitCount)
        }
    }

    private func writeAll(_ bytes: [UInt8], at position: Int64) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(position) + off_t(done))
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                done += written
            }
            return true
        }
    }

    // MARK: Encoding
    //
    // Straight into bytes: built with string interpolation, a record cost about 30,000
    // instructions (Benchmarks/HISTORY.md, "Issue 27").

    private func encode(_ event: TraceEvent, into out: inout TraceBytes) {
        guard let subscription = event.subscription else {
            counter("live disposables", value: event.liveDisposables, at: event.timestamp, into: &out)
            return
        }
        let track = track(for: subscription, into: &out)
        switch event.kind {
        case .subscribed:
            openSubscriptions.insert(subscription.id)
            liveSubscriptions += 1
            out.raw(",\n{\"ph\":\"b\",\"cat\":\"subscription\",\"name\":")
            out.bytes.append(contentsOf: track.name)
            sliceID(subscription.id, into: &out)
            place(track.tid, event.timestamp, into: &out)
            out.raw(",\"args\":{\"subscriber\":")
            out.string(subscription.subscriber)
            out.raw(",\"subscription\":")
            out.int(subscription.id)
            out.raw(",\"thread\":")
            out.int(event.thread)
            out.raw("}}")
            counter("live subscriptions", value: liveSubscriptions, at: event.timestamp, into: &out)
        case .next, .error, .completed, .disposed:
            out.raw(",\n{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"event\",\"name\":")
            out.string(event.kind.rawValue)
            place(track.tid, event.timestamp, into: &out)
            out.raw(",\"args\":{\"subscription\":")
            out.int(subscription.id)
            out.raw(",\"thread\":")
            out.int(event.thread)
            if let value = event.value {
                out.raw(",\"value\":")
                out.string(value)
            }
            out.raw("}}")
            if event.kind != .next, openSubscriptions.remove(subscription.id) != nil {
                liveSubscriptions -= 1
                out.raw(",\n{\"ph\":\"e\",\"cat\":\"subscription\",\"name\":")
                out.bytes.append(contentsOf: track.name)
                sliceID(subscription.id, into: &out)
                place(track.tid, event.timestamp, into: &out)
                out.raw(",\"args\":{\"end\":")
                out.string(event.kind.rawValue)
                out.raw("}}")
                counter("live subscriptions", value: liveSubscriptions, at: event.timestamp, into: &out)
            }
        case .disposableAdded, .disposableRemoved, .compoundDisposed:
            break
        }
    }

    private func sliceID(_ id: UInt64, into out: inout TraceBytes) {
        out.raw(",\"id\":\"0x")
        out.hex(id)
        out.raw("\"")
    }

    /// `"pid":…,"tid":…,"ts":…`
    private func place(_ tid: Int, _ nanoseconds: UInt64, into out: inout TraceBytes) {
        out.raw(",\"pid\":")
        out.int(pid)
        out.raw(",\"tid\":")
        out.int(tid)
        out.raw(",\"ts\":")
        out.microseconds(nanoseconds > startNanoseconds ? nanoseconds - startNanoseconds : 0)
    }

    /// The track of `subscription`'s signal (its thread id and its name as JSON), announced
    /// (named) the first time it is seen.
    private func track(for subscription: TraceSubscription, into out: inout TraceBytes) -> (tid: Int, name: [UInt8]) {
        let key = TrackKey(signal: subscription.identity, name: subscription.signalName)
        if let track = tracks[key] { return track }
        // An unnamed signal's track is named after its type and a number in order of
        // appearance ("Subject #2"): readable in a picture, unlike its address.
        var signalName = subscription.signalName
        if let type = subscription.unnamedType {
            let number = unnamedTracks[type, default: 0] + 1
            unnamedTracks[type] = number
            signalName = "\(type) #\(number)"
        }
        var name = TraceBytes()
        name.string(signalName)
        let track = (tid: tracks.count + 1, name: name.bytes)
        tracks[key] = track
        out.raw(",\n")
        out.raw(metadata("thread_name", tid: track.tid, args: "\"name\":\(jsonString(signalName))"))
        out.raw(",\n")
        out.raw(metadata("thread_sort_index", tid: track.tid, args: "\"sort_index\":\(track.tid)"))
        return track
    }

    private func metadata(_ name: String, tid: Int, args: String) -> String {
        "{\"ph\":\"M\",\"name\":\"\(name)\",\"pid\":\(pid),\"tid\":\(tid),\"ts\":0,\"args\":{\(args)}}"
    }

    private func counter(_ name: StaticString, value: Int, at nanoseconds: UInt64, into out: inout TraceBytes) {
        out.raw(",\n{\"ph\":\"C\",\"name\":\"")
        out.raw(name)
        out.raw("\"")
        place(0, nanoseconds, into: &out)
        out.raw(",\"args\":{\"value\":")
        out.int(value)
        out.raw("}}")
    }
}
