import Foundation

// ReactiveCocoa's selectors whose Swift name differs, as unavailable declarations: code ported
// word for word (`signal.deliverOn(scheduler)`) fails to compile with "'deliverOn' has been
// renamed to 'deliver(on:)'" and a fix-it that rewrites the call. They are never callable, so
// their bodies never run. Tests/RACSwiftTests/Porting/RenamedSelectorsTests.swift type-checks a
// call of each one and checks the compiler's message.
//
// Selectors that keep their name (`map:`, `filter:`, `flattenMap:`, `switchToLatest`, ...)
// need nothing here. The Objective-C class names are type aliases in RACNames.swift.

private func unavailable() -> Never {
    fatalError("unavailable ReactiveCocoa name")
}

// MARK: - Creating and subscribing

extension Signal {
    /// RAC's `+createSignal:`.
    @available(*, unavailable, renamed: "create(_:)")
    public static func createSignal(_ didSubscribe: @escaping (any Subscriber<Value>) -> Disposable?) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `-subscribeNext:error:completed:`.
    @available(*, unavailable, renamed: "subscribe(next:error:completed:)")
    @discardableResult
    public func subscribeNext(
        _ next: @escaping (Value) -> Void, error: @escaping (any Error) -> Void, completed: @escaping () -> Void
    ) -> Disposable {
        unavailable()
    }

    /// RAC's `-subscribeNext:completed:`.
    @available(*, unavailable, renamed: "subscribe(next:completed:)")
    @discardableResult
    public func subscribeNext(_ next: @escaping (Value) -> Void, completed: @escaping () -> Void) -> Disposable {
        unavailable()
    }

    /// RAC's `-subscribeNext:error:`.
    @available(*, unavailable, renamed: "subscribe(next:error:)")
    @discardableResult
    public func subscribeNext(_ next: @escaping (Value) -> Void, error: @escaping (any Error) -> Void) -> Disposable {
        unavailable()
    }

    /// RAC's `-subscribeError:completed:`.
    @available(*, unavailable, renamed: "subscribe(error:completed:)")
    @discardableResult
    public func subscribeError(_ error: @escaping (any Error) -> Void, completed: @escaping () -> Void) -> Disposable {
        unavailable()
    }

    /// RAC's `-setNameWithFormat:`.
    @available(*, unavailable, renamed: "setName(_:)")
    @discardableResult
    public func setNameWithFormat(_ name: String) -> Self {
        unavailable()
    }

    /// RAC's `-zipWith:`.
    @available(*, unavailable, renamed: "zip(with:)")
    public func zipWith<U>(_ other: Signal<U>) -> Signal<(Value, U)> {
        unavailable()
    }
}

extension Subscriber {
    /// RAC's `-didSubscribeWithDisposable:`.
    @available(*, unavailable, renamed: "didSubscribe(with:)")
    public func didSubscribeWithDisposable(_ disposable: CompoundDisposable) {
        unavailable()
    }
}

extension Event {
    /// RAC's `+eventWithValue:`.
    @available(*, unavailable, renamed: "next(_:)")
    public static func eventWithValue(_ value: Value) -> Event<Value> {
        unavailable()
    }

    /// RAC's `+eventWithError:`.
    @available(*, unavailable, renamed: "error(_:)")
    public static func eventWithError(_ error: any Error) -> Event<Value> {
        unavailable()
    }

    /// RAC's `+completedEvent`.
    @available(*, unavailable, renamed: "completed")
    public static var completedEvent: Event<Value> {
        unavailable()
    }

    /// RAC's `finished`.
    @available(*, unavailable, renamed: "isFinished")
    public var finished: Bool {
        unavailable()
    }
}

// MARK: - Disposables

extension Disposable {
    /// RAC's `+disposableWithBlock:`.
    @available(*, unavailable, renamed: "init(_:)")
    public static func disposableWithBlock(_ block: @escaping () -> Void) -> Disposable {
        unavailable()
    }

    /// RAC's `+scopedDisposableWithDisposable:`.
    @available(*, unavailable, renamed: "ScopedDisposable.init(_:)")
    public static func scopedDisposableWithDisposable(_ disposable: Disposable) -> ScopedDisposable {
        unavailable()
    }
}

extension CompoundDisposable {
    /// RAC's `+compoundDisposableWithDisposables:`.
    @available(*, unavailable, renamed: "init(_:)")
    public static func compoundDisposableWithDisposables(_ disposables: [Disposable]) -> CompoundDisposable {
        unavailable()
    }

