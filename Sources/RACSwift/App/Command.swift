import Observation

/// The error of an execution the command refused.
public enum CommandError: Error, Sendable {
    /// `execute(_:)` was called while the command was disabled (RAC's
    /// `RACCommandErrorNotEnabled`); the signal block did not run.
    case notEnabled
}

/// An action started by a user or the app, with its executions, their errors and whether it
/// can run now, as signals (RACCommand).
///
/// `execute(_:)` runs the signal block, shares its signal through a replay subject, and
/// returns it; the execution starts on the main thread, after `executing` and `enabled` have
/// been updated. `executing`, `enabled`, `executionSignals` and `errors` deliver on the main
/// thread (`executing` and `enabled` send their current value at once, on the subscribing
/// thread) and complete, on the main thread, when the command goes away.
///
/// "The main thread" is RAC's rule and the default; a command made with another `scheduler`
/// (a `TestScheduler` in a test, `Scheduler.immediate` for executions that start at once)
/// uses that scheduler wherever this says main thread.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class Command<Input, Value>: Observable, @unchecked Sendable {
    /// The executions started after a subscription, each with its errors caught (they go to
    /// `errors`), on the main thread (RAC's `executionSignals`).
    public let executionSignals: Signal<Signal<Value>>
    /// Whether an execution is running: the current value at once, then changes, on the main
    /// thread (RAC's `executing`).
    public let executing: Signal<Bool>
    /// Whether `execute(_:)` would run: the latest value of the enabled signal (true before it
    /// sends) and, unless `allowsConcurrentExecution`, that nothing is executing. The current
    /// value at once, then changes on the main thread (RAC's `enabled`).
    public let enabled: Signal<Bool>
    /// The errors of executions, as values, on the main thread, including those of executions
    /// started before the subscription (RAC's `errors`).
    public let errors: Signal<any Error>
    /// Where executions start and the command's signals deliver: `Scheduler.main` unless
    /// given to `init(enabled:scheduler:_:)`.
    public let scheduler: Scheduler

    private let signalBlock: @Sendable (Input) -> Signal<Value>
    private let addedExecutions = Subject<Signal<Value>>()
    /// What `errors` and `executing` follow of every execution, fed by the execution itself.
    private let tracker: ExecutionTracker
    // The classes each execution is made of, for this command's `Value`, looked up once: named
    // in `execute(_:)` — generic code, compiled once for every value type — each would be a
    // look-up in the runtime's table per execution.
    private let executionType: ExecutionSubject<Value>.Type
    private let closureSubscriberType: ClosureSubscriber<Value>.Type
    private let closureEntryType: SubjectEntry<ClosureSubscriber<Value>>.Type
    private let allowsConcurrentExecutionChanges = Subject<Bool>()
    /// `enabled` without the hop to the main thread; replays its latest value.
    private let immediateEnabled: ReplaySubject<Bool>
    private let lifetimeToken: Lifetime.Token

    private let registrar = ObservationRegistrar()
    // Held across the whole mutation, so that a read from another thread sees the new value
    // once Observation has announced it (the rule property observation relies on).
    private let allowsConcurrentExecutionLock = RecursiveLock()
    private var storedAllowsConcurrentExecution = false

    /// Whether executions may overlap (RAC's `allowsConcurrentExecution`, false by default).
    /// Thread-safe, and observable with `signal(for: \.allowsConcurrentExecution)`.
    public var allowsConcurrentExecution: Bool {
        get {
            registrar.access(self, keyPath: \.allowsConcurrentExecution)
            return allowsConcurrentExecutionLock.withLock { storedAllowsConcurrentExecution }
        }
        set {
            // The change is sent under the lock too, so that `enabled` sees concurrent
            // settings in the order they were stored (RAC sends after its atomic store, and
            // two racing setters could leave `enabled` following the value that lost).
            allowsConcurrentExecutionLock.withLock {
                registrar.withMutation(of: self, keyPath: \.allowsConcurrentExecution) {
                    storedAllowsConcurrentExecution = newValue
                }
                allowsConcurrentExecutionChanges.sendNext(newValue)
            }
        }
    }

    /// A command that runs `signalBlock` for each execution, enabled while `enabled`'s latest
    /// value is true (always, when nil) (RAC's `-initWithEnabled:signalBlock:`). `enabled` is
    /// subscribed at once, so a value it sends synchronously counts from the start.
    ///
    /// `scheduler` is where executions start and where `executing`, `enabled`,
    /// `executionSignals` and `errors` deliver: RAC's main thread by default. RAC has no such
    /// parameter; a test passes its `TestScheduler` (executions start when the test runs the
    /// scheduler, not on the next turn of the main queue) or `Scheduler.immediate`.
    public init(
        enabled enabledSignal: Signal<Bool>? = nil, scheduler: Scheduler = .main,
        _ signalBlock: @escaping @Sendable (Input) -> Signal<Value>
    ) {
        self.signalBlock = signalBlock
        self.scheduler = scheduler
        tracker = ExecutionTracker(scheduler: scheduler)
        executionType = ExecutionSubject<Value>.self
        closureSubscriberType = ClosureSubscriber<Value>.self
        closureEntryType = SubjectEntry<ClosureSubscriber<Value>>.self
        let (lifetime, token) = Lifetime.make()
        lifetimeToken = token

        executionSignals = addedExecutions
            .map { $0.catch(to: .empty) }
            .deliver(on: scheduler)

        // RAC's `errors` and `executing` are two `flattenMap`s on the added executions, each
        // subscribing to every execution; the tracker is both, fed by the execution (see
        // `ExecutionTracker`). They were the first two subscribers of the added executions and
        // of each execution, so the tracker acts before anyone else at both.

        // Published and connected now, so that a late subscriber still gets the errors of
        // executions that started before it.
        let errorsConnection = tracker.errors
            .deliver(on: scheduler)
            .publish()
        errors = errorsConnection.signal
        errorsConnection.connect()

        // RAC's `[[[[immediateExecuting deliverOn:] startWith:@NO] distinctUntilChanged]
        // replayLast]`, as one object (see `ExecutingDelivery`).
        executing = tracker.executing.subject

        // `enabled`'s own count, as in RAC: subscribed anew each time concurrent execution is
        // turned off, it counts the executions added from then on.
        let immediateExecuting = addedExecutions
            .flattenMap { execution in runningCountChanges(of: execution) }
            .scan(withStart: 0) { $0 + $1 }
            .map { $0 > 0 }
            .startWith(false)

        let moreExecutionsAllowed = Signal<Bool>.if(
            allowsConcurrentExecutionChanges.startWith(false),
            then: .return(true),
            else: immediateExecuting.not())
        let enabledSignal = enabledSignal?.startWith(true) ?? .return(true)
        // `replayLast()`, with the subject kept so that `execute(_:)` can read its value.
        let immediateEnabledSubject = ReplaySubject<Bool>(capacity: 1)
        let immediateEnabledConnection = enabledSignal.combineLatest(with: moreExecutionsAllowed)
            .map { $0 && $1 }
            .take(during: lifetime)
            .multicast(immediateEnabledSubject)
        immediateEnabledConnection.connect()
        let immediateEnabled = immediateEnabledConnection.signal
        self.immediateEnabled = immediateEnabledSubject

        enabled = immediateEnabled.take(1)
            .concat(immediateEnabled.skip(1).deliver(on: scheduler))
            .distinctUntilChanged()
            .replayLast()
    }

    /// A command whose signal block receives `target`, held weakly, with each input (RAC's
    /// `@weakify(self)` … `initWithSignalBlock:^(id input) { @strongify(self); … }`, the usual
    /// shape of a view model's command). The block captures nothing, so a plain model class
    /// needs neither `[weak self]` nor `@unchecked Sendable`; once `target` is gone an
    /// execution is an empty signal. When `target` is synchronously observable (a
    /// ``ReactiveObject``), an execution still running as it is deinitialized completes then,
    /// synchronously, and its work is disposed (as a weak-target subscription ends).
    /// Otherwise as `init(enabled:scheduler:_:)`.
    public convenience init<Target: AnyObject>(
        enabled enabledSignal: Signal<Bool>? = nil, scheduler: Scheduler = .main, weak target: Target,
        _ signalBlock: @escaping @Sendable (Target, Input) -> Signal<Value>
    ) {
        let reference = WeakReference(target)
        // Looked up once: the lifetime, not the target, is kept by the command.
        let lifetime = (target as? any SynchronouslyObservable)?.lifetime
        self.init(enabled: enabledSignal, scheduler: scheduler) { [lifetime] input in
            guard let target = reference.value else { return .empty }
            let execution = signalBlock(target, input)
            guard let lifetime else { return execution }
            return execution.take(during: lifetime)
        }
    }

    deinit {
        tracker.commandEnded()
        addedExecutions.sendCompleted()
        allowsConcurrentExecutionChanges.sendCompleted()
    }

    /// Runs the signal block with `input` if the command is enabled, and returns the
    /// execution: a signal that replays everything the block's signal sends, which is
    /// subscribed once, on the main thread (the command's `scheduler`), after `executing` and `enabled` were updated (RAC's
    /// `-execute:`). A disabled command does not run the block and returns a signal that fails
    /// with `CommandError.notEnabled`.
    @discardableResult
    public func execute(_ input: Input) -> Signal<Value> {
        // RAC's `[[immediateEnabled take:1] first]`: the value the replay subject would
        // replay first, read without a blocking subscription per execution.
        guard immediateEnabled.latestValue ?? false else {
            return Signal.error(CommandError.notEnabled)
        }
        // RAC's `[[signal subscribeOn:] multicast:[RACReplaySubject subject]]`, connected
        // after the execution was added. The connection subscribes the source once and its
        // disposable is dropped, so the replay subject subscribes the source on the scheduler
        // itself (see `ExecutionSubject.start(_:on:)`).
        let signal = signalBlock(input)
        let execution = executionType.init(
            tracker: tracker, closureSubscriber: closureSubscriberType,
            closureEntry: closureEntryType)
        tracker.executionStarted()
        addedExecutions.sendNext(execution)
        if _slowPath(tracingIsOn) {
            // Traced: the scheduled subscription as the signal the trace shows.
            signal.subscribe(on: scheduler).subscribe(execution)
        } else {
            execution.start(signal, on: scheduler)
        }
        return execution
    }
}

