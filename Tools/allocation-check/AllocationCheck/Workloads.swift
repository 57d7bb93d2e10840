// The workloads the allocation check counts (main.swift says how), each the RACSwift side
// of the benchmark of the same id (Benchmarks/Sources/RACBench).
import Foundation
import RACSwift

final class Acc: @unchecked Sendable { var sum = 0 }

let inc: @Sendable (Int) -> Int = { $0 &+ 1 }
let isEven: @Sendable (Int) -> Bool = { $0 & 1 == 0 }
let triple: @Sendable (Int) -> Int = { $0 &* 3 }
let isPositive: @Sendable (Int) -> Bool = { $0 > 0 }

extension Signal where Value == Int {
    func tenMaps() -> Signal<Int> {
        var s = self
        for _ in 0..<10 { s = s.map(inc) }
        return s
    }

    func sixMapFilters() -> Signal<Int> {
        map(inc).filter(isPositive).map(inc).filter(isPositive)
            .map(inc).filter(isPositive).map(inc).filter(isPositive)
            .map(inc).filter(isPositive).map(inc).filter(isPositive)
    }

    func flatMapReturn() -> Signal<Int> {
        flattenMap { Signal<Int>.return($0) }
    }
}

struct Workload {
    let id: String
    let unit: String
    /// Allocations per unit in a release build (the RAC figure of the allocations column of BENCHMARKS.md's latest results).
    let pinned: Double
    /// Units of the first measured run (the second runs twice as many).
    let n: Int
    let hopsThreads: Bool
    let run: (Int) -> Int

    init(_ id: String, per unit: String, pinned: Double, n: Int = 2_000, hopsThreads: Bool = false,
         run: @escaping (Int) -> Int) {
        self.id = id
        self.unit = unit
        self.pinned = pinned
        self.n = n
        self.hopsThreads = hopsThreads
        self.run = run
    }
}

/// A subject with one subscription of `chain`, sent 0..<n.
func sends(_ n: Int, through chain: (Signal<Int>) -> Signal<Int>) -> Int {
    let acc = Acc()
    let s = Subject<Int>()
    let d = chain(s).subscribeNext { acc.sum &+= $0 }
    for i in 0..<n { s.sendNext(i) }
    d.dispose()
    return acc.sum
}

