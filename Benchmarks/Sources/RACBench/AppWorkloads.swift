// The app layer's workloads (issue 18): A1 runs Command executions, A2 delivers observed
// property changes, each against a hand-written equivalent as the baseline. OpenCombine has
// neither a command nor Observation-based observation: n/a.
// Issue 29: A3 delivers a synchronously observed (`@Observed`) property's changes against a
// plain `didSet` calling a closure and OpenCombine's `@Published`; A4 sets an `@Observed`
// property nobody observes against an `@Observable` one; A5 is the `MutableProperty` shape
// (a value and a behavior subject) the design note compares.
import Foundation
import Observation
import OpenCombine
import RACSwift

/// The app workloads, where the Observation framework is available (always, on Linux).
var appWorkloads: [Workload] {
    if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
        return [commandWorkload(), observationWorkload(), synchronousObservationWorkload(),
                unobservedChangeWorkload(), mutablePropertyShapeWorkload()]
    }
    return []
}

/// Runs the main run loop, which drains the main queue, until `isDone`. Each turn returns
/// once it has handled what was ready (a turn with a deadline would sleep out the rest of it).
func spinMain(until isDone: () -> Bool) {
    while !isDone() { _ = RunLoop.current.run(mode: .default, before: .distantFuture) }
}

/// What a team writes without RACCommand: an enabled check, a running count, and the work
/// dispatched to the main queue.
/// Single-threaded by construction: everything runs on the main thread.
final class HandWrittenCommand: @unchecked Sendable {
    private var running = 0
    let allowsConcurrentExecution = true

    @discardableResult
    func execute(_ input: Int, next: @escaping (Int) -> Void, completed: @escaping () -> Void) -> Bool {
        guard allowsConcurrentExecution || running == 0 else { return false }
        running += 1
        nonisolated(unsafe) let next = next, completed = completed
        DispatchQueue.main.async {
            next(input)
            self.running -= 1
            completed()
        }
        return true
    }
}

/// A1's second floor: the least hand-written command that does what RAC's `-execute:` has to do
/// and `HandWrittenCommand` skips — and nothing else (no signals, no operators):
/// - it may be executed, and its executions may end, on any thread: the running count and each
///   execution's state are kept under a lock (the command's, one for all: the least locking);
/// - `executing` is a value delivered on the main queue: a change of the count is posted there,
///   kept as the latest value (what a late observer gets first), dropped when equal to it, and
///   sent to the observers. The rise goes in the main-queue block that starts the execution,
///   ahead of it (RAC queues the two back to back); the fall needs a block of its own, after
///   the execution's end, since RAC's `deliverOn:` always queues (at an execution's completion
///   its subscriber still sees `executing` true);
/// - the execution runs on the main queue (RAC's `subscribeOn:` the main-thread scheduler);
/// - its events are kept, so that a subscriber that comes after they were sent receives them
///   (RAC's replay subject), and they go to the subscribers of the moment;
/// - an execution's error is posted to the main queue for `errors`' observers (none fails in A1).
/// `executionSignals` and `enabled` cost nothing per execution while unobserved and concurrent
/// execution is allowed (RAC's too), so nothing stands for them.
final class SecondFloorCommand: @unchecked Sendable {
    private let lock = BasePthreadMutex()
    private var running = 0  // guarded by `lock`
    let allowsConcurrentExecution = true
    // Main thread only.
    private var executing = false
    var executingObservers: [(Bool) -> Void] = []
    var errorObservers: [(any Error) -> Void] = []

    /// The execution of `return(input)`, or nil when disabled.
    func execute(_ input: Int) -> SecondFloorExecution? {
        lock.lock()
        guard allowsConcurrentExecution || running == 0 else {
            lock.unlock()
            return nil
        }
        running += 1
        lock.unlock()
        let execution = SecondFloorExecution(lock: lock)
        DispatchQueue.main.async {
            self.deliverExecuting(true)
            execution.sendNext(input)
            self.executionEnded(error: nil)
            execution.sendCompleted()
        }
        return execution
    }

