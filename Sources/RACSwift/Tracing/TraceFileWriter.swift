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
    private var tracks: [TrackKey: Int] = [:]
    private var openSubscriptions: Set<UInt64> = []
    private var liveSubscriptions = 0
    private var reportedDrops = 0

    private struct TrackKey: Hashable {
        let signal: UInt
        let name: String
    }

    private static let tail = "\n]\n"

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
            + metadata("thread_name", tid: 0, args: "\"name\":\"RACSwift counters\"") + Self.tail
        _ = writeAll(Array(header.utf8), at: 0)
        offset = Int64(header.utf8.count - Self.tail.utf8.count)
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
        var out = ""
        out.reserveCapacity(batch.count * 160)
        for event in batch { encode(event, into: &out) }
        if drops != reportedDrops {
            reportedDrops = drops
            let now = DispatchTime.now().uptimeNanoseconds
            append(counter("dropped trace events", value: drops, at: now), to: &out)
        }
        out += Self.tail
        let bytes = Array(out.utf8)
        if writeAll(bytes, at: offset) {
            offset += Int64(bytes.count - Self.tail.utf8.count)
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

    private func append(_ record: String, to out: inout String) {
        out += ",\n"
        out += record
    }

    private func encode(_ event: TraceEvent, into out: inout String) {
        let ts = timestamp(event.timestamp)
        if let subscription = event.subscription {
            let tid = track(for: subscription, into: &out)
            let common = "\"pid\":\(pid),\"tid\":\(tid),\"ts\":\(ts)"
            let id = "\"0x\(String(subscription.id, radix: 16))\""
            let name = jsonString(subscription.signalName)
            switch event.kind {
            case .subscribed:
                openSubscriptions.insert(subscription.id)
                liveSubscriptions += 1
                append("{\"ph\":\"b\",\"cat\":\"subscription\",\"name\":\(name),\"id\":\(id),\(common),\"args\":{\"subscriber\":\(jsonString(subscription.subscriber)),\"subscription\":\(subscription.id),\"thread\":\(event.thread)}}", to: &out)
                append(counter("live subscriptions", value: liveSubscriptions, at: event.timestamp), to: &out)
            case .next, .error, .completed, .disposed:
                var args = "\"subscription\":\(subscription.id),\"thread\":\(event.thread)"
                if let value = event.value { args += ",\"value\":\(jsonString(value))" }
                append("{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"event\",\"name\":\"\(event.kind.rawValue)\",\(common),\"args\":{\(args)}}", to: &out)
                if event.kind != .next, openSubscriptions.remove(subscription.id) != nil {
                    liveSubscriptions -= 1
                    append("{\"ph\":\"e\",\"cat\":\"subscription\",\"name\":\(name),\"id\":\(id),\(common),\"args\":{\"end\":\"\(event.kind.rawValue)\"}}", to: &out)
                    append(counter("live subscriptions", value: liveSubscriptions, at: event.timestamp), to: &out)
                }
            default:
                break
            }
        } else {
            append(counter("live disposables", value: event.liveDisposables, at: event.timestamp), to: &out)
        }
    }

    /// The track of `subscription`'s signal, announced (named) the first time it is seen.
    private func track(for subscription: TraceSubscription, into out: inout String) -> Int {
        let key = TrackKey(signal: subscription.signal, name: subscription.signalName)
        if let tid = tracks[key] { return tid }
        let tid = tracks.count + 1
        tracks[key] = tid
        append(metadata("thread_name", tid: tid, args: "\"name\":\(jsonString(subscription.signalName))"), to: &out)
        append(metadata("thread_sort_index", tid: tid, args: "\"sort_index\":\(tid)"), to: &out)
        return tid
    }

    private func metadata(_ name: String, tid: Int, args: String) -> String {
        "{\"ph\":\"M\",\"name\":\"\(name)\",\"pid\":\(pid),\"tid\":\(tid),\"ts\":0,\"args\":{\(args)}}"
    }

    private func counter(_ name: String, value: Int, at nanoseconds: UInt64) -> String {
        "{\"ph\":\"C\",\"name\":\"\(name)\",\"pid\":\(pid),\"tid\":0,\"ts\":\(timestamp(nanoseconds)),\"args\":{\"value\":\(value)}}"
    }

    /// Microseconds since the writer started, to the nanosecond.
    private func timestamp(_ nanoseconds: UInt64) -> String {
        let since = nanoseconds > startNanoseconds ? nanoseconds - startNanoseconds : 0
        let fraction = since % 1000
        let digits = String(fraction)
        return "\(since / 1000)." + String(repeating: "0", count: 3 - digits.count) + digits
    }
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    out += "\""
    return out
}
