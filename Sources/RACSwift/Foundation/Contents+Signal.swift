import Foundation

extension Signal where Value == Data {
    /// A signal that reads the contents of `url` on `scheduler` when subscribed, sends them
    /// once and completes (RAC's `+[NSData rac_readContentsOfURL:options:scheduler:]`).
    ///
    /// A file that cannot be read is the error event, with Foundation's error (for a missing
    /// file, `CocoaError.fileReadNoSuchFile`). Events arrive on `scheduler`; disposal before
    /// the read cancels it. Unlike RAC, which reads at once and replays the result, the
    /// signal is cold: each subscription reads the file.
    public static func contents(
        of url: URL, options: Data.ReadingOptions = [], on scheduler: Scheduler
    ) -> Signal<Data> {
        Signal.read(on: scheduler) { try Data(contentsOf: url, options: options) }
            .named("+rac_readContentsOfURL: \(url) options: \(options.rawValue) scheduler: \(scheduler)")
    }
}

extension Signal where Value == String {
    /// A signal that reads the contents of `url` as text in `encoding` on `scheduler` when
    /// subscribed, sends them once and completes (RAC's
    /// `+[NSString rac_readContentsOfURL:usedEncoding:scheduler:]`, which guessed the encoding).
    ///
    /// A file that cannot be read, or is not valid in `encoding`, is the error event with
    /// Foundation's error. Events arrive on `scheduler`; disposal before the read cancels it.
    /// Unlike RAC, which reads at once and replays the result, the signal is cold: each
    /// subscription reads the file.
    public static func contents(
        of url: URL, encoding: String.Encoding = .utf8, on scheduler: Scheduler
    ) -> Signal<String> {
        Signal.read(on: scheduler) { try String(contentsOf: url, encoding: encoding) }
            .named("+rac_readContentsOfURL: \(url) usedEncoding:scheduler: \(scheduler)")
    }
}

extension Signal {
    /// Runs `read` on `scheduler` for each subscription; its result is the one value, its
    /// error the error event.
    fileprivate static func read(on scheduler: Scheduler, _ read: @escaping @Sendable () throws -> Value) -> Signal<Value> {
        Signal.create { subscriber in
            scheduler.schedule {
                do {
                    let value = try read()
                    subscriber.sendNext(value)
                    subscriber.sendCompleted()
                } catch {
                    subscriber.sendError(error)
                }
            }
        }
    }
}
