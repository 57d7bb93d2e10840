import Foundation

extension Signal {
    /// Prints every event to standard error with this signal's description:
    /// `"<signal> next: value"`, `"<signal> error: error"`, `"<signal> completed"` (RAC's
    /// `-logAll`). Events pass through unchanged; the result keeps this signal's name.
    /// Prints and delivers on the thread that sent the event.
    @inlinable
    public func logAll() -> Signal<Value> {
        logging(.all).named(name)
    }

    /// Prints each value as `"<signal> next: value"` (RAC's `-logNext`).
    /// Events pass through unchanged.
    /// Prints and delivers on the thread that sent the event.
    @inlinable
    public func logNext() -> Signal<Value> {
        logging(.next).named(name)
    }

    /// Prints an error as `"<signal> error: error"` (RAC's `-logError`).
    /// Events pass through unchanged.
    /// Prints and delivers on the thread that sent the event.
    @inlinable
    public func logError() -> Signal<Value> {
        logging(.error).named(name)
    }

    /// Prints completion as `"<signal> completed"` (RAC's `-logCompleted`).
    /// Events pass through unchanged.
    /// Prints and delivers on the thread that sent the event.
    @inlinable
    public func logCompleted() -> Signal<Value> {
        logging(.completed).named(name)
    }
}

/// Where the log operators write: standard error by default, one line per event, as RAC's
/// NSLog does (without NSLog's timestamp prefix). Tests swap it to capture the lines.
enum LogOutput {
    private static let lock = UnfairLock()
    nonisolated(unsafe) private static var sink: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func write(_ line: String) {
        let sink = lock.withLock { self.sink }
        sink(line)
    }

    /// Sets the sink and returns the previous one.
    @discardableResult
    static func setSink(_ newSink: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
        lock.withLock {
            let previous = sink
            sink = newSink
            return previous
        }
    }
}

extension Signal {
    // The lines name the logged signal, as RAC's do; its description is computed once per
    // subscription, not per event, and the sink does not keep the signal alive.
    @inlinable
    func logging(_ events: LogEvents) -> Signal<Value> {
        LiftedSignal(self, (events, { self.description })) { downstream, payload in
            LogSink(downstream: downstream, label: payload.1(), events: payload.0)
        }
    }
}

@usableFromInline
struct LogEvents: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8

    @usableFromInline init(rawValue: UInt8) { self.rawValue = rawValue }
    @usableFromInline static let next = LogEvents(rawValue: 1)
    @usableFromInline static let error = LogEvents(rawValue: 2)
    @usableFromInline static let completed = LogEvents(rawValue: 4)
    @usableFromInline static let all: LogEvents = [.next, .error, .completed]
}

@usableFromInline
final class LogSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let label: String
    private let events: LogEvents

    @usableFromInline
    init(downstream: some Subscriber<Value>, label: String, events: LogEvents) {
        self.downstream = downstream
        self.label = label
        self.events = events
    }

    @usableFromInline func sendNext(_ value: Value) {
        if events.contains(.next) { LogOutput.write("\(label) next: \(value)") }
        downstream.sendNext(value)
    }

    @usableFromInline func sendError(_ error: any Error) {
        if events.contains(.error) { LogOutput.write("\(label) error: \(error)") }
        downstream.sendError(error)
    }

    @usableFromInline func sendCompleted() {
        if events.contains(.completed) { LogOutput.write("\(label) completed") }
        downstream.sendCompleted()
    }

    @usableFromInline func didSubscribe(with disposable: CompoundDisposable) { downstream.didSubscribe(with: disposable) }
}