    /// Counted before the execution's subscribers hear of its end, as in RAC.
    private func executionEnded(error: (any Error)?) {
        lock.lock()
        running -= 1
        let isExecuting = running > 0
        lock.unlock()
        if let error {
            DispatchQueue.main.async { for observer in self.errorObservers { observer(error) } }
        }
        DispatchQueue.main.async { self.deliverExecuting(isExecuting) }
    }

    private func deliverExecuting(_ value: Bool) {
        if value == executing { return }
        executing = value
        for observer in executingObservers { observer(value) }
    }
}

/// One execution of `SecondFloorCommand`: its values and completion, kept for later
/// subscribers and sent to those of the moment, replay and registration in one critical section
/// (the command's lock).
final class SecondFloorExecution: @unchecked Sendable {
    private let lock: BasePthreadMutex

    init(lock: BasePthreadMutex) {
        self.lock = lock
    }

    // Guarded by `lock`.
    private var values: [Int] = []
    private var isCompleted = false
    private var subscribers: [(next: (Int) -> Void, completed: () -> Void)] = []

    func subscribe(next: @escaping (Int) -> Void, completed: @escaping () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        for value in values { next(value) }
        if isCompleted {
            completed()
        } else {
            subscribers.append((next, completed))
        }
    }

    func sendNext(_ value: Int) {
        lock.lock()
        defer { lock.unlock() }
        values.append(value)
        for subscriber in subscribers { subscriber.next(value) }
    }

