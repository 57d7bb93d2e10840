// ReactiveCocoa's class names, for code that lives next to Combine. `Signal`, `Subject`,
// `Subscriber`, `Scheduler` and `Event` are also names in Combine (and OpenCombine); in a file
// that imports both, the RAC names need no module prefix (`RACSwift.Subject`) and read as the
// Objective-C code being ported did.

/// ReactiveCocoa's name for ``Signal``.
public typealias RACSignal<Value> = Signal<Value>
/// ReactiveCocoa's name for ``Subject``.
public typealias RACSubject<Value> = Subject<Value>
/// ReactiveCocoa's name for ``ReplaySubject``.
public typealias RACReplaySubject<Value> = ReplaySubject<Value>
/// ReactiveCocoa's name for ``BehaviorSubject``.
public typealias RACBehaviorSubject<Value> = BehaviorSubject<Value>
/// ReactiveCocoa's name for ``GroupedSignal``.
public typealias RACGroupedSignal<Key, Value> = GroupedSignal<Key, Value>
/// ReactiveCocoa's name for ``MulticastConnection``.
public typealias RACMulticastConnection<Value> = MulticastConnection<Value>
/// ReactiveCocoa's name for ``Subscriber`` (the RACSubscriber protocol).
public typealias RACSubscriber = Subscriber
/// ReactiveCocoa's name for ``Event``.
public typealias RACEvent<Value> = Event<Value>
/// ReactiveCocoa's name for ``Scheduler``.
public typealias RACScheduler = Scheduler
/// ReactiveCocoa's name for ``TargetQueueScheduler``.
public typealias RACTargetQueueScheduler = TargetQueueScheduler
/// ReactiveCocoa's name for ``TestScheduler``.
public typealias RACTestScheduler = TestScheduler
/// ReactiveCocoa's name for ``Disposable``.
public typealias RACDisposable = Disposable
/// ReactiveCocoa's name for ``CompoundDisposable``.
public typealias RACCompoundDisposable = CompoundDisposable
/// ReactiveCocoa's name for ``SerialDisposable``.
public typealias RACSerialDisposable = SerialDisposable
/// ReactiveCocoa's name for ``ScopedDisposable``.
public typealias RACScopedDisposable = ScopedDisposable
/// ReactiveCocoa's `RACSignalSequence`: ``SignalSequence``.
public typealias RACSignalSequence<Value> = SignalSequence<Value>
/// ReactiveCocoa's name for ``Command``.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public typealias RACCommand<Input, Value> = Command<Input, Value>
/// ReactiveCocoa's name for ``Channel``.
public typealias RACChannel<Value> = Channel<Value>
/// ReactiveCocoa's name for ``ChannelTerminal``.
public typealias RACChannelTerminal<Value> = ChannelTerminal<Value>
