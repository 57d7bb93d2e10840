/// `map` over `return`: sends `transform(value)` and completes. The transform runs per
/// subscription, when the value is delivered — on the subscribing thread when a scheduler is
/// current, else on the subscription scheduler's background scheduler, where `ReturnSignal`
/// would deliver it — as it would in a `MapSink` below a `ReturnSignal`, with no sink built.
/// Not a constant signal to the operators that deliver constant inner signals themselves
/// (`isConstant` is false, as for any map), so they treat it as they did before.
@usableFromInline
final class MapReturnSignal<Source, Value>: Signal<Value>, @unchecked Sendable {
    // The source is kept, as a map keeps its source, though only its value is read: one
    // reference, and no copy of a value of generic type when the signal is built.
    private let source: ReturnSignal<Source>
    private let transform: (Source) -> Value

    @usableFromInline
    init(_ source: ReturnSignal<Source>, transform: @escaping (Source) -> Value) {
        self.source = source
        self.transform = transform
    }

    override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        let isInline = Scheduler.isCurrentSet
        if isInline, subscriber is ClosureSubscriberBase { return deliverInline(transform(source.value), to: subscriber) }
        let disposable = CompoundDisposable()
        subscriber.didSubscribe(with: disposable)
        if isInline {
            Self.send(source.value, transform, to: subscriber, disposable)
        } else {
            // As `ReturnSignal` does with its value.
            nonisolated(unsafe) let value = source.value
            nonisolated(unsafe) let transform = self.transform
            disposable.add(SubscriptionScheduler.shared.backgroundScheduler.schedule {
                Self.send(value, transform, to: subscriber, disposable)
            })
        }
        return disposable
    }

    private static func send(
        _ value: Source, _ transform: (Source) -> Value, to subscriber: some Subscriber<Value>,
        _ disposable: CompoundDisposable
    ) {
        if disposable.isDisposed { return }
        subscriber.sendNext(transform(value))
        if disposable.isDisposed { return }
        disposable.dispose()
        subscriber.sendCompleted()
    }
}
