// Issue 28: thread hops, timers, scheduler primitives and subscriber churn. Every side does
// the same work on Dispatch: the baseline is the floor (plain Dispatch calls), OpenCombine uses
// OpenCombineDispatch's `DispatchQueue.OCombine` as its scheduler.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import OpenCombine
import OpenCombineDispatch
import RACSwift

/// A fresh serial queue on the default global queue: what `Scheduler.background()` makes.
func benchQueue(_ name: String) -> DispatchQueue {
    DispatchQueue(label: "racbench.\(name)", target: .global())
}

/// A counter touched only on one serial queue (or only on the main thread).
final class Flag: @unchecked Sendable {
    var isSet = false
    var count = 0
}

/// How long the timer workloads' throttle waits: a burst is far shorter than this, so nothing
/// fires during it.
let throttleInterval: TimeInterval = 1

/// Waits until the stale timers a throttle burst left in Dispatch's timer list (the floor's
/// cancelled work items, OpenCombine's debounce timers) have fired, so that they do not run
/// during the next measurement.
func settleTimers() {
    Thread.sleep(forTimeInterval: throttleInterval + 0.1)
}

/// Gives every W13 run the same heap: a burst of 100k `asyncAfter`s (the floor's, OpenCombine's)
/// leaves that many small freed chunks in glibc's fast bins, and the next large allocation
/// consolidates them all (`malloc_consolidate`) — in the rounds that followed theirs, RACSwift's
/// ring growth paid for the other sides' garbage (issue 28f: 4.5% of a run's samples; the same
/// side alone ran 175 ns per value, after another side's run 250–330). `malloc_trim` does that
/// consolidation here, between the runs, for every side alike.
func consolidateHeap() {
    #if canImport(Glibc)
    _ = glibcMallocTrim(0)
    #endif
}

#if canImport(Glibc)
// <malloc.h>, which the Glibc module does not import.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// A fixed permutation of 0..<k (a seeded Fisher–Yates), the same for every library.
func shuffled(_ k: Int) -> [Int] {
    var order = Array(0..<k)
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    for i in stride(from: k - 1, to: 0, by: -1) {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let j = Int((seed >> 33) % UInt64(i + 1))
        order.swapAt(i, j)
    }
    return order
}

/// Runs `body` on a new thread and the main run loop until `isDone` (the main-queue workloads:
/// the producer is another thread, the main thread only receives).
func produceOffMain(_ body: @escaping @Sendable () -> Void, until isDone: () -> Bool) {
    let thread = Thread { body() }
    thread.stackSize = 1 << 20
    thread.start()
    spinMain(until: isDone)
}

// MARK: - Churn

/// K subscriptions per round; a run of n subscriptions is n / K rounds (K is capped at n, so a
/// scaled-down run still divides by what it did).
/// The floor of a hop per value: one `DispatchQueue.async` per value onto a serial queue, then
/// a last one to wait for (W22's deliver(on:) and W14's schedule measure against it).
func asyncPerValueFloor(_ label: String, _ n: Int) -> Int {
    let acc = Acc()
    let q = benchQueue(label)
    let done = DispatchSemaphore(value: 0)
    for i in 0..<n { q.async { acc.sum &+= i } }
    q.async { done.signal() }
    done.wait()
    return acc.sum
}