    /// RAC's `-addDisposable:`.
    @available(*, unavailable, renamed: "add(_:)")
    public func addDisposable(_ disposable: Disposable?) {
        unavailable()
    }

    /// RAC's `-removeDisposable:`.
    @available(*, unavailable, renamed: "remove(_:)")
    public func removeDisposable(_ disposable: Disposable) {
        unavailable()
    }
}

extension SerialDisposable {
    /// RAC's `+serialDisposableWithDisposable:`.
    @available(*, unavailable, renamed: "init(_:)")
    public static func serialDisposableWithDisposable(_ disposable: Disposable?) -> SerialDisposable {
        unavailable()
    }

    /// RAC's `-swapInDisposable:`.
    @available(*, unavailable, renamed: "swap(with:)")
    @discardableResult
    public func swapInDisposable(_ disposable: Disposable?) -> Disposable? {
        unavailable()
    }
}

// MARK: - Schedulers

extension Scheduler {
    /// RAC's `+immediateScheduler`.
    @available(*, unavailable, renamed: "immediate")
    public static var immediateScheduler: Scheduler {
        unavailable()
    }

    /// RAC's `+mainThreadScheduler`.
    @available(*, unavailable, renamed: "main")
    public static var mainThreadScheduler: Scheduler {
        unavailable()
    }

    /// RAC's `+scheduler`.
    @available(*, unavailable, renamed: "background()")
    public static func scheduler() -> Scheduler {
        unavailable()
    }

    /// RAC's `+schedulerWithPriority:`.
    @available(*, unavailable, renamed: "background(priority:)")
    public static func schedulerWithPriority(_ priority: Priority) -> Scheduler {
        unavailable()
    }

    /// RAC's `+schedulerWithPriority:name:`.
    @available(*, unavailable, renamed: "background(priority:name:)")
    public static func schedulerWithPriority(_ priority: Priority, name: String) -> Scheduler {
        unavailable()
    }

    /// RAC's `+currentScheduler`.
    @available(*, unavailable, renamed: "current")
    public static var currentScheduler: Scheduler? {
        unavailable()
    }

    /// RAC's `+subscriptionScheduler`.
    @available(*, unavailable, renamed: "subscription")
    public static var subscriptionScheduler: Scheduler {
        unavailable()
    }

    /// RAC's `-scheduleRecursiveBlock:`.
    @available(*, unavailable, renamed: "scheduleRecursive(_:)")
    @discardableResult
    public func scheduleRecursiveBlock(_ block: @escaping (_ reschedule: @escaping () -> Void) -> Void) -> Disposable? {
        unavailable()
    }
}

// MARK: - Stream operators

extension Signal {
    /// RAC's `-scanWithStart:reduce:`.
    @available(*, unavailable, renamed: "scan(withStart:reduce:)")
    public func scanWithStart<U>(_ start: U, reduce: @escaping (U, Value) -> U) -> Signal<U> {
        unavailable()
    }

    /// RAC's `-scanWithStart:reduceWithIndex:`.
    @available(*, unavailable, renamed: "scan(withStart:reduceWithIndex:)")
    public func scanWithStart<U>(_ start: U, reduceWithIndex: @escaping (U, Value, Int) -> U) -> Signal<U> {
        unavailable()
    }

    /// RAC's `-combinePreviousWithStart:reduce:`.
    @available(*, unavailable, renamed: "combinePrevious(withStart:reduce:)")
    public func combinePreviousWithStart<U>(_ start: Value, reduce: @escaping (Value, Value) -> U) -> Signal<U> {
        unavailable()
    }

    /// RAC's `-takeWhileBlock:`.
    @available(*, unavailable, renamed: "take(while:)")
    public func takeWhileBlock(_ predicate: @escaping (Value) -> Bool) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `-takeUntilBlock:`.
    @available(*, unavailable, renamed: "take(until:)")
    public func takeUntilBlock(_ predicate: @escaping (Value) -> Bool) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `-skipWhileBlock:`.
    @available(*, unavailable, renamed: "skip(while:)")
    public func skipWhileBlock(_ predicate: @escaping (Value) -> Bool) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `-skipUntilBlock:`.
    @available(*, unavailable, renamed: "skip(until:)")
    public func skipUntilBlock(_ predicate: @escaping (Value) -> Bool) -> Signal<Value> {
        unavailable()
    }
}

// MARK: - Higher-order and combining