// Free functions, not static members: calling one from the per-execution closure would
// look up `Command<Input, Value>`'s metadata at run time each time.

/// What `enabled`'s count of running executions counts for one execution: 1 at once, then -1
/// once the execution terminates, then completion (RAC's `[[[execution catchTo:[RACSignal
/// empty]] then:^{ return [RACSignal return:@-1]; }] startWith:@1]`, as one sink instead of
/// five operators per execution). The 1 goes out on `Scheduler.subscription`, as `startWith`
/// sends it.
private func runningCountChanges<Value>(of execution: Signal<Value>) -> Signal<Int> {
    OperatorSignal(execution) { subscriber, execution in
        subscribeScheduled(subscriber) { output in
            if output.isOpen { output.send(1) }
            // Subscribed also when the output was disposed meanwhile, as `startWith` does;
            // that subscription is then disposed at once.
            execution.subscribe(ExecutionCountSink<Value>(output))
        }
    }
}

/// Follows one execution of a command for `enabled`'s count: ignores its values and, once it
/// terminates either way, sends -1 and completes — on `Scheduler.subscription`, where `then`
/// subscribed its `return(-1)`.
private final class ExecutionCountSink<Value>: Sink, Subscriber, @unchecked Sendable {
    private let output: InnerForwardSink<Int>

