extension Signal {
    /// Sends true and completes at the first value, or sends false and completes if this
    /// signal terminates without one (RAC's `-any`). See `any(_:)`.
    /// Sends its answer on the thread that delivered the deciding event.
    @inlinable
    public func any() -> Signal<Bool> {
        any { _ in true }.named("[\(name)] -any")
    }

    /// Sends true and completes at the first value that passes `predicate`, stopping this
    /// signal; sends false and completes if this signal terminates first (RAC's `-any:`). As
    /// in RAC, an error does not fail the result: it counts as "no value passed", so the
    /// result sends false and completes.
    /// Sends its answer on the thread that delivered the deciding event.
    @inlinable
    public func any(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool> {
        deciding(on: true, predicate).named("[\(name)] -any:")
    }

    /// Sends false and completes at the first value that fails `predicate`, stopping this
    /// signal; sends true and completes if this signal completes first, also when it sent no
    /// values (RAC's `-all:`). As in RAC, an error does not fail the result: the result sends
    /// false and completes.
    /// Sends its answer on the thread that delivered the deciding event.
    @inlinable
    public func all(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool> {
        deciding(on: false, predicate).named("[\(name)] -all:")
    }

    /// `any` and `all`: the first value whose `predicate` result equals `decidesOn` ends the
    /// signal with `decidesOn`; completion ends it with `!decidesOn`; an error with false.
    @inlinable
    func deciding(on decidesOn: Bool, _ predicate: @escaping (Value) -> Bool) -> Signal<Bool> {
        LiftedSignal(self, (decidesOn, Predicate(predicate))) {
            PredicateSink(downstream: $0, decidesOn: $1.0, predicate: $1.1.test, disposable: $2)
        }
    }
}

@usableFromInline
final class PredicateSink<Value>: SerialOutputPoint<Bool>, Subscriber, @unchecked Sendable {
    private let decidesOn: Bool
    private let predicate: (Value) -> Bool
    private var isDone = false

    @usableFromInline
    init(downstream: some Subscriber<Bool>, decidesOn: Bool, predicate: @escaping (Value) -> Bool,
         disposable: CompoundDisposable) {
        self.decidesOn = decidesOn
        self.predicate = predicate
        super.init(downstream: downstream, disposable: disposable)
    }

    @usableFromInline func sendNext(_ value: Value) {
        guard !isDone, predicate(value) == decidesOn else { return }
        answer(decidesOn)
    }

    @usableFromInline func sendError(_ error: any Error) { answer(false) }
    @usableFromInline func sendCompleted() { answer(!decidesOn) }

    // RAC sends the answer, then stops the source, then completes.
    private func answer(_ answer: Bool) {
        guard !isDone else { return }
        isDone = true
        finish(sending: answer)
    }
}
