// Second floors (issue 37, goal 1): for the workloads whose closure baseline does less than
// RAC's semantics require, the least code that does that work too, written like the baseline
// (each stage built by an @inline(never) function, its closures through `opaque`). Each adds
// only what RAC's implementation does per event and RACSwift's contract keeps: a lock where
// RAC's object is thread-safe, a disposal check where RAC's subscriber has one.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Observation
import Synchronization

/// The second floors' lock: the uncontended path of a futex mutex — a compare-and-swap to take
/// it, an exchange to let it go (a futex lock's unlock must see whether anyone waits; nobody
/// does here, so there is no wait and no wake-up code). Not glibc's pthread mutex: these
/// workloads run before racbench has started a thread, and in a process with one thread glibc
/// takes its single-threaded path, with no atomic instruction at all (`__libc_single_threaded`:
/// S3's second floor on a recursive pthread mutex, 16.7 ns per value, 31.9 with a parked thread
/// started first; Benchmarks/HISTORY.md, "Issue 37: the per-event workloads"), which no app's
/// lock does. Not recursive.
final class BaseLock: @unchecked Sendable {
    private let state = Atomic<UInt32>(0)

    @inline(__always)
    func lock() {
        while !state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { sched_yield() }
    }

    @inline(__always)
    func unlock() {
        _ = state.exchange(0, ordering: .releasing)
    }
}

/// `BaseLock` made recursive the way glibc's recursive mutex and `@synchronized` are: the
/// owner's thread and a depth, the lock taken at depth 0 only. RAC's lock at a subscriber
/// (RACSubscriber, RACPassthroughSubscriber's inner one) and at a replay or behavior subject,
/// which let a delivery send into the same object again on its thread.
final class BaseRecursiveLock: @unchecked Sendable {
    private let base = BaseLock()
    /// The owning thread; only it stores its own id, so a relaxed load seeing it proves it.
    private let owner = Atomic<UInt>(0)
    /// Touched by the owner only.
    private var depth = 0

    @inline(__always)
    func lock() {
        let me = UInt(pthread_self())
        if owner.load(ordering: .relaxed) == me {
            depth += 1
            return
        }
        base.lock()
        owner.store(me, ordering: .relaxed)
        depth = 1
    }

    @inline(__always)
    func unlock() {
        depth -= 1
        if depth == 0 {
            owner.store(0, ordering: .relaxed)
            base.unlock()
        }
    }
}

/// S3's second floor: what RAC's create block sends into per value — a recursive lock
/// (RACSubscriber's `@synchronized`), the subscription's disposed check
/// (RACPassthroughSubscriber's), then the next stage.
final class BasePassthrough {
    let lock = BaseRecursiveLock()
    /// Set by a disposal from any thread; read under the lock per value.
    var isDisposed = false
    let next: Sink
    init(_ next: @escaping Sink) { self.next = opaque(next) }

    @inline(__always)
    func send(_ value: Int) {
        lock.lock()
        if !isDisposed { next(value) }
        lock.unlock()
    }
}

/// A synchronous range source sending into a `BasePassthrough` (S3's second floor).
///
/// It sends through an opaque closure, as the baseline's range source (`bRange`) calls its sink:
/// a create block knows its subscriber only as a subscriber (RAC's `id<RACSubscriber>`, a
/// message send per event; RACSwift's `any Subscriber`), never as a class whose `send` it could
/// inline. Until the thirteenth pass of issue 37 it called `BasePassthrough.send` directly,
/// inlined into the loop, so that the passthrough was no stage of its own, where every other
/// stage of the floors is a call through `opaque` (87.0 -> 119.1 instructions per value;
/// Benchmarks/HISTORY.md, "Issue 37: a flattenMap's live inner subject and map into
/// subscribeNext, thirteenth pass").
@inline(never)
func bCreateRange(_ count: Int, _ sink: @escaping Sink) {
    let subscriber = BasePassthrough(sink)
    let send = opaque { subscriber.send($0) }
    for i in 0..<count { send(i) }
}