extension Signal {
    /// RAC's `-flatten:`.
    @available(*, unavailable, renamed: "flatten(maxConcurrent:)")
    public func flatten<T>(_ maxConcurrent: Int) -> Signal<T> where Value: Signal<T> {
        unavailable()
    }

    /// RAC's `-combineLatestWith:`.
    @available(*, unavailable, renamed: "combineLatest(with:)")
    public func combineLatestWith<U>(_ other: Signal<U>) -> Signal<(Value, U)> {
        unavailable()
    }

    /// RAC's `-takeUntil:`.
    @available(*, unavailable, renamed: "take(until:)")
    public func takeUntil<U>(_ trigger: Signal<U>) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `-takeUntilReplacement:`.
    @available(*, unavailable, renamed: "take(untilReplacement:)")
    public func takeUntilReplacement(_ replacement: Signal<Value>) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `-windowWithStart:close:`.
    @available(*, unavailable, renamed: "window(withStart:close:)")
    public func windowWithStart<U, V>(_ openings: Signal<U>, close: @escaping (Signal<Value>) -> Signal<V>) -> Signal<Signal<Value>> {
        unavailable()
    }
}

// MARK: - Errors, aggregation, bindings

extension Signal {
    /// RAC's `-catchTo:`.
    @available(*, unavailable, renamed: "catch(to:)")
    public func catchTo(_ replacement: Signal<Value>) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `-aggregateWithStart:reduce:`.
    @available(*, unavailable, renamed: "aggregate(withStart:reduce:)")
    public func aggregateWithStart<U>(_ start: U, reduce: @escaping (U, Value) -> U) -> Signal<U> {
        unavailable()
    }

    /// RAC's `-aggregateWithStart:reduceWithIndex:`.
    @available(*, unavailable, renamed: "aggregate(withStart:reduceWithIndex:)")
    public func aggregateWithStart<U>(_ start: U, reduceWithIndex: @escaping (U, Value, Int) -> U) -> Signal<U> {
        unavailable()
    }

    /// RAC's `-aggregateWithStartFactory:reduce:`.
    @available(*, unavailable, renamed: "aggregate(withStartFactory:reduce:)")
    public func aggregateWithStartFactory<U>(_ startFactory: @escaping () -> U, reduce: @escaping (U, Value) -> U) -> Signal<U> {
        unavailable()
    }

    /// RAC's `-setKeyPath:onObject:`.
    @available(*, unavailable, renamed: "setKeyPath(_:on:)")
    @discardableResult
    public func setKeyPath<Root: AnyObject>(_ keyPath: ReferenceWritableKeyPath<Root, Value>, onObject object: Root) -> Disposable {
        unavailable()
    }

    /// RAC's `-setKeyPath:onObject:nilValue:`.
    @available(*, unavailable, renamed: "setKeyPath(_:on:nilValue:)")
    @discardableResult
    public func setKeyPath<Root: AnyObject, T>(
        _ keyPath: ReferenceWritableKeyPath<Root, T>, onObject object: Root, nilValue: T
    ) -> Disposable where Value == T? {
        unavailable()
    }
}

// MARK: - Time and threads

extension Signal {
    /// RAC's `-bufferWithTime:onScheduler:`.
    @available(*, unavailable, renamed: "buffer(withTime:on:)")
    public func bufferWithTime(_ interval: TimeInterval, onScheduler scheduler: Scheduler) -> Signal<[Value]> {
        unavailable()
    }

    /// RAC's `+interval:onScheduler:`.
    @available(*, unavailable, renamed: "interval(_:on:)")
    public static func interval(_ seconds: TimeInterval, onScheduler scheduler: Scheduler) -> Signal<Date> {
        unavailable()
    }

    /// RAC's `+interval:onScheduler:withLeeway:`.
    @available(*, unavailable, renamed: "interval(_:on:leeway:)")
    public static func interval(_ seconds: TimeInterval, onScheduler scheduler: Scheduler, withLeeway leeway: TimeInterval) -> Signal<Date> {
        unavailable()
    }

    /// RAC's `-timeout:onScheduler:`.
    @available(*, unavailable, renamed: "timeout(_:on:)")
    public func timeout(_ interval: TimeInterval, onScheduler scheduler: Scheduler) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `-deliverOn:`.
    @available(*, unavailable, renamed: "deliver(on:)")
    public func deliverOn(_ scheduler: Scheduler) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `-subscribeOn:`.
    @available(*, unavailable, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: Scheduler) -> Signal<Value> {
        unavailable()
    }
}

// MARK: - Hot signals and blocking

