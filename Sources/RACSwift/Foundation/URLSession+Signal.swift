import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// A cold signal that performs `request` once per subscription and sends the response's
    /// body and the response, then completes (RAC's `+rac_sendAsynchronousRequest:`, which
    /// sent the pair the other way round as a RACTuple).
    ///
    /// A transport failure (no connection, a dropped connection, a timeout of the session) is
    /// the error event, with the session's `URLError`. An HTTP error status such as 500 is a
    /// response, not an error, as in RAC: check `(response as? HTTPURLResponse)?.statusCode`.
    /// Disposal cancels the data task, which closes its connection to the server if the
    /// request is still in flight (once the task has begun to deliver its result, disposal
    /// leaves it to finish). Events arrive on the session's delegate queue.
    public func signal(for request: URLRequest) -> Signal<(Data, URLResponse)> {
        Signal.create { subscriber in
            let cancellation = DataTaskCancellation()
            let task = self.dataTask(with: request) { data, response, error in
                cancellation.taskDidFinish()
                if let error {
                    subscriber.sendError(error)
                } else if let data, let response {
                    subscriber.sendNext((data, response))
                    subscriber.sendCompleted()
                } else {
                    // RAC treats a missing response or body as a failure too; empty data is not.
                    subscriber.sendError(URLError(.badServerResponse))
                }
            }
            cancellation.task = task
            task.resume()
            return Disposable { cancellation.cancel() }
        }.named("+rac_sendAsynchronousRequest: \(request.url?.absoluteString ?? "nil")")
    }
}

/// Keeps a data task's cancellation from crashing the process on Linux.
///
/// In swift-corelibs-foundation, `cancel()` marks the task cancelling and returns; the
/// cancellation itself runs later on the session's work queue, and looks the task up in the
/// session's registry of tasks. A task whose transfer was already finishing completes
/// normally meanwhile: its completion handler runs on the delegate queue, then the task is
/// removed from the registry — and if that removal comes first, the cancellation's look-up
/// stops the process ("Trying to access a behaviour for a task that in not in the registry",
/// `TaskRegistry.swift`), whichever thread called `cancel()`, the delegate queue's included.
///
/// So the completion handler, which runs before the removal is queued, waits for a
/// cancellation issued before it to have begun (it sets the task's `error` first thing, on
/// the work queue that the removal then queues behind); and no cancellation is issued once
/// the handler has started. The wait is short (tens of microseconds when measured) and
/// happens only when a disposal races the end of the request.
private final class DataTaskCancellation: @unchecked Sendable {
    private struct Progress {
        var isFinished = false
        var isCancelled = false
    }
    private let progress = LockedState(Progress())
    /// Set once, before the task is resumed (so before the handler or a disposal can run).
    nonisolated(unsafe) var task: URLSessionDataTask?

    /// Called first thing by the completion handler.
    func taskDidFinish() {
        let isCancelled = progress.withLock { progress in
            progress.isFinished = true
            return progress.isCancelled
        }
        #if canImport(FoundationNetworking)
        guard isCancelled, let task else { return }
        // Bounded: were the cancellation never to start, the handler goes on after a second.
        for _ in 0..<50_000 where task.error == nil {
            usleep(20)
        }
        #endif
    }

    /// Cancels the task unless its completion handler has started. Holding the lock through
    /// `cancel()` makes a handler that starts meanwhile wait until the cancellation is queued;
    /// `cancel()` waits only for the session's work queue, never for the delegate queue.
    func cancel() {
        progress.withLock { progress in
            guard !progress.isFinished else { return }
            progress.isFinished = true
            progress.isCancelled = true
            task?.cancel()
        }
    }
}