/// A subscription's disposed flag, set by a disposal from any thread and checked before each
/// event (RACPassthroughSubscriber's `disposable.disposed`). A disposal only sets it, so it
/// never waits for a delivery; the subject would drop the subscriber at its next change of the
/// list, under its lock.
final class BaseDisposedFlag: @unchecked Sendable {
    private let disposed = Atomic<Bool>(false)
    init() {}

    @inline(__always)
    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() { disposed.store(true, ordering: .releasing) }
}

/// A subscriber as the second floors' subjects hold it: its closure and its disposed flag.
/// A struct, so that a send reads the closure out of the array as the baseline's subject does
/// (the closure held by a class is retained and released around each call, which neither the
/// baseline nor RAC's semantics need).
struct BaseSubscription {
    let sink: Sink
    let flag = BaseDisposedFlag()
    init(_ sink: @escaping Sink) { self.sink = opaque(sink) }
}

/// W30's subjects on the second floor: RACSubject's send, the least that lets subscribers be
/// added and removed from any thread during sends — the list read under a recursive lock held
/// across the delivery (one lock pair per send: fewer atomic operations than RAC's, which
/// takes `@synchronized (subscribers)` to copy the array, then retains and releases the copy),
/// each subscriber's disposed flag checked before it is called (RACPassthroughSubscriber).
final class LockedSubject {
    let lock = BaseRecursiveLock()
    // A `let`: see `LockedLatestSubject.observers`. Adds would go under `lock`.
    let observers: [BaseSubscription]

    init(observers: [BaseSubscription]) {
        self.observers = observers
    }

    @inline(__always)
    func send(_ value: Int) {
        lock.lock()
        // By index: the loop's copy of each element would retain and release its flag as well.
        for i in observers.indices where !observers[i].flag.isDisposed { observers[i].sink(value) }
        lock.unlock()
    }
}

/// A `LockedSubject` with `sink` as its only subscriber.
func lockedSubject(_ sink: @escaping Sink) -> LockedSubject {
    LockedSubject(observers: [BaseSubscription(sink)])
}

/// W28's second floor: RAC's `+combineLatest:` of an array, per event — the input's subject
/// send (`LockedSubject`), the latest value stored under the combine's recursive lock (inputs
/// send from any thread; RAC's `-combineLatestWith:` stores and sends under `@synchronized`),
/// and once every input has sent, the output's disposed check and a new array of the latest
/// values sent under that lock. A new one per event: the value is the subscriber's to keep
/// (RAC makes a new `RACTuple` each time). The baseline's `Array(latest)` shares the stored
/// array's buffer, which costs nothing only because its subscriber lets go at once; one that
/// kept the value would make the next store copy the buffer.
final class BCombineArray {
    private let lock = BaseRecursiveLock()
    private var latest: [Int]
    private var has = 0
    private let all: Int
    let flag = BaseDisposedFlag()
    private let next: ([Int]) -> Void

    init(inputs: Int, _ next: @escaping ([Int]) -> Void) {
        latest = Array(repeating: 0, count: inputs)
        all = 1 << inputs - 1
        self.next = opaque(next)
    }

    func received(_ value: Int, at k: Int) {
        lock.lock()
        latest[k] = value
        has |= 1 << k
        if has == all, !flag.isDisposed {
            next(latest.withUnsafeBufferPointer { Array($0) })
        }
        lock.unlock()
    }
}

/// W28's inputs on the second floor: a `LockedSubject` per input, each sending into one
/// `BCombineArray`.
@inline(never)
func bCombineArrayInputs(_ count: Int, _ next: @escaping ([Int]) -> Void) -> [LockedSubject] {
    let point = BCombineArray(inputs: count, next)
    return (0..<count).map { k in lockedSubject { point.received($0, at: k) } }
}

/// W26's and A5's second floor: a subject that keeps its latest value and delivers under a
/// recursive lock, as RACReplaySubject (capacity 1) and RACBehaviorSubject do in `-sendNext:`
/// (`@synchronized (self)` around the store and the delivery, so that a new subscriber's
/// replay is neither missed nor doubled), each subscriber's disposed flag checked before it is
/// called (RACPassthroughSubscriber). RAC's `[super sendNext:]` then takes RACSubject's
/// `@synchronized (subscribers)` as well, to copy the list; here the one lock guards the list
/// too (a subscription registers under it, as RAC's replaying `-subscribe:` does, and a
/// disposal only sets the flag), which gives the same guarantee with one lock pair, as
/// RACSwift's `ReplaySubject` and `BehaviorSubject` do.
final class LockedLatestSubject {
    let lock = BaseRecursiveLock()
    var latest: Int?
    // A `let`: read across the observers' calls, a `var` array is retained and released per
    // send (two more atomic operations, which the baseline's subject does not pay either).
    let observers: [BaseSubscription]