extension Signal {
    /// RAC's `+startEagerlyWithScheduler:block:`.
    @available(*, unavailable, renamed: "startEagerly(on:_:)")
    @discardableResult
    public static func startEagerlyWithScheduler(_ scheduler: Scheduler, block: @escaping (any Subscriber<Value>) -> Void) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `+startLazilyWithScheduler:block:`.
    @available(*, unavailable, renamed: "startLazily(on:_:)")
    public static func startLazilyWithScheduler(_ scheduler: Scheduler, block: @escaping (any Subscriber<Value>) -> Void) -> Signal<Value> {
        unavailable()
    }

    /// RAC's `-firstOrDefault:`.
    @available(*, unavailable, renamed: "first(orDefault:)")
    public func firstOrDefault(_ defaultValue: Value) throws -> Value {
        unavailable()
    }
}

// MARK: - Blocking helpers with out-parameters

// RAC's blocking and testing helpers report through `BOOL *success` and `NSError **error`;
// here they throw. The out-parameters are raw pointers, so that a port's `&success` and
// `&error` (whatever the variables' types) or `nil` reach this declaration and its message,
// not an argument-type error. A message rather than a fix-it: the Swift form has
// fewer arguments, and its result is read with `try`, which a rename cannot write.

extension Signal {
    /// RAC's `-firstOrDefault:success:error:`.
    @available(
        *, unavailable, renamed: "first(orDefault:)",
        message: "use 'try first(orDefault:)', which throws the signal's error instead of setting 'success' and 'error'")
    public func firstOrDefault(
        _ defaultValue: Value?, success: RACOutParameter?, error: RACOutParameter?
    ) -> Value {
        unavailable()
    }

    /// RAC's `-waitUntilCompleted:`.
    @available(
        *, unavailable, renamed: "waitUntilCompleted()",
        message: "use 'try waitUntilCompleted()', which throws the signal's error instead of returning NO and setting 'error'")
    public func waitUntilCompleted(_ error: RACOutParameter?) -> Bool {
        unavailable()
    }

    /// RAC's `-asynchronousFirstOrDefault:success:error:`.
    @available(
        *, unavailable, renamed: "asynchronousFirst(orDefault:timeout:)",
        message: "use 'try asynchronousFirst(orDefault:timeout:)' (or 'try asynchronousFirst(timeout:)' for an optional), which throws the signal's error, or SignalError.timedOut, instead of setting 'success' and 'error'")
    public func asynchronousFirstOrDefault(
        _ defaultValue: Value?, success: RACOutParameter?, error: RACOutParameter?
    ) -> Value {
        unavailable()
    }

    /// RAC's `-asynchronouslyWaitUntilCompleted:`.
    @available(
        *, unavailable, renamed: "asynchronouslyWaitUntilCompleted(timeout:)",
        message: "use 'try asynchronouslyWaitUntilCompleted(timeout:)', which throws the signal's error, or SignalError.timedOut, instead of returning NO and setting 'error'")
    public func asynchronouslyWaitUntilCompleted(_ error: RACOutParameter?) -> Bool {
        unavailable()
    }
}

extension ReplaySubject {
    /// RAC's `+replaySubjectWithCapacity:`.
    @available(*, unavailable, renamed: "init(capacity:)")
    public static func replaySubjectWithCapacity(_ capacity: Int) -> ReplaySubject<Value> {
        unavailable()
    }
}

extension BehaviorSubject {
    /// RAC's `+behaviorSubjectWithDefaultValue:`.
    @available(*, unavailable, renamed: "init(defaultValue:)")
    public static func behaviorSubjectWithDefaultValue(_ value: Value) -> BehaviorSubject<Value> {
        unavailable()
    }
}

extension GroupedSignal {
    /// RAC's `+signalWithKey:`.
    @available(*, unavailable, renamed: "init(key:)")
    public static func signalWithKey(_ key: Key) -> GroupedSignal<Key, Value> {
        unavailable()
    }
}

// MARK: - Factory methods

extension Subject {
    /// RAC's `+[RACSubject subject]` and `+[RACReplaySubject subject]`; a replay subject made
    /// with `init()` replays everything, as RAC's does.
    @available(*, unavailable, renamed: "init()")
    public static func subject() -> Self {
        unavailable()
    }
}

extension CompoundDisposable {
    /// RAC's `+compoundDisposable`.
    @available(*, unavailable, renamed: "init()")
    public static func compoundDisposable() -> CompoundDisposable {
        unavailable()
    }
}

