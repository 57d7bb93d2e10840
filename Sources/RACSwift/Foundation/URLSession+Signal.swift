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
    /// request is still in flight. Events arrive on the session's delegate queue.
    public func signal(for request: URLRequest) -> Signal<(Data, URLResponse)> {
        Signal.create { subscriber in
            let task = self.dataTask(with: request) { data, response, error in
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
            task.resume()
            return Disposable { task.cancel() }
        }.named("+rac_sendAsynchronousRequest: \(request.url?.absoluteString ?? "nil")")
    }
}