nonisolated(unsafe) let workloads: [Workload] = [
    Workload("W1", per: "event", pinned: 0) { n in sends(n) { $0 } },
    Workload("W2", per: "event", pinned: 0) { n in sends(n) { $0.map(inc).filter(isEven).map(triple) } },
    Workload("W3", per: "event", pinned: 0) { n in sends(n) { $0.tenMaps() } },
    Workload("W4", per: "event", pinned: 1) { n in sends(n) { $0.flatMapReturn() } },
    Workload("W5", per: "event", pinned: 0) { n in
        let acc = Acc()
        let a = Subject<Int>(), b = Subject<Int>()
        let d = a.combineLatest(with: b).subscribeNext { acc.sum &+= $0.0 &+ $0.1 }
        for i in 0..<n { if i & 1 == 0 { a.sendNext(i) } else { b.sendNext(i) } }
        d.dispose()
        return acc.sum
    },
    Workload("W6", per: "cycle", pinned: 3) { n in
        let acc = Acc()
        for _ in 0..<n {
            let d = Signal<Int>.return(1).map(inc).subscribeNext { acc.sum &+= $0 }
            d.dispose()
        }
        return acc.sum
    },
    Workload("W7", per: "event", pinned: 0) { n in
        let acc = Acc()
        let d = Signal<Int>.from(0..<n).scan(withStart: 0, reduce: { $0 &+ $1 }).subscribeNext { acc.sum &+= $0 }
        d.dispose()
        return acc.sum
    },
    Workload("W8", per: "event", pinned: 0) { n in
        let acc = Acc()
        let a = Subject<Int>(), b = Subject<Int>()
        let d = a.zip(with: b).subscribeNext { acc.sum &+= $0.0 &+ $0.1 }
        for i in 0..<n { if i & 1 == 0 { a.sendNext(i) } else { b.sendNext(i) } }
        d.dispose()
        return acc.sum
    },
    Workload("S1", per: "event", pinned: 0) { n in
        sends(n) { $0.doNext { _ in }.skip(1).take(Int.max) }
    },
    Workload("S2", per: "event", pinned: 0) { n in sends(n) { $0.scan(withStart: 0) { $0 &+ $1 } } },
    Workload("S3", per: "event", pinned: 0) { n in
        let acc = Acc()
        let d = Signal<Int>.create { subscriber in
            for i in 0..<n { subscriber.sendNext(i) }
            subscriber.sendCompleted()
            return nil
        }.map(inc).subscribeNext { acc.sum &+= $0 }
        d.dispose()
        return acc.sum
    },
    Workload("R1", per: "event", pinned: 0) { n in
        let acc = Acc()
        let s = Subject<Int>()
        let d1 = s.subscribeNext { acc.sum &+= $0 }
        let d2 = s.subscribeNext { acc.sum &+= $0 }
        for i in 0..<n { s.sendNext(i) }
        d1.dispose()
        d2.dispose()
        return acc.sum
    },
    Workload("R3", per: "event", pinned: 5) { n in
        sends(n) { $0.flatMapReturn().flatMapReturn().flatMapReturn().flatMapReturn().flatMapReturn() }
    },
    Workload("R4", per: "event", pinned: 1) { n in
        sends(n) { $0.map { Signal<Int>.return($0) }.switchToLatest() }
    },
    Workload("R5", per: "cycle", pinned: 7) { n in
        let acc = Acc()
        for i in 0..<n {
            let s = Subject<Int>()
            let d = s.sixMapFilters().subscribeNext { acc.sum &+= $0 }
            s.sendNext(i)
            d.dispose()
        }
        return acc.sum
    },
    Workload("R6", per: "cycle", pinned: 23) { n in
        let acc = Acc()
        for i in 0..<n {
            let s = Subject<Int>()
            let d = s.flatMapReturn().flatMapReturn().flatMapReturn().flatMapReturn().flatMapReturn()
                .subscribeNext { acc.sum &+= $0 }
            s.sendNext(i)
            d.dispose()
        }
        return acc.sum
    },
    // 10 until each input became its subject's entry itself (issue 37, combineLatest's memory,
    // tenth pass: two entries fewer per cycle).
    Workload("R7", per: "cycle", pinned: 8) { n in
        let acc = Acc()
        for i in 0..<n {
            let a = Subject<Int>(), b = Subject<Int>()
            let d = a.combineLatest(with: b).subscribeNext { acc.sum &+= $0.0 &+ $0.1 }
            a.sendNext(i)
            b.sendNext(i)
            d.dispose()
        }
        return acc.sum
    },
    Workload("W23", per: "event", pinned: 0) { n in
        let acc = Acc()
        let a = Subject<Int>(), b = Subject<Int>(), c = Subject<Int>()
        let d = Signal.combineLatest(a, b, c) { $0 &+ $1 &+ $2 }.subscribeNext { acc.sum &+= $0 }
        for i in 0..<n {
            switch i % 3 { case 0: a.sendNext(i); case 1: b.sendNext(i); default: c.sendNext(i) }
        }
        d.dispose()
        return acc.sum
    },
    Workload("W24", per: "event", pinned: 0) { n in
        let acc = Acc()
        let a = Subject<Int>(), b = Subject<Int>(), c = Subject<Int>()
        let d = Signal.zip(a, b, c).subscribeNext { acc.sum &+= $0.0 &+ $0.1 &+ $0.2 }
        for i in 0..<n {
            switch i % 3 { case 0: a.sendNext(i); case 1: b.sendNext(i); default: c.sendNext(i) }
        }
        d.dispose()
        return acc.sum
    },
    Workload("W25", per: "event", pinned: 0) { n in
        let acc = Acc()
        let s = Subject<Int>()
        let d = s.distinctUntilChanged().subscribeNext { acc.sum &+= $0 }
        for i in 0..<n / 2 { s.sendNext(i); s.sendNext(i) }
        d.dispose()
        return acc.sum
    },
    Workload("W26", per: "event", pinned: 0) { n in
        let acc = Acc()
        let s = ReplaySubject<Int>(capacity: 1)
        let d = s.subscribeNext { acc.sum &+= $0 }
        for i in 0..<n { s.sendNext(i) }
        d.dispose()
        return acc.sum
    },
    Workload("W28", per: "event", pinned: 1) { n in
        let acc = Acc()
        let inputs = (0..<3).map { _ in Subject<Int>() }
        let d = Signal.combineLatest(inputs as [Signal<Int>]).subscribeNext { acc.sum &+= $0[0] }
        for i in 0..<n { inputs[i % 3].sendNext(i) }
        d.dispose()
        return acc.sum
    },
    Workload("W11", per: "subscription", pinned: 3, n: 20_000, hopsThreads: true) { n in
        let acc = Acc()
        let scheduler = Scheduler.background(name: "allocation-check.W11")
        let done = DispatchSemaphore(value: 0)
        for i in 0..<n {
            Signal<Int>.return(i).subscribe(on: scheduler).subscribeNext { acc.sum &+= $0 }
        }
        scheduler.schedule { done.signal() }
        done.wait()
        return acc.sum
    },
    Workload("W22", per: "event", pinned: 0, n: 20_000, hopsThreads: true) { n in
        let acc = Acc()
        let scheduler = Scheduler.background(name: "allocation-check.W22")
        let done = DispatchSemaphore(value: 0)
        let s = Subject<Int>()
        let d = s.deliver(on: scheduler).subscribe(next: { acc.sum &+= $0 }, completed: { done.signal() })
        for i in 0..<n { s.sendNext(i) }
        s.sendCompleted()
        done.wait()
        d.dispose()
        return acc.sum
    },
]