func churnWorkload(id: String, k fullK: Int) -> Workload {
    // Made on first use (not when the workload list is built), and kept.
    final class Orders { var byK: [Int: [Int]] = [:] }
    let orders = Orders()
    func order(_ n: Int) -> (Int, [Int]) {
        let k = min(fullK, n)
        // The full K's order too, at the first (warm-up) run rather than in a timed one.
        if orders.byK[fullK] == nil { orders.byK[fullK] = shuffled(fullK) }
        if let known = orders.byK[k] { return (k, known) }
        let made = shuffled(k)
        orders.byK[k] = made
        return (k, made)
    }
    return Workload(
        id: id, title: "subscriber churn: \(fullK) subscriptions, 1 value, random-order dispose",
        count: 100_000, unit: "subscription",
        base: .measured { n in
            // A subject keeping its observers by key, removing each by key.
            let acc = Acc()
            let (k, order) = order(n)
            let sink = opaque { (v: Int) in acc.sum &+= v }
            var round = 0
            while round * k < n {
                var observers: [Int: Sink] = [:]
                for i in 0..<k { observers[i] = bMap(inc, sink) }
                for observer in observers.values { observer(round) }
                for i in order { observers[i] = nil }
                round += 1
            }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let (k, order) = order(n)
            var round = 0
            var cancellables: [AnyCancellable?] = []
            cancellables.reserveCapacity(k)
            while round * k < n {
                let s = PassthroughSubject<Int, Never>()
                cancellables.removeAll(keepingCapacity: true)
                for _ in 0..<k { cancellables.append(s.sink { acc.sum &+= inc($0) }) }
                s.send(round)
                for i in order {
                    cancellables[i]!.cancel()
                    cancellables[i] = nil
                }
                round += 1
            }
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let (k, order) = order(n)
            var round = 0
            var disposables: [Disposable?] = []
            disposables.reserveCapacity(k)
            while round * k < n {
                let s = RACSwift.Subject<Int>()
                disposables.removeAll(keepingCapacity: true)
                for _ in 0..<k { disposables.append(s.subscribeNext { acc.sum &+= inc($0) }) }
                s.sendNext(round)
                for i in order {
                    disposables[i]!.dispose()
                    disposables[i] = nil
                }
                round += 1
            }
            return acc.sum
        })
}

// MARK: - The workloads