    init(_ output: InnerForwardSink<Int>) {
        self.output = output
    }

    func didSubscribe(with disposable: CompoundDisposable) { output.didSubscribe(with: disposable) }
    func sendNext(_ value: Value) {}
    func sendError(_ error: any Error) { end() }
    func sendCompleted() { end() }

    private func end() {
        let output = output
        Scheduler.runSubscription(adding: output.disposable) { output.finish(sending: -1) }
    }
}

/// `errors` and `executing` of one command before their hop to the command's scheduler: RAC's
/// `[addedExecutions flattenMap:^(execution) { [[execution ignoreValues] catch:^(error) {
/// return [RACSignal return:error]; }] }]` and `[[[addedExecutions flattenMap:^(execution) {
/// [[[execution catchTo:[RACSignal empty]] then:^{ return [RACSignal return:@-1]; }]
/// startWith:@1]; }] scanWithStart:@0 reduce:…] map:^(count) { @(count > 0) }]`, as one
/// count fed by the executions (`ExecutionSubject`) instead of two merge points subscribing
/// to each.
///
/// Each flattenMap had one subscriber (`errors`' publication and `executing`'s replay, both
/// connected at init), so one shared count is theirs. The count changes and the sends happen
/// under one recursive lock, the merge points' serialization: changes from several threads go
/// out in the order they were counted, and a subscriber that executes the command from inside
/// a delivery (on an immediate scheduler) gets a nested one.
final class ExecutionTracker: @unchecked Sendable {
    /// The executions' errors, as values (the first flattenMap).
    let errors = Subject<any Error>()
    /// Whether an execution is running, at every change of the count (the second one), on its
    /// way to `executing`.
    let executing: ExecutingDelivery
    private let lock = RecursiveLock()
    // Both guarded by `lock`.
    private var running = 0
    private var commandHasEnded = false

