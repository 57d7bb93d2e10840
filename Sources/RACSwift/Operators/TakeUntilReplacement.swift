extension Signal {
    /// Forwards this signal's events until `replacement` sends its first event, then only
    /// `replacement`'s (RAC's `-takeUntilReplacement:`).
    ///
    /// `replacement` is subscribed first; any event from it — value, error or completion —
    /// disposes this signal's subscription and is forwarded, and so are its later events.
    /// This signal's completion is not forwarded (the result waits for `replacement`); its
    /// error is, and ends the result.
    /// Events go out on the thread their signal sent them.
    @inlinable
    public func take(untilReplacement replacement: Signal<Value>) -> Signal<Value> {
        OperatorSignal((self, replacement)) { subscriber, inputs in
            let sink = TakeUntilReplacementSink<Value>(downstream: subscriber)
            subscriber.didSubscribe(with: sink.disposable)
            // RAC's block: the replacement's subscription joins the result's only once the
            // block has returned, after the source's serial disposable, so a terminal event
            // sent while subscribing goes out before the replacement is disposed
            // (`OutputPoint.subscribeInput`; issue 38).
            let replacementInputs = CompoundDisposable()
            sink.subscribeInput(inputs.1, ReplacementInput(sink), gatheringIn: replacementInputs)
            if !sink.isReplaced { inputs.0.subscribe(ReplacedSourceInput(sink)) }
            sink.joinInputs(replacementInputs)
            return sink.disposable
        }.named("[\(name)] -takeUntilReplacement: \(replacement)")
    }
}

/// Which of the two signals speaks, under one lock. The source's subscription lives in
/// `sourceSubscription`, disposed the moment the replacement first sends.
@usableFromInline
final class TakeUntilReplacementSink<Value>: OutputPoint<Value>, @unchecked Sendable {
    let sourceSubscription = SerialDisposable()
    private var replaced = false  // guarded by `lock`

    @usableFromInline
    init(downstream: some Subscriber<Value>) {
        super.init(downstream: downstream)
        disposable.add(sourceSubscription)
    }

    @usableFromInline var isReplaced: Bool { serialize { replaced } || sourceSubscription.isDisposed }

    func sourceNext(_ value: Value) {
        serialize {
            guard !replaced else { return }
            send(value)
        }
    }

    func sourceFailed(_ error: any Error) {
        serialize {
            guard !replaced else { return }
            finish(error: error)
        }
    }

    func replacementNext(_ value: Value) {
        replace()
        serialize { send(value) }
    }

    func replacementFinished(_ error: (any Error)?) {
        replace()
        serialize { finish(error: error) }
    }

    /// The replacement spoke: from now on the source is ignored, and its subscription is
    /// disposed — outside the lock, because disposing it may take the source's own lock,
    /// which a thread delivering a source value holds while it waits for this one.
    private func replace() {
        let isFirst = serialize { () -> Bool in
            if replaced { return false }
            replaced = true
            return true
        }
        if isFirst { sourceSubscription.dispose() }
    }
}

@usableFromInline
final class ReplacedSourceInput<Value>: OutputPointInput<Value, TakeUntilReplacementSink<Value>>, Subscriber, @unchecked Sendable {
    // In its own serial disposable, which the replacement's first event disposes.
    @usableFromInline override func didSubscribe(with disposable: CompoundDisposable) {
        sink.sourceSubscription.disposable = disposable
    }
    @usableFromInline func sendNext(_ value: Value) { sink.sourceNext(value) }
    @usableFromInline func sendError(_ error: any Error) { sink.sourceFailed(error) }
    // RAC concatenates `never` to the source: its completion is not the result's.
    @usableFromInline func sendCompleted() {}
}

@usableFromInline
final class ReplacementInput<Value>: OutputPointInput<Value, TakeUntilReplacementSink<Value>>, Subscriber, @unchecked Sendable {
    // Joins the result's subscription when it returns (`OutputPoint.subscribeInput`).
    @usableFromInline override func didSubscribe(with disposable: CompoundDisposable) {
        sink.inputDidSubscribe(with: disposable)
    }
    @usableFromInline func sendNext(_ value: Value) { sink.replacementNext(value) }
    @usableFromInline func sendError(_ error: any Error) { sink.replacementFinished(error) }
    @usableFromInline func sendCompleted() { sink.replacementFinished(nil) }
}
