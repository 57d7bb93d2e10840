extension Signal {
    /// Sends true and completes at the first value, or sends false and completes if this
    /// signal terminates without one (RAC's `-any`). See `any(_:)`.
    /// Sends its answer on the thread that delivered the deciding event.
    public func any() -> Signal<Bool> {
        PredicateSignal(source: self, decidesOn: true, predicate: { _ in true }).named("[\(name)] -any")
    }

    /// Sends true and completes at the first value that passes `predicate`, stopping this
    /// signal; sends false and completes if this signal terminates first (RAC's `-any:`). As
    /// in RAC, an error does not fail the result: it counts as "no value passed", so the
    /// result sends false and completes.
    /// Sends its answer on the thread that delivered the deciding event.
    public func any(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool> {
        PredicateSignal(source: self, decidesOn: true, predicate: predicate).named("[\(name)] -any:")
    }

    /// Sends false and completes at the first value that fails `predicate`, stopping this
    /// signal; sends true and completes if this signal completes first, also when it sent no
    /// values (RAC's `-all:`). As in RAC, an error does not fail the result: the result sends
    /// false and completes.
    /// Sends its answer on the thread that delivered the deciding event.
    public func all(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool> {
        PredicateSignal(source: self, decidesOn: false, predicate: predicate).named("[\(name)] -all:")
    }
}

/// `any` and `all`: the first value whose `predicate` result equals `decidesOn` ends the
/// signal with `decidesOn`; completion ends it with `!decidesOn`; an error with false.
final class PredicateSignal<Value>: Signal<Bool>, @unchecked Sendable {
    private let source: Signal<Value>
    private let decidesOn: Bool
    private let predicate: (Value) -> Bool

    init(source: Signal<Value>, decidesOn: Bool, predicate: @escaping (Value) -> Bool) {
        self.source = source
        self.decidesOn = decidesOn
        self.predicate = predicate
    }

    override func subscribe(_ subscriber: some Subscriber<Bool>) -> Disposable {
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        source.subscribe(PredicateSink(downstream: subscriber, decidesOn: decidesOn, predicate: predicate,
                                       outer: disposable))
        return disposable
    }
}

final class PredicateSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let downstream: any Subscriber<Bool>
    private let decidesOn: Bool
    private let predicate: (Value) -> Bool
    private let outer: CompoundDisposable
    private var isDone = false

    init(downstream: some Subscriber<Bool>, decidesOn: Bool, predicate: @escaping (Value) -> Bool,
         outer: CompoundDisposable) {
        self.downstream = downstream
        self.decidesOn = decidesOn
        self.predicate = predicate
        self.outer = outer
    }

    func didSubscribe(with disposable: CompoundDisposable) { outer.add(disposable) }

    func sendNext(_ value: Value) {
        guard !isDone, predicate(value) == decidesOn else { return }
        finish(with: decidesOn)
    }

    func sendError(_ error: any Error) { finish(with: false) }
    func sendCompleted() { finish(with: !decidesOn) }

    // RAC sends the answer, then stops the source, then completes.
    private func finish(with answer: Bool) {
        guard !isDone, !outer.isDisposed else { return }
        isDone = true
        sendFinalValue(answer, to: downstream, ending: outer)
    }
}