    init(scheduler: Scheduler) {
        executing = ExecutingDelivery(scheduler: scheduler)
    }

    /// An execution was added: counted at once, where the flattenMap's inner sent its `@1`.
    /// (RAC's `startWith:` sends it on the subscription scheduler, later on a thread of no
    /// scheduler's; that schedule could run at once too.)
    func executionStarted() {
        lock.withLock {
            running += 1
            executing.send(.value(true))
        }
    }

    /// An execution terminated (before its subscribers hear of it, as the two inners were its
    /// first subscribers): its error, if any, goes to `errors`, the count goes down, and if
    /// the command is gone and this was the last execution both complete — each on the
    /// subscription scheduler, where RAC's `catch:` and `then:` subscribed their `return:`.
    func executionEnded(error: (any Error)?) {
        if Scheduler.isCurrentSet {
            countEnd(error: error)
        } else {
            // The count's own work, once, on the background scheduler, after this call handed
            // it over.
            SubscriptionScheduler.shared.backgroundScheduler.schedule { self.countEnd(error: error) }
        }
    }

    private func countEnd(error: (any Error)?) {
        lock.withLock {
            if let error { errors.sendNext(error) }
            running -= 1
            let isLast = commandHasEnded && running == 0
            // In the flattenMaps' order: `errors`' merge point ended first.
            if isLast { errors.sendCompleted() }
            executing.send(.value(running > 0))
            if isLast { executing.send(.completed) }
        }
    }

    /// The command went away (its added executions completed): both complete once no
    /// execution is running.
    func commandEnded() {
        lock.withLock {
            commandHasEnded = true
            if running == 0 {
                errors.sendCompleted()
                executing.send(.completed)
            }
        }
    }
}

/// An event on its way to `executing`.
enum ExecutingEvent {
    case value(Bool)
    case completed
}

