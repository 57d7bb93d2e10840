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
        second: .measured("the didSet sends into a subject that stores the value and delivers under a recursive lock (RACBehaviorSubject's @synchronized -sendNext:)") { n in
            let acc = Acc()
            let model = makeLockedDidSetModel(acc)
            for i in 0..<n { model.value = i }
            return acc.sum
        })
}