    init(observers: [BaseSubscription]) {
        self.observers = observers
    }

    @inline(__always)
    func send(_ value: Int) {
        lock.lock()
        latest = value
        // By index: the loop's copy of each element would retain and release its flag as well.
        for i in observers.indices where !observers[i].flag.isDisposed { observers[i].sink(value) }
        lock.unlock()
    }
}

/// A `LockedLatestSubject` with `sink` as its only observer.
func lockedLatestSubject(_ sink: @escaping Sink) -> LockedLatestSubject {
    LockedLatestSubject(observers: [BaseSubscription(sink)])
}

/// W30's second floor: RAC's `-sample:` — the source's value stored and the sampler's read
/// under one lock (two inputs on any threads), the value sent outside it, as RAC sends it.
final class BSample {
    private let lock = BaseLock()
    private var latest = 0
    private var hasValue = false
    private let next: Sink
    init(_ next: @escaping Sink) { self.next = opaque(next) }

    func store(_ value: Int) {
        lock.lock()
        latest = value
        hasValue = true
        lock.unlock()
    }

    func sample() {
        lock.lock()
        let has = hasValue, value = latest
        lock.unlock()
        if has { next(value) }
    }
}

/// The two inputs of a `BSample`, as closures (the state holds no closure: no cycle).
@inline(never)
func bSampleInputs(_ next: @escaping Sink) -> (Sink, Sink) {
    let state = BSample(next)
    return (opaque { state.store($0) }, opaque { _ in state.sample() })
}

/// A5's second floor: A3's `didSet` model sending into a `LockedLatestSubject` (the
/// thread-safe subject a `MutableProperty` needs).
final class LockedDidSetModel {
    var subject = LockedLatestSubject(observers: [])
    var value = 0 {
        didSet { subject.send(value) }
    }
}

@inline(never)
func makeLockedDidSetModel(_ acc: Acc) -> LockedDidSetModel {
    let model = LockedDidSetModel()
    model.subject = lockedLatestSubject { acc.sum &+= $0 }
    return model
}

/// A3's second floor: the model is an Observation `Observable`, as a `ReactiveObject` is, so
/// every change goes through the registrar's `withMutation`; its `didSet` then calls a closure
/// made out of the loop's sight (A3's baseline, on an `@Observable` property).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class ObservableDidSetModel: @unchecked Sendable {
    @ObservationIgnored var onChange: (Int) -> Void = { _ in }
    var value = 0 {
        didSet { onChange(value) }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@inline(never)
func makeObservableDidSetModel(_ acc: Acc) -> ObservableDidSetModel {
    let model = ObservableDidSetModel()
    model.onChange = { acc.sum &+= $0 }
    return model
}

/// A2's second floor: the baseline's hand-made Observation tracking plus what `signal(for:on:)`
/// does for RAC's semantics — the model read through a weak reference (RACObserve does not
/// keep its object alive) and each change's read handed to a scheduler, here the least one:
/// a FIFO of closures that the loop runs, as A2's RACSwift side runs its test scheduler.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class BaseObservationHop: @unchecked Sendable {
    private weak var model: BenchModel?
    private var queue: [() -> Void] = []
    private let acc: Acc

    init(_ model: BenchModel, _ acc: Acc) {
        self.model = model
        self.acc = acc
    }

    /// Reads the value, tracking it; a change hands the next read to the queue.
    func track() {
        guard let model else { return }
        acc.sum &+= withObservationTracking { model.value } onChange: { [self] in
            queue.append { [self] in track() }
        }
    }

    /// The scheduler's run: every block handed to it so far.
    func run() {
        while !queue.isEmpty { queue.removeFirst()() }
    }
}