    func sendCompleted() {
        lock.lock()
        defer { lock.unlock() }
        isCompleted = true
        let ending = subscribers
        subscribers = []
        for subscriber in ending { subscriber.completed() }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
func commandWorkload() -> Workload {
    Workload(
        id: "A1", title: "Command: execute { return(x) }, run on main, one at a time", count: 20_000, unit: "cycle",
        base: .measured { n in
            let acc = Acc()
            var done = 0
            let command = HandWrittenCommand()
            for i in 0..<n {
                command.execute(i, next: { acc.sum &+= $0 }, completed: { done += 1 })
                spinMain { done == i + 1 }
            }
            return acc.sum
        },
        oc: .missing("n/a (OpenCombine has no command)"),
        rac: .measured { n in
            let acc = Acc()
            // Completions arrive on the main thread, which spins below: unchecked is enough.
            let done = Acc()
            let command = Command<Int, Int> { .return($0) }
            command.allowsConcurrentExecution = true
            for i in 0..<n {
                command.execute(i).subscribe(next: { acc.sum &+= $0 }, completed: { done.sum += 1 })
                spinMain { done.sum == i + 1 }
            }
            return acc.sum
        },
        second: .measured(
            "a lock on the count and the execution, executing delivered on the main queue (its fall in a second block), the execution's values kept for replay"
        ) { n in
            let acc = Acc()
            var done = 0
            let command = SecondFloorCommand()
            for i in 0..<n {
                command.execute(i)!.subscribe(next: { acc.sum &+= $0 }, completed: { done += 1 })
                spinMain { done == i + 1 }
            }
            return acc.sum
        })
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class BenchModel: @unchecked Sendable {
    var value = 0
}

/// The baseline's change flag, set by Observation's change handler.
final class ChangeFlag: @unchecked Sendable {
    var isSet = false
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
func observationWorkload() -> Workload {
    Workload(
        id: "A2", title: "observed property: set, deliver the new value", count: 200_000, unit: "event",
        base: .measured { n in
            // Observation used by hand: track, and after each reported change read the value
            // and track again.
            let acc = Acc()
            let model = BenchModel()
            let changed = ChangeFlag()
            func track() -> Int {
                withObservationTracking { model.value } onChange: { changed.isSet = true }
            }
            acc.sum &+= track()
            for i in 0..<n {
                model.value = i
                if changed.isSet {
                    changed.isSet = false
                    acc.sum &+= track()
                }
            }
            return acc.sum
        },
        oc: .missing("n/a (OpenCombine has no Observation-based observation)"),
        rac: .measured { n in
            // The value is read on a scheduler after each change (here a TestScheduler run
            // after each change, so that no change coalesces with the next).
            let acc = Acc()
            let model = BenchModel()
            let scheduler = TestScheduler()
            let d = model.signal(for: \.value, on: scheduler).subscribeNext { acc.sum &+= $0 }
            for i in 0..<n {
                model.value = i
                scheduler.run()
            }
            d.dispose()
            return acc.sum
        },
        second: .measured("the model read through a weak reference and each change's read handed to a FIFO of closures run after the change (the scheduler hop)") { n in
            let acc = Acc()
            let model = BenchModel()
            let hop = BaseObservationHop(model, acc)
            hop.track()
            for i in 0..<n {
                model.value = i
                hop.run()
            }
            return acc.sum
        })
}

/// What a team writes without observation: a property whose `didSet` calls a closure.
final class DidSetModel {
    var onChange: (Int) -> Void = { _ in }
    var value = 0 {
        didSet { onChange(value) }
    }
}

/// The closure is made where the loop cannot see it, as a model's observer is.
@inline(never)
func makeDidSetModel(_ acc: Acc) -> DidSetModel {
    let model = DidSetModel()
    model.onChange = { acc.sum &+= $0 }
    return model
}

/// A synchronously observed model (issue 29).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class SyncBenchModel: ReactiveObject {
    @Observed var value = 0
}

/// OpenCombine's synchronous property publisher.
final class PublishedModel {
    @OpenCombine.Published var value = 0
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
func synchronousObservationWorkload() -> Workload {
    Workload(
        id: "A3", title: "@Observed property: set, deliver the new value synchronously", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let model = makeDidSetModel(acc)
            for i in 0..<n { model.value = i }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let model = PublishedModel()
            let c = model.$value.sink { acc.sum &+= $0 }
            for i in 0..<n { model.value = i }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let model = SyncBenchModel()
            let d = model.signal(for: \.value).subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { model.value = i }
            d.dispose()
            return acc.sum
        },
        second: .measured("the baseline's didSet on an @Observable property (the registrar's withMutation per change, as a ReactiveObject is Observable)") { n in
            let acc = Acc()
            let model = makeObservableDidSetModel(acc)
            for i in 0..<n { model.value = i }
            return acc.sum
        })
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
func unobservedChangeWorkload() -> Workload {
    Workload(
        id: "A4", title: "property nobody observes: set (@Observable vs @Observed)", count: 1_000_000, unit: "event",
        base: .measured { n in
            let model = BenchModel()
            for i in 0..<n { model.value = i }
            return model.value
        },
        oc: .missing("n/a"),
        rac: .measured { n in
            let model = SyncBenchModel()
            for i in 0..<n { model.value = i }
            return model.value
        })
}

/// ReactiveSwift's `MutableProperty` shape: the value and a behavior subject sent each change.
final class MutablePropertyShape<Value>: @unchecked Sendable {
    private let subject: BehaviorSubject<Value>
    var value: Value {
        didSet { subject.sendNext(value) }
    }
    var signal: Signal<Value> { subject }

    init(_ value: Value) {
        self.value = value
        subject = BehaviorSubject(defaultValue: value)
    }
}

func mutablePropertyShapeWorkload() -> Workload {
    Workload(
        id: "A5", title: "MutableProperty shape: set, deliver through a behavior subject", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let model = makeDidSetModel(acc)
            for i in 0..<n { model.value = i }
            return acc.sum
        },
        oc: .missing("n/a"),
        rac: .measured { n in
            let acc = Acc()
            let property = MutablePropertyShape(0)
            let d = property.signal.subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { property.value = i }
            d.dispose()
            return acc.sum
        },
        second: .measured("the didSet sends into a subject that stores the value and delivers under a recursive lock, a disposed check per subscriber (RACBehaviorSubject's @synchronized -sendNext:, RACPassthroughSubscriber)") { n in
            let acc = Acc()
            let model = makeLockedDidSetModel(acc)
            for i in 0..<n { model.value = i }
            return acc.sum
        })
}
