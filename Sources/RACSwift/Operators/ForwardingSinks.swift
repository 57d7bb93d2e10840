/// Forwards one inner subscription's events into an operator's own subscription `outer`
/// (defer, catch's replacement...): the inner subscription is added to `outer`, so disposing
/// `outer` stops it, and a terminal event disposes `outer` before it is forwarded.
final class InnerForwardSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Value>
    private let outer: CompoundDisposable

    init(downstream: any Subscriber<Value>, outer: CompoundDisposable) {
        self.downstream = downstream
        self.outer = outer
    }

    func sendNext(_ value: Value) { downstream.sendNext(value) }

    func sendError(_ error: any Error) {
        outer.dispose()
        downstream.sendError(error)
    }

    func sendCompleted() {
        outer.dispose()
        downstream.sendCompleted()
    }

    func didSubscribe(with disposable: CompoundDisposable) {
        if disposable !== outer { outer.add(disposable) }
    }
}