/// `executing` from the tracker's count on: RAC's `[[[[immediateExecuting
/// deliverOn:scheduler] startWith:@NO] distinctUntilChanged] replayLast]`, where
/// `immediateExecuting` is the count's changes after a leading `startWith:@NO`. One object of
/// concrete types instead of four generic operators and a subject, which the generic command
/// ran unspecialized at every change.
///
/// Each event is delivered on the scheduler, on its own, in order: on a `TargetQueueScheduler`
/// it waits in `waiting` and this object is the queued unit, as `deliver(on:)`'s sink is; on
/// any other scheduler (a `TestScheduler`) it is a scheduled block. There a value that differs
/// from the last one goes into `subject`, the replay subject of one value that is `executing`.
/// Nothing cancels a delivery: RAC's `executing` is connected for good.
final class ExecutingDelivery: ScheduledDelivery, @unchecked Sendable {
    /// `executing`: replays the latest value, then sends the changes.
    let subject = ReplaySubject<Bool>(capacity: 1)
    private let scheduler: Scheduler
    private let queueScheduler: TargetQueueScheduler?
    /// The events queued on `queueScheduler`, oldest first; guarded by its lock.
    private let waiting = RingBuffer<ExecutingEvent>()
    /// What `distinctUntilChanged` last let through; touched on the scheduler only (and at
    /// init, before anything is scheduled).
    private var last = false

    init(scheduler: Scheduler) {
        self.scheduler = scheduler
        queueScheduler = scheduler as? TargetQueueScheduler
        // `replayLast`'s connection at init: the inner `startWith:@NO` goes through at once
        // (RAC sends it on the subscription scheduler, later when no scheduler is current;
        // the replay subject's subscribers are served there after it either way) ...
        subject.sendNext(false)
        // ... then `deliverOn:` subscribes `immediateExecuting`, whose own leading `@NO` is
        // delivered on the scheduler and stopped by `distinctUntilChanged`.
        send(.value(false))
    }

    /// Delivers `event` on the scheduler, after those sent before it.
    func send(_ event: ExecutingEvent) {
        if let queueScheduler {
            queueScheduler.enqueueDelivery(self) {
                waiting.append(event)
                return true
            }
        } else {
            scheduler.schedule { [self] in deliver(event) }
        }
    }

    /// One unit of the queue scheduler: the oldest event waiting.
    func performDelivery() {
        deliver(queueScheduler!.withQueueLock { waiting.removeFirst() })
    }

    private func deliver(_ event: ExecutingEvent) {
        switch event {
        case .value(let isExecuting):
            if isExecuting == last { return }
            last = isExecuting
            subject.sendNext(isExecuting)
        case .completed:
            subject.sendCompleted()
        }
    }
}

/// An execution's replay subject (RAC's `[RACReplaySubject subject]` of `-execute:`), which
/// tells the command's `ExecutionTracker` of its end before its subscribers, and subscribes
/// the execution's signal on the command's scheduler.
final class ExecutionSubject<Value>: ReplaySubject<Value>, ScheduledDelivery, @unchecked Sendable {
    private let tracker: ExecutionTracker
    private let hasEnded = AtomicFlag()
    /// The signal to subscribe to, until the scheduled subscription takes it: set before
    /// `start(_:on:)` hands this object to the scheduler, then touched only by that one run.
    private var pendingSource: Signal<Value>?

    /// Made from its command's kept metatypes (see `Command`), for the same reason.
    private let closureSubscriber: ClosureSubscriber<Value>.Type
    private let closureEntry: SubjectEntry<ClosureSubscriber<Value>>.Type

    init(
        tracker: ExecutionTracker, closureSubscriber: ClosureSubscriber<Value>.Type,
        closureEntry: SubjectEntry<ClosureSubscriber<Value>>.Type
    ) {
        self.tracker = tracker
        self.closureSubscriber = closureSubscriber
        self.closureEntry = closureEntry
        super.init()
        // The caller of `execute(_:)` subscribes with closures, as a rule.
        subscribesClosures = true
    }

