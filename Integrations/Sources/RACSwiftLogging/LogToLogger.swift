import Logging
import RACSwift

/// Which events ``RACSwift/Signal/log(to:level:events:file:function:line:)`` sends to the logger.
public struct LoggedEvents: OptionSet, Sendable {
    /// One bit per kind of event.
    public let rawValue: UInt8

    /// A set of events from its raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Each value (RAC's `-logNext`).
    public static let next = LoggedEvents(rawValue: 1)
    /// An error (RAC's `-logError`).
    public static let error = LoggedEvents(rawValue: 2)
    /// Completion (RAC's `-logCompleted`).
    public static let completed = LoggedEvents(rawValue: 4)
    /// Every event (RAC's `-logAll`).
    public static let all: LoggedEvents = [.next, .error, .completed]

    /// The metadata key naming the logged signal: its `name`, or its description when it has
    /// none (what RAC's log lines begin with).
    public static let signalMetadataKey = "rac.signal"
}

extension Signal {
    /// Sends the chosen events to `logger` at `level`, as RAC's `-logNext`, `-logError` and
    /// `-logCompleted` print them: `next: <value>`, `error: <error>` (with the error attached
    /// to the log event), `completed`; the signal's name is the metadata under
    /// ``LoggedEvents/signalMetadataKey``. The source location is where this operator was applied.
    ///
    /// Events pass through unchanged, each logged before it is forwarded, on the thread that
    /// sent it; terminal events and disposal are this signal's. The result keeps this
    /// signal's name.
    ///
    /// ```swift
    /// let logger = Logger(label: "search")
    /// results.setName("results").log(to: logger, level: .debug, events: [.error, .completed])
    /// ```
    public func log(
        to logger: Logger, level: Logger.Level = .info, events: LoggedEvents = .all,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) -> Signal<Value> {
        let metadata: Logger.Metadata = [LoggedEvents.signalMetadataKey: "\(name.isEmpty ? description : name)"]
        var logged = self
        if events.contains(.next) {
            logged = logged.doNext { value in
                logger.log(level: level, "next: \(value)", metadata: metadata, file: file, function: function, line: line)
            }
        }
        if events.contains(.error) {
            logged = logged.doError { error in
                logger.log(level: level, "error: \(error)", error: error, metadata: metadata,
                           file: file, function: function, line: line)
            }
        }
        if events.contains(.completed) {
            logged = logged.doCompleted {
                logger.log(level: level, "completed", metadata: metadata, file: file, function: function, line: line)
            }
        }
        return name.isEmpty ? logged : logged.setName(name)
    }

    /// Sends every event to `logger` at `level` (RAC's `-logAll`); see
    /// ``log(to:level:events:file:function:line:)``.
    public func logAll(
        to logger: Logger, level: Logger.Level = .info,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) -> Signal<Value> {
        log(to: logger, level: level, events: .all, file: file, function: function, line: line)
    }

    /// Sends each value to `logger` at `level` (RAC's `-logNext`); see
    /// ``log(to:level:events:file:function:line:)``.
    public func logNext(
        to logger: Logger, level: Logger.Level = .info,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) -> Signal<Value> {
        log(to: logger, level: level, events: .next, file: file, function: function, line: line)
    }

    /// Sends an error to `logger` at `level` (RAC's `-logError`); see
    /// ``log(to:level:events:file:function:line:)``.
    public func logError(
        to logger: Logger, level: Logger.Level = .error,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) -> Signal<Value> {
        log(to: logger, level: level, events: .error, file: file, function: function, line: line)
    }

    /// Sends completion to `logger` at `level` (RAC's `-logCompleted`); see
    /// ``log(to:level:events:file:function:line:)``.
    public func logCompleted(
        to logger: Logger, level: Logger.Level = .info,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) -> Signal<Value> {
        log(to: logger, level: level, events: .completed, file: file, function: function, line: line)
    }
}