var threadWorkloads: [Workload] {
    [
        Workload(
            id: "W22", title: "subject → deliver(on:) a serial queue, wait", count: 100_000, unit: "event",
            base: .measured { n in asyncPerValueFloor("W22", n) },
            oc: .measured { n in
                let acc = Acc()
                let q = benchQueue("W22")
                let done = DispatchSemaphore(value: 0)
                let s = PassthroughSubject<Int, Never>()
                let c = s.receive(on: q.ocombine).sink(
                    receiveCompletion: { _ in done.signal() }, receiveValue: { acc.sum &+= $0 })
                for i in 0..<n { s.send(i) }
                s.send(completion: .finished)
                done.wait()
                c.cancel()
                return acc.sum
            },
            rac: .measured { n in
                let acc = Acc()
                let scheduler = Scheduler.background(name: "racbench.W22")
                let done = DispatchSemaphore(value: 0)
                let s = RACSwift.Subject<Int>()
                let d = s.deliver(on: scheduler).subscribe(
                    next: { acc.sum &+= $0 }, completed: { done.signal() })
                for i in 0..<n { s.sendNext(i) }
                s.sendCompleted()
                done.wait()
                d.dispose()
                return acc.sum
            }),

        Workload(
            id: "W10", title: "subject on a thread → deliverOnMainThread, main run loop",
            count: 100_000, unit: "event",
            base: .measured { n in
                let acc = Acc()
                let flag = Flag()
                produceOffMain({
                    for i in 0..<n { DispatchQueue.main.async { acc.sum &+= i } }
                    DispatchQueue.main.async { flag.isSet = true }
                }, until: { flag.isSet })
                return acc.sum
            },
            oc: .measured { n in
                let acc = Acc()
                let flag = Flag()
                // Sent to from one thread only (the producer below).
                nonisolated(unsafe) let s = PassthroughSubject<Int, Never>()
                let c = s.receive(on: DispatchQueue.main.ocombine).sink(
                    receiveCompletion: { _ in flag.isSet = true }, receiveValue: { acc.sum &+= $0 })
                produceOffMain({
                    for i in 0..<n { s.send(i) }
                    s.send(completion: .finished)
                }, until: { flag.isSet })
                c.cancel()
                return acc.sum
            },
            rac: .measured { n in
                let acc = Acc()
                let flag = Flag()
                let s = RACSwift.Subject<Int>()
                let d = s.deliverOnMainThread().subscribe(
                    next: { acc.sum &+= $0 }, completed: { flag.isSet = true })
                produceOffMain({
                    for i in 0..<n { s.sendNext(i) }
                    s.sendCompleted()
                }, until: { flag.isSet })
                d.dispose()
                return acc.sum
            }),

        Workload(
            id: "W11", title: "return(i) → subscribe(on:) a serial queue, wait for all",
            count: 100_000, unit: "subscription",
            base: .measured { n in
                let acc = Acc()
                let q = benchQueue("W11")
                let done = DispatchSemaphore(value: 0)
                for i in 0..<n { q.async { acc.sum &+= i } }
                q.async { done.signal() }
                done.wait()
                return acc.sum
            },
            // OpenCombine counts its deliveries: its subscribe(on:) schedules the subscription
            // and then the demand, a second hop, so a last block queued after the loop may run
            // before the values.
            oc: .measured { n in
                let acc = Acc()
                let q = benchQueue("W11")
                let flag = Flag()
                let done = DispatchSemaphore(value: 0)
                var cancellables: [AnyCancellable] = []
                cancellables.reserveCapacity(n)
                for i in 0..<n {
                    cancellables.append(Just(i).subscribe(on: q.ocombine).sink { v in
                        acc.sum &+= v
                        flag.count += 1
                        if flag.count == n { done.signal() }
                    })
                }
                done.wait()
                for c in cancellables { c.cancel() }
                return acc.sum
            },
            // RACSwift waits as the floor does, with one last block on the same serial queue,
            // which runs after every subscription scheduled before it (RAC's order on a queue
            // scheduler: the scheduled subscription delivers a constant's value itself), so the
            // subscriber's closure captures `acc` alone, as the floor's does. (Until issue 28f
            // it counted its deliveries in the closure: three more captured objects per
            // subscription, retained on the sending thread and released on the queue's.)
            rac: .measured { n in
                let acc = Acc()
                let scheduler = Scheduler.background(name: "racbench.W11")
                let done = DispatchSemaphore(value: 0)
                for i in 0..<n {
                    Signal<Int>.return(i).subscribe(on: scheduler).subscribeNext { acc.sum &+= $0 }
                }
                scheduler.schedule { done.signal() }
                done.wait()
                return acc.sum
            }),

        Workload(
            id: "W12", title: "burst through throttle(1, on:) a queue (RAC throttle = debounce)",
            count: 100_000, unit: "event",
            base: .measured { n in
                // The floor of a debounce: cancel the waiting work item, start a new one.
                let acc = Acc()
                let q = benchQueue("W12")
                var item: DispatchWorkItem?
                for i in 0..<n {
                    item?.cancel()
                    let next = DispatchWorkItem { acc.sum = i }
                    item = next
                    q.asyncAfter(deadline: .now() + throttleInterval, execute: next)
                }
                // Completion sends the value still waiting, as RAC's throttle does.
                item?.cancel()
                acc.sum = n - 1
                return acc.sum + 1
            },
            oc: .measured("debounce(for: 1 s); its completion drops the waiting value, so every side returns n") { n in
                let q = benchQueue("W12")
                let done = DispatchSemaphore(value: 0)
                let s = PassthroughSubject<Int, Never>()
                let c = s.debounce(for: .seconds(throttleInterval), scheduler: q.ocombine).sink(
                    receiveCompletion: { _ in done.signal() }, receiveValue: { _ in })
                for i in 0..<n { s.send(i) }
                s.send(completion: .finished)
                done.wait()
                c.cancel()
                return n
            },
            rac: .measured { n in
                let acc = Acc()
                let scheduler = Scheduler.background(name: "racbench.W12")
                let s = RACSwift.Subject<Int>()
                let d = s.throttle(throttleInterval, on: scheduler).subscribeNext { acc.sum = $0 }
                for i in 0..<n { s.sendNext(i) }
                s.sendCompleted()
                d.dispose()
                return acc.sum + 1
            },
            maxRuns: 3, settle: settleTimers),

        Workload(
            id: "W13", title: "burst through delay(0.01, on:) a queue, wait for all",
            count: 100_000, unit: "event",
            base: .measured { n in
                let acc = Acc()
                let q = benchQueue("W13")
                let done = DispatchSemaphore(value: 0)
                for i in 0..<n { q.asyncAfter(deadline: .now() + 0.01) { acc.sum &+= i } }
                q.asyncAfter(deadline: .now() + 0.01) { done.signal() }
                done.wait()
                return acc.sum
            },
            oc: .measured { n in
                let acc = Acc()
                let q = benchQueue("W13")
                let done = DispatchSemaphore(value: 0)
                let s = PassthroughSubject<Int, Never>()
                let c = s.delay(for: .milliseconds(10), scheduler: q.ocombine).sink(
                    receiveCompletion: { _ in done.signal() }, receiveValue: { acc.sum &+= $0 })
                for i in 0..<n { s.send(i) }
                s.send(completion: .finished)
                done.wait()
                c.cancel()
                return acc.sum
            },
            rac: .measured { n in
                let acc = Acc()
                let scheduler = Scheduler.background(name: "racbench.W13")
                let done = DispatchSemaphore(value: 0)
                let s = RACSwift.Subject<Int>()
                let d = s.delay(0.01, on: scheduler).subscribe(
                    next: { acc.sum &+= $0 }, completed: { done.signal() })
                for i in 0..<n { s.sendNext(i) }
                s.sendCompleted()
                done.wait()
                d.dispose()
                return acc.sum
            }, settle: consolidateHeap),

        Workload(
            id: "W14", title: "schedule on a queue scheduler, wait for all", count: 100_000, unit: "block",
            base: .measured { n in asyncPerValueFloor("W14", n) },
            oc: .measured { n in
                let acc = Acc()
                let q = benchQueue("W14").ocombine
                let done = DispatchSemaphore(value: 0)
                for i in 0..<n { q.schedule { acc.sum &+= i } }
                q.schedule { done.signal() }
                done.wait()
                return acc.sum
            },
            rac: .measured { n in
                let acc = Acc()
                let scheduler = Scheduler.background(name: "racbench.W14")
                let done = DispatchSemaphore(value: 0)
                for i in 0..<n { scheduler.schedule { acc.sum &+= i } }
                scheduler.schedule { done.signal() }
                done.wait()
                return acc.sum
            }),

        Workload(
            id: "W15", title: "after(now + 1 ms) on a queue scheduler, wait for all", count: 100_000,
            unit: "block",
            base: .measured { n in
                let acc = Acc()
                let flag = Flag()
                let q = benchQueue("W15")
                let done = DispatchSemaphore(value: 0)
                for i in 0..<n {
                    q.asyncAfter(wallDeadline: .now() + .milliseconds(1)) {
                        acc.sum &+= i
                        flag.count += 1
                        if flag.count == n { done.signal() }
                    }
                }
                done.wait()
                return acc.sum
            },
            oc: .measured { n in
                let acc = Acc()
                let flag = Flag()
                let q = benchQueue("W15").ocombine
                let done = DispatchSemaphore(value: 0)
                for i in 0..<n {
                    q.schedule(after: q.now.advanced(by: .milliseconds(1))) {
                        acc.sum &+= i
                        flag.count += 1
                        if flag.count == n { done.signal() }
                    }
                }
                done.wait()
                return acc.sum
            },
            rac: .measured { n in
                let acc = Acc()
                let flag = Flag()
                let scheduler = Scheduler.background(name: "racbench.W15")
                let done = DispatchSemaphore(value: 0)
                for i in 0..<n {
                    scheduler.after(Date(timeIntervalSinceNow: 0.001)) {
                        acc.sum &+= i
                        flag.count += 1
                        if flag.count == n { done.signal() }
                    }
                }
                done.wait()
                return acc.sum
            }),

        Workload(
            id: "W16", title: "scheduleRecursive on a queue scheduler, n turns", count: 100_000, unit: "turn",
            base: .measured { n in
                let flag = Flag()
                let q = benchQueue("W16")
                let done = DispatchSemaphore(value: 0)
                final class Step: @unchecked Sendable {
                    var run: (@Sendable () -> Void)?
                }
                let step = Step()
                step.run = {
                    flag.count += 1
                    if flag.count < n { q.async(execute: step.run!) } else { done.signal() }
                }
                q.async(execute: step.run!)
                done.wait()
                step.run = nil
                return flag.count
            },
            oc: .measured("rescheduling itself with schedule(_:) (OpenCombine has no recursive scheduling)") { n in
                let flag = Flag()
                let q = benchQueue("W16").ocombine
                let done = DispatchSemaphore(value: 0)
                final class Step: @unchecked Sendable {
                    var run: (() -> Void)?
                }
                let step = Step()
                step.run = {
                    flag.count += 1
                    if flag.count < n { q.schedule(step.run!) } else { done.signal() }
                }
                q.schedule(step.run!)
                done.wait()
                step.run = nil
                return flag.count
            },
            rac: .measured { n in
                let flag = Flag()
                let scheduler = Scheduler.background(name: "racbench.W16")
                let done = DispatchSemaphore(value: 0)
                let d = scheduler.scheduleRecursive { reschedule in
                    flag.count += 1
                    if flag.count < n { reschedule() } else { done.signal() }
                }
                done.wait()
                d?.dispose()
                return flag.count
            }),

        churnWorkload(id: "W17", k: 1_000),
        churnWorkload(id: "W18", k: 100_000),

        Workload(
            id: "W19", title: "schedule on the main scheduler, main run loop", count: 100_000, unit: "block",
            base: .measured { n in
                let acc = Acc()
                let flag = Flag()
                for i in 0..<n { DispatchQueue.main.async { acc.sum &+= i } }
                DispatchQueue.main.async { flag.isSet = true }
                spinMain { flag.isSet }
                return acc.sum
            },
            oc: .measured { n in
                let acc = Acc()
                let flag = Flag()
                let q = DispatchQueue.main.ocombine
                for i in 0..<n { q.schedule { acc.sum &+= i } }
                q.schedule { flag.isSet = true }
                spinMain { flag.isSet }
                return acc.sum
            },
            rac: .measured { n in
                let acc = Acc()
                let flag = Flag()
                for i in 0..<n { Scheduler.main.schedule { acc.sum &+= i } }
                Scheduler.main.schedule { flag.isSet = true }
                spinMain { flag.isSet }
                return acc.sum
            }),

        Workload(
            id: "W20", title: "after(now + 1 ms) on the main scheduler, main run loop", count: 100_000,
            unit: "block",
            base: .measured { n in
                let acc = Acc()
                let flag = Flag()
                for i in 0..<n {
                    DispatchQueue.main.asyncAfter(wallDeadline: .now() + .milliseconds(1)) {
                        acc.sum &+= i
                        flag.count += 1
                    }
                }
                spinMain { flag.count == n }
                return acc.sum
            },
            oc: .measured { n in
                let acc = Acc()
                let flag = Flag()
                let q = DispatchQueue.main.ocombine
                for i in 0..<n {
                    q.schedule(after: q.now.advanced(by: .milliseconds(1))) {
                        acc.sum &+= i
                        flag.count += 1
                    }
                }
                spinMain { flag.count == n }
                return acc.sum
            },
            rac: .measured { n in
                let acc = Acc()
                let flag = Flag()
                for i in 0..<n {
                    Scheduler.main.after(Date(timeIntervalSinceNow: 0.001)) {
                        acc.sum &+= i
                        flag.count += 1
                    }
                }
                spinMain { flag.count == n }
                return acc.sum
            }),

        Workload(
            id: "W21", title: "scheduleRecursive on the main scheduler, n turns", count: 100_000, unit: "turn",
            base: .measured { n in
                let flag = Flag()
                final class Step: @unchecked Sendable {
                    var run: (@Sendable () -> Void)?
                }
                let step = Step()
                step.run = {
                    flag.count += 1
                    if flag.count < n { DispatchQueue.main.async(execute: step.run!) }
                }
                DispatchQueue.main.async(execute: step.run!)
                spinMain { flag.count == n }
                step.run = nil
                return flag.count
            },
            oc: .measured("rescheduling itself with schedule(_:) (OpenCombine has no recursive scheduling)") { n in
                let flag = Flag()
                let q = DispatchQueue.main.ocombine
                final class Step: @unchecked Sendable {
                    var run: (() -> Void)?
                }
                let step = Step()
                step.run = {
                    flag.count += 1
                    if flag.count < n { q.schedule(step.run!) }
                }
                q.schedule(step.run!)
                spinMain { flag.count == n }
                step.run = nil
                return flag.count
            },
            rac: .measured { n in
                let flag = Flag()
                let d = Scheduler.main.scheduleRecursive { reschedule in
                    flag.count += 1
                    if flag.count < n { reschedule() }
                }
                spinMain { flag.count == n }
                d?.dispose()
                return flag.count
            }),
    ]
}