    /// `subscribe(ClosureSubscriber(…))`, with the subscriber and its entry made from the
    /// command's metatypes.
    override func subscribeClosures(
        next: consuming ((Value) -> Void)?, error: consuming ((any Error) -> Void)?,
        completed: consuming (() -> Void)?
    ) -> Disposable {
        let subscriber = closureSubscriber.init(next: next, error: error, completed: completed)
        // Traced subscriptions go through `subscribe(_:)`, which wraps them.
        if _slowPath(subscriptionsAreWrapped) { return subscribe(subscriber) }
        return subscribe(subscriber, replayingWith: closureEntry.init(subject: self))
    }

    /// RAC's `[[signal subscribeOn:scheduler] multicast:self]` connected, as one object: the
    /// subject is the unit queued on `scheduler` (as `subscribe(on:)`'s sink is), and
    /// subscribes `signal` there. What `subscribe(on:)` adds besides — disposing the source's
    /// subscription on the scheduler, cancelling the scheduled subscription — happens only when
    /// the connection's disposable is disposed, and `-execute:` drops it. A constant signal
    /// is delivered straight into the subject, as `subscribe(on:)` delivers it, where a
    /// scheduler is current.
    func start(_ signal: Signal<Value>, on scheduler: Scheduler) {
        pendingSource = signal
        _ = scheduler.schedule(delivery: self)
    }

    func performDelivery() {
        guard let signal = pendingSource else { return }
        pendingSource = nil
        if signal.isConstant, Scheduler.isCurrentSet {
            let termination = signal.deliverConstant { value in sendNext(value) }
            if case .failed(let error) = termination {
                sendError(error)
            } else {
                sendCompleted()
            }
        } else {
            signal.subscribe(self)
        }
    }

    override func sendError(_ error: any Error) {
        if takeEnd() { tracker.executionEnded(error: error) }
        super.sendError(error)
    }

    override func sendCompleted() {
        if takeEnd() { tracker.executionEnded(error: nil) }
        super.sendCompleted()
    }

    /// True for the first terminal event only, which the tracker counts.
    private func takeEnd() -> Bool {
        hasEnded.set()
    }
}

/// A command whose input is converted and whose values' type is erased, for what holds a
/// command without caring what it produces: a control's `rac_command` (RAC's controls take any
/// `RACCommand` and execute it with themselves as input), a list of a screen's commands.
///
/// It forwards to the command it wraps, which it keeps alive: `enabled`, `executing` and
/// `errors` are the command's; `executionSignals` and `execute(_:)` send the command's values
/// as `Any`. Threading and terminal events are the wrapped command's.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class AnyCommand<Input>: Sendable {
    /// Whether `execute(_:)` would run (the command's `enabled`).
    public let enabled: Signal<Bool>
    /// Whether an execution is running (the command's `executing`).
    public let executing: Signal<Bool>
    /// The errors of executions, as values (the command's `errors`).
    public let errors: Signal<any Error>
    /// The executions, with their values as `Any` (the command's `executionSignals`).
    public let executionSignals: Signal<Signal<Any>>
    private let executeBlock: @Sendable (Input) -> Signal<Any>

    /// Wraps `command`, executing it with the input as given.
    public convenience init<Value>(_ command: Command<Input, Value>) {
        self.init(command) { $0 }
    }

    /// Wraps `command`, executing it with `input` applied to the input given: a control that
    /// executes with itself as input can run a `Command<String, Value>` as
    /// `AnyCommand(command) { (_: Button) in "refresh" }`.
    public init<CommandInput, Value>(
        _ command: Command<CommandInput, Value>, input: @escaping @Sendable (Input) -> CommandInput
    ) {
        enabled = command.enabled
        executing = command.executing
        errors = command.errors
        executionSignals = command.executionSignals.map { execution in execution.map { $0 as Any } }
        executeBlock = { value in command.execute(input(value)).map { $0 as Any } }
    }

    /// Executes the wrapped command with `input` (converted) and returns its execution with
    /// the values as `Any`; a disabled command's execution fails with
    /// `CommandError.notEnabled` (RAC's `-execute:`).
    @discardableResult
    public func execute(_ input: Input) -> Signal<Any> {
        executeBlock(input)
    }
}
