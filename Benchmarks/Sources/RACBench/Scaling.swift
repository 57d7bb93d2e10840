// Issue 37, item 4: how the cost per unit grows with the size of what is alive. Each family runs
// the same work at growing sizes; the scaling table (main.swift) prints each size's ns per unit
// and the growth factor, cost per unit at the largest size ÷ at the smallest: at most about 1 is
// linear or better, well above 1 is a cost that grows with the size.
import OpenCombine
import RACSwift

/// One family of scaling workloads: the ids, smallest size first, and what the size counts.
struct ScalingFamily {
    let title: String
    let size: String
    let ids: [String]
}

let chainLengths = [1, 10, 100]
let subscriberCounts = [1, 100, 10_000, 1_000_000]
let innerCounts = [1, 100, 10_000, 100_000]

let scalingFamilies: [ScalingFamily] = [
    ScalingFamily(title: "subject → k × map, per operator per event", size: "operators",
                  ids: chainLengths.map { "X\($0)" }),
    ScalingFamily(title: "subject with k subscribers: subscribe, 10 sends, dispose in order, per subscriber",
                  size: "subscribers", ids: subscriberCounts.map { "Y\(label($0))" }),
    ScalingFamily(title: "flattenMap with k live inners: each sends 1, completes in order, per inner",
                  size: "live inners", ids: innerCounts.map { "Z\(label($0))" }),
]

func label(_ k: Int) -> String {
    k >= 1_000_000 ? "\(k / 1_000_000)M" : k >= 1_000 ? "\(k / 1_000)k" : "\(k)"
}

/// X1, X10, X100: `k` maps in a row, unfused on every side (RAC's loop keeps each intermediate
/// referenced, as W3's does). Unit: one event through one operator, so n units are n / k events.
func chainWorkload(_ k: Int) -> Workload {
    Workload(
        id: "X\(k)", title: "subject → \(k) × map (per operator per event)", count: 10_000_000,
        unit: "op·event",
        base: .measured { n in
            let acc = Acc()
            var sink: Sink = { acc.sum &+= $0 }
            for _ in 0..<k { sink = bMap(inc, sink) }
            let s = baseSubject(sink)
            for i in 0..<max(1, n / k) { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            var p = s.eraseToAnyPublisher()
            for _ in 0..<k { p = p.map(inc).eraseToAnyPublisher() }
            let c = p.sink { acc.sum &+= $0 }
            for i in 0..<max(1, n / k) { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            var p: Signal<Int> = s
            for _ in 0..<k { p = p.map(inc) }
            let d = p.subscribeNext { acc.sum &+= $0 }
            for i in 0..<max(1, n / k) { s.sendNext(i) }
            d.dispose()
            return acc.sum
        })
}

/// Y1…Y1M: rounds of `k` subscribers to one subject (k = min(size, n), so a run does n units
/// whatever its n): subscribe them all, send 10 values to all, dispose them in subscription order.
/// Unscaled: the size is the point. 100k subscribers per run below 1M (enough for a steady cost
/// per subscriber, and countable under callgrind), 1M at 1M.
func subscribersWorkload(_ size: Int) -> Workload {
    var w = Workload(
        id: "Y\(label(size))", title: "subject, \(label(size)) subscribers: subscribe, 10 sends, dispose (per subscriber)",
        count: max(size, 100_000), unit: "subscriber",
        base: .measured { n in
            // The floor subject keeps its observers by token, so each one leaves in O(1).
            let acc = Acc()
            let k = min(size, n)
            var observers: [Int: Sink] = [:]
            for _ in 0..<(n / k) {
                for j in 0..<k { observers[j] = opaque { acc.sum &+= $0 } }
                for v in 0..<10 { for o in observers.values { o(v) } }
                for j in 0..<k { observers[j] = nil }
            }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let k = min(size, n)
            let s = PassthroughSubject<Int, Never>()
            var cs: [AnyCancellable] = []
            cs.reserveCapacity(k)
            for _ in 0..<(n / k) {
                for _ in 0..<k { cs.append(s.sink { acc.sum &+= $0 }) }
                for v in 0..<10 { s.send(v) }
                for c in cs { c.cancel() }
                cs.removeAll(keepingCapacity: true)
            }
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let k = min(size, n)
            let s = RACSwift.Subject<Int>()
            var ds: [Disposable] = []
            ds.reserveCapacity(k)
            for _ in 0..<(n / k) {
                for _ in 0..<k { ds.append(s.subscribeNext { acc.sum &+= $0 }) }
                for v in 0..<10 { s.sendNext(v) }
                for d in ds { d.dispose() }
                ds.removeAll(keepingCapacity: true)
            }
            return acc.sum
        })
    w.unscaled = true
    return w
}

/// Z1…Z100k: rounds of a flattenMap over `k` inner subjects alive at once (k = min(size, n)), each
/// then sending one value and completing in the order it started (D1's shape at growing sizes).
func innersWorkload(_ size: Int) -> Workload {
    var w = Workload(
        id: "Z\(label(size))", title: "flattenMap, \(label(size)) live inners: 1 value each, completed in order (per inner)",
        count: 100_000, unit: "inner",
        base: .measured { n in
            let acc = Acc()
            let k = min(size, n)
            let sink = opaque { (v: Int) in acc.sum &+= v }
            for _ in 0..<(n / k) {
                var live: [Int: BaseSubject] = [:]
                for i in 0..<k { live[i] = baseSubject(sink) }
                for i in 0..<k {
                    live[i]!.send(i)
                    live[i] = nil
                }
            }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let k = min(size, n)
            for _ in 0..<(n / k) {
                let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
                let c = outer.flatMap { $0 }.sink { acc.sum &+= $0 }
                let inners = (0..<k).map { _ in PassthroughSubject<Int, Never>() }
                for inner in inners { outer.send(inner) }
                for (i, inner) in inners.enumerated() {
                    inner.send(i)
                    inner.send(completion: .finished)
                }
                c.cancel()
            }
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let k = min(size, n)
            for _ in 0..<(n / k) {
                let outer = RACSwift.Subject<RACSwift.Subject<Int>>()
                let d = outer.flattenMap { $0 }.subscribeNext { acc.sum &+= $0 }
                let inners = (0..<k).map { _ in RACSwift.Subject<Int>() }
                for inner in inners { outer.sendNext(inner) }
                for (i, inner) in inners.enumerated() {
                    inner.sendNext(i)
                    inner.sendCompleted()
                }
                d.dispose()
            }
            return acc.sum
        },
        second: secondZ(size))
    w.unscaled = true
    return w
}

var scalingWorkloads: [Workload] {
    chainLengths.map(chainWorkload) + subscriberCounts.map(subscribersWorkload)
        + innerCounts.map(innersWorkload)
}
