/// A subject that sends its latest value to each new subscriber, then forwards what follows
/// (RACBehaviorSubject).
///
/// It starts with `defaultValue`; each value sent to it becomes the latest. Like `Subject` it
/// keeps no terminal event: after one, a new subscriber still receives the latest value and
/// then whatever is sent later. The subscriber is registered and the latest value sent in one
/// critical section, so no value sent meanwhile is missed or seen twice; as in RAC the
/// subscriber is registered first, so a value sent into the subject from inside the delivery
/// of the latest one (by that subscriber, say) reaches it too, nested. As in RAC this runs on
/// `Scheduler.subscription` (at once when a scheduler is current or on the main thread, else on
/// a background scheduler).
open class BehaviorSubject<Value>: Subject<Value>, @unchecked Sendable {
    /// Guarded by `lock`.
    // Unchecked, measured: the optimizer keeps its dynamic check (`swift_beginAccess` and
    // `swift_endAccess` at each send's store); A5 301.5 → 171.5 instructions per event once
    // unchecked (Benchmarks/HISTORY.md, "Issue 37: the subject-based per-event workloads,
    // second pass (helper, 2026-12-02)").
    @exclusivity(unchecked) private var latest: Value

    /// A behaviour subject whose latest value is `defaultValue` until another is sent
    /// (RAC's `+behaviorSubjectWithDefaultValue:`).
    public init(defaultValue: Value) {
        latest = defaultValue
        super.init()
    }

    /// The latest value: the last one sent, or `defaultValue` before any.
    public var value: Value {
        withDeliveryLock { latest }
    }

    /// Registers `subscriber` for what follows, then sends it the latest value (RAC's order);
    /// runs on `Scheduler.subscription`.
    @discardableResult
    open override func subscribe(_ subscriber: some Subscriber<Value>) -> Disposable {
        if _slowPath(subscriptionsAreWrapped), let wrapped = wrapped(subscriber) { return subscribe(wrapped) }
        let disposable = makeSubscription(for: subscriber)
        subscriber.didSubscribe(with: disposable)
        Scheduler.runSubscription(adding: disposable) { [self] in
            withDeliveryLock {
                if disposable.isDisposed { return }
                register(subscriber, subscription: disposable)
                subscriber.sendNext(latest)
            }
        }
        return disposable
    }

    /// Makes `value` the latest and sends it to every current subscriber.
    open override func sendNext(_ value: Value) {
        withDeliveryLock {
            latest = value
            deliverNext(value)
        }
    }
}
