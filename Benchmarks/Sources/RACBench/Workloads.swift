// The workloads: issue 7's W1–W8, S1–S2 (operators that must not allocate per event),
// then RxSwift's benchmark set adapted to RAC (R1–R7), then C1 (two threads sending into one
// serializing point at once).
// Each has a baseline, an OpenCombine and a RACSwift side computing the same checksum.
import Foundation
import OpenCombine
import RACSwift


// Transforms shared by every side, so all three do the same arithmetic.
let inc: @Sendable (Int) -> Int = { $0 &+ 1 }
let isEven: @Sendable (Int) -> Bool = { $0 & 1 == 0 }
let triple: @Sendable (Int) -> Int = { $0 &* 3 }
let evenTripled: @Sendable (Int) -> Int? = { $0 & 1 == 0 ? $0 &* 3 : nil }
let isPositive: @Sendable (Int) -> Bool = { $0 > 0 }

extension Signal where Value == Int {
    /// Ten maps, as W3 chains them.
    func tenMaps() -> Signal<Int> {
        var s = self
        for _ in 0..<10 { s = s.map(inc) }
        return s
    }

    /// Six (map, filter) pairs, as RxSwift's map/filter benchmarks chain them: one expression,
    /// as OpenCombine's side writes it. (A loop `s = s.map(inc).filter(isPositive)` builds the
    /// same chain unfused: reading `s` keeps each intermediate signal referenced while the next
    /// operator runs, and a map signal referenced elsewhere is never fused; `(consume s)` fuses.)
    func sixMapFilters() -> Signal<Int> {
        map(inc).filter(isPositive).map(inc).filter(isPositive)
            .map(inc).filter(isPositive).map(inc).filter(isPositive)
            .map(inc).filter(isPositive).map(inc).filter(isPositive)
    }

    func flatMapReturn() -> Signal<Int> {
        flattenMap { Signal<Int>.return($0) }
    }
}

func baseTenMaps(_ sink: @escaping Sink) -> Sink {
    var s = sink
    for _ in 0..<10 { s = bMap(inc, s) }
    return s
}

func baseSixMapFilters(_ sink: @escaping Sink) -> Sink {
    var s = sink
    for _ in 0..<6 { s = bMap(inc, bFilter(isPositive, s)) }
    return s
}

func ocTenMaps<P: Publisher>(_ p: P) -> AnyPublisher<Int, Never> where P.Output == Int, P.Failure == Never {
    var s = p.eraseToAnyPublisher()
    for _ in 0..<10 { s = s.map(inc).eraseToAnyPublisher() }
    return s
}

func ocSixMapFilters(_ p: PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never> {
    var s = p.eraseToAnyPublisher()
    for _ in 0..<6 { s = s.map(inc).filter(isPositive).eraseToAnyPublisher() }
    return s
}

/// A baseline subject with `sink` as its only observer.
func baseSubject(_ sink: @escaping Sink) -> BaseSubject {
    let s = BaseSubject()
    s.observers = [opaque(sink)]
    return s
}

nonisolated(unsafe) let justInner: (Int) -> Cold = { bReturn($0) }

// MARK: - The workloads

nonisolated(unsafe) let workloads: [Workload] = [
    Workload(
        id: "W1", title: "subject, one subscriber", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let s = baseSubject { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W2", title: "subject → map → filter → map", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let s = baseSubject(bMap(inc, bFilter(isEven, bMap(triple) { acc.sum &+= $0 })))
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.map(inc).filter(isEven).map(triple).sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.map(inc).filter(isEven).map(triple).subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W3", title: "subject → 10 × map", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let s = baseSubject(baseTenMaps { acc.sum &+= $0 })
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            // Typed chain (no AnyPublisher between maps) — OpenCombine at its best; it also
            // fuses map∘map into one Map, as Combine does.
            let c = s.map(inc).map(inc).map(inc).map(inc).map(inc)
                .map(inc).map(inc).map(inc).map(inc).map(inc)
                .sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.tenMaps().subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W4", title: "subject → flatMap { return($0) }", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let s = baseSubject(bFlatMap(justInner) { acc.sum &+= $0 })
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.flatMap { Just($0) }.sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.flatMapReturn().subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W5", title: "combineLatest of 2 subjects, alternating", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let c = BCombineLatest { acc.sum &+= $0 }
            let (ia, ib) = c.inputs()
            let a = baseSubject(ia), b = baseSubject(ib)
            for i in 0..<n { if i & 1 == 0 { a.send(i) } else { b.send(i) } }
            return acc.sum
        },
        oc: .missing("n/a (OpenCombine 0.14 has no combineLatest)"),
        rac: .measured { n in
            let acc = Acc()
            let a = RACSwift.Subject<Int>(), b = RACSwift.Subject<Int>()
            let d = a.combineLatest(with: b).subscribeNext { acc.sum &+= $0.0 &+ $0.1 }
            for i in 0..<n { if i & 1 == 0 { a.sendNext(i) } else { b.sendNext(i) } }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W6", title: "cold return(1) → map, subscribe, dispose", count: 100_000, unit: "cycle",
        base: .measured { n in
            let acc = Acc()
            for _ in 0..<n {
                let s = bMapCold(bReturn(1), inc)
                s { acc.sum &+= $0 }
            }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            for _ in 0..<n {
                let c = Just(1).map(inc).sink { acc.sum &+= $0 }
                c.cancel()
            }
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            for _ in 0..<n {
                let d = Signal<Int>.return(1).map(inc).subscribeNext { acc.sum &+= $0 }
                d.dispose()
            }
            return acc.sum
        }),

    Workload(
        id: "W7", title: "synchronous range of 1M → scan(+)", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            bRange(n, bScan(0, &+) { acc.sum &+= $0 })
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let c = (0..<n).publisher.scan(0, &+).sink { acc.sum &+= $0 }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let d = Signal<Int>.from(0..<n).scan(withStart: 0, reduce: { $0 &+ $1 }).subscribeNext { acc.sum &+= $0 }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W8", title: "zip of 2 subjects, alternating", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let z = BZip { acc.sum &+= $0 }
            let (ia, ib) = z.inputs()
            let a = baseSubject(ia), b = baseSubject(ib)
            for i in 0..<n { if i & 1 == 0 { a.send(i) } else { b.send(i) } }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<Int, Never>()
            let c = a.zip(b).sink { acc.sum &+= $0.0 &+ $0.1 }
            for i in 0..<n { if i & 1 == 0 { a.send(i) } else { b.send(i) } }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let a = RACSwift.Subject<Int>(), b = RACSwift.Subject<Int>()
            let d = a.zip(with: b).subscribeNext { acc.sum &+= $0.0 &+ $0.1 }
            for i in 0..<n { if i & 1 == 0 { a.sendNext(i) } else { b.sendNext(i) } }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W9", title: "subject → compactMap (every other value nil)", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let s = baseSubject { if let v = evenTripled($0) { acc.sum &+= v } }
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.compactMap(evenTripled).sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.compactMap(evenTripled).subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W23", title: "combineLatest(a, b, c, reduce:) of 3 subjects, rotating", count: 1_000_000,
        unit: "event",
        base: .measured { n in
            let acc = Acc()
            let c = BCombineLatest3 { acc.sum &+= $0 }
            let (ia, ib, ic) = c.inputs()
            let a = baseSubject(ia), b = baseSubject(ib), s = baseSubject(ic)
            for i in 0..<n {
                switch i % 3 { case 0: a.send(i); case 1: b.send(i); default: s.send(i) }
            }
            return acc.sum
        },
        oc: .missing("n/a (OpenCombine 0.14 has no combineLatest)"),
        rac: .measured { n in
            let acc = Acc()
            let a = RACSwift.Subject<Int>(), b = RACSwift.Subject<Int>(), c = RACSwift.Subject<Int>()
            let d = Signal.combineLatest(a, b, c, reduce: { x, y, z in x &+ y &+ z })
                .subscribeNext { acc.sum &+= $0 }
            for i in 0..<n {
                switch i % 3 { case 0: a.sendNext(i); case 1: b.sendNext(i); default: c.sendNext(i) }
            }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W24", title: "zip(a, b, c) of 3 subjects, rotating", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let z = BZip3 { acc.sum &+= $0 }
            let (ia, ib, ic) = z.inputs()
            let a = baseSubject(ia), b = baseSubject(ib), s = baseSubject(ic)
            for i in 0..<n {
                switch i % 3 { case 0: a.send(i); case 1: b.send(i); default: s.send(i) }
            }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<Int, Never>()
            let c = PassthroughSubject<Int, Never>()
            let k = a.zip(b, c).sink { acc.sum &+= $0.0 &+ $0.1 &+ $0.2 }
            for i in 0..<n {
                switch i % 3 { case 0: a.send(i); case 1: b.send(i); default: c.send(i) }
            }
            k.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let a = RACSwift.Subject<Int>(), b = RACSwift.Subject<Int>(), c = RACSwift.Subject<Int>()
            let d = Signal.zip(a, b, c).subscribeNext { acc.sum &+= $0.0 &+ $0.1 &+ $0.2 }
            for i in 0..<n {
                switch i % 3 { case 0: a.sendNext(i); case 1: b.sendNext(i); default: c.sendNext(i) }
            }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W25", title: "subject → distinctUntilChanged (every value sent twice)", count: 1_000_000,
        unit: "event",
        base: .measured { n in
            let acc = Acc()
            var last: Int?
            let s = baseSubject { if $0 != last { last = $0; acc.sum &+= $0 } }
            for i in 0..<n { s.send(i >> 1) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.removeDuplicates().sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i >> 1) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.distinctUntilChanged().subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i >> 1) }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W26", title: "ReplaySubject(capacity: 1) (replayLast's subject), one subscriber", count: 1_000_000,
        unit: "event",
        base: .measured { n in
            let acc = Acc()
            let latest = Acc()
            let s = baseSubject { latest.sum = $0; acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured("CurrentValueSubject (keeps the latest value as well)") { n in
            let acc = Acc()
            let s = CurrentValueSubject<Int, Never>(0)
            let c = s.dropFirst().sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.ReplaySubject<Int>(capacity: 1)
            let d = s.subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        },
        second: .measured("the latest value stored and delivered under a recursive lock, a disposed check per subscriber (RACReplaySubject's @synchronized -sendNext:, RACPassthroughSubscriber)") { n in
            let acc = Acc()
            let s = lockedLatestSubject { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            return acc.sum
        }),

    Workload(
        id: "W27", title: "subject → collect, completed", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            var values: [Int] = []
            let s = baseSubject { values.append($0) }
            for i in 0..<n { s.send(i) }
            acc.sum = values.count
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.collect().sink { acc.sum = $0.count }
            for i in 0..<n { s.send(i) }
            s.send(completion: .finished)
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.collect().subscribeNext { acc.sum = $0.count }
            for i in 0..<n { s.sendNext(i) }
            s.sendCompleted()
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W29", title: "subject → materialize → dematerialize", count: 1_000_000, unit: "event",
        base: .measured { n in
            // The floor: each value wrapped in a hand-written event enum and taken out again.
            enum Ev { case next(Int), error(any Error), completed }
            let acc = Acc()
            let s = baseSubject { v in
                let event = Ev.next(v)
                if case .next(let value) = event { acc.sum &+= value }
            }
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .missing("n/a (Combine has no materialize)"),
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.materialize().dematerialize().subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            s.sendCompleted()
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W30", title: "subject → sample(a sampler subject), alternating", count: 1_000_000, unit: "event",
        base: .measured { n in
            // The floor: the source's closure keeps the latest value, the sampler's sends it.
            let acc = Acc()
            final class Latest { var value: Int?; init() {} }
            let latest = Latest()
            let source = baseSubject { latest.value = $0 }
            let sampler = baseSubject { _ in if let value = latest.value { acc.sum &+= value } }
            for i in 0..<n / 2 {
                source.send(i)
                sampler.send(0)
            }
            return acc.sum
        },
        oc: .missing("n/a (Combine has no sample)"),
        rac: .measured { n in
            let acc = Acc()
            let source = RACSwift.Subject<Int>(), sampler = RACSwift.Subject<Int>()
            let d = source.sample(sampler).subscribeNext { acc.sum &+= $0 }
            for i in 0..<n / 2 {
                source.sendNext(i)
                sampler.sendNext(0)
            }
            d.dispose()
            return acc.sum
        },
        second: .measured("each subject's send under a recursive lock, a disposed check per subscriber (RACSubject's @synchronized (subscribers), RACPassthroughSubscriber); the value stored and read under one lock, sent outside it (RAC's -sample:)") { n in
            let acc = Acc()
            let (store, sample) = bSampleInputs { acc.sum &+= $0 }
            let source = lockedSubject(store)
            let sampler = lockedSubject(sample)
            for i in 0..<n / 2 {
                source.send(i)
                sampler.send(0)
            }
            return acc.sum
        }),

    Workload(
        id: "W31", title: "subject → groupBy(value % 4), every group subscribed", count: 1_000_000, unit: "event",
        base: .measured { n in
            // The floor: a dictionary from key to the group's closure, filled on first sight.
            let acc = Acc()
            var groups: [Int: (Int) -> Void] = [:]
            let s = baseSubject { v in
                let key = v % 4
                if let group = groups[key] {
                    group(v)
                } else {
                    let group: (Int) -> Void = { acc.sum &+= $0 }
                    groups[key] = group
                    group(v)
                }
            }
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .missing("n/a (Combine has no groupBy)"),
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            // The groups complete with the source, which ends their subscriptions.
            let d = s.groupBy { $0 % 4 }.subscribeNext { group in
                group.subscribeNext { acc.sum &+= $0 }
            }
            for i in 0..<n { s.sendNext(i) }
            s.sendCompleted()
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "W28", title: "combineLatest of an array of 3 subjects, rotating (RAC's +combineLatest: of an NSArray)",
        count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            var latest = [0, 0, 0]
            var has = 0
            let inputs = (0..<3).map { k in
                baseSubject { latest[k] = $0; has |= 1 << k; if has == 7 { acc.sum &+= Array(latest)[0] } }
            }
            for i in 0..<n { inputs[i % 3].send(i) }
            return acc.sum
        },
        oc: .missing("n/a (OpenCombine 0.14 has no combineLatest)"),
        rac: .measured { n in
            let acc = Acc()
            let inputs = (0..<3).map { _ in RACSwift.Subject<Int>() }
            let d = Signal.combineLatest(inputs as [Signal<Int>]).subscribeNext { acc.sum &+= $0[0] }
            for i in 0..<n { inputs[i % 3].sendNext(i) }
            d.dispose()
            return acc.sum
        },
        second: .measured("each subject's send under a recursive lock, a disposed check per subscriber (RACSubject, RACPassthroughSubscriber); the latest value stored and, once all have sent, a new array of them sent under the combine's recursive lock (RAC's -combineLatestWith: @synchronized, a new RACTuple per event)") { n in
            let acc = Acc()
            let inputs = bCombineArrayInputs(3) { acc.sum &+= $0[0] }
            for i in 0..<n { inputs[i % 3].send(i) }
            return acc.sum
        }),

    Workload(
        id: "S1", title: "subject → doNext → skip(1) → take(Int.max)", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let s = baseSubject(bDoNext({ _ in acc.sum &+= 1 }, bSkip(1, bTake(Int.max) { acc.sum &+= $0 })))
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.handleEvents(receiveOutput: { _ in acc.sum &+= 1 }).dropFirst(1).prefix(Int.max)
                .sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.doNext { _ in acc.sum &+= 1 }.skip(1).take(Int.max).subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "S2", title: "subject → scan(+) (W7 without the range source)", count: 1_000_000,
        unit: "event",
        base: .measured { n in
            let acc = Acc()
            let s = baseSubject(bScan(0, &+) { acc.sum &+= $0 })
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.scan(0, &+).sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.scan(withStart: 0, reduce: { $0 &+ $1 }).subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        }),

    // MARK: RxSwift's set, adapted

    Workload(
        id: "S3", title: "create block sending → map", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            bRange(n, bMap(inc) { acc.sum &+= $0 })
            return acc.sum
        },
        oc: .missing("n/a (OpenCombine has no create; its subject is W1)"),
        rac: .measured { n in
            let acc = Acc()
            let d = Signal<Int>.create { subscriber in
                for i in 0..<n { subscriber.sendNext(i) }
                subscriber.sendCompleted()
                return nil
            }.map(inc).subscribeNext { acc.sum &+= $0 }
            d.dispose()
            return acc.sum
        },
        second: .measured("per value a call into the block's subscriber, known only as a subscriber (RAC's message send), a recursive lock and a disposed check (RAC's create subscriber: RACPassthroughSubscriber, RACSubscriber's @synchronized)") { n in
            let acc = Acc()
            bCreateRange(n, bMap(inc) { acc.sum &+= $0 })
            return acc.sum
        }),

    Workload(
        id: "R1", title: "subject, two subscribers (per send)", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let s = BaseSubject()
            s.observers = [opaque { acc.sum &+= $0 }, opaque { acc.sum &+= $0 }]
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c1 = s.sink { acc.sum &+= $0 }
            let c2 = s.sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c1.cancel()
            c2.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d1 = s.subscribeNext { acc.sum &+= $0 }
            let d2 = s.subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d1.dispose()
            d2.dispose()
            return acc.sum
        }),

    Workload(
        id: "R2", title: "6 × (map, filter) pumping", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let s = baseSubject(baseSixMapFilters { acc.sum &+= $0 })
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.map(inc).filter(isPositive).map(inc).filter(isPositive)
                .map(inc).filter(isPositive).map(inc).filter(isPositive)
                .map(inc).filter(isPositive).map(inc).filter(isPositive)
                .sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.sixMapFilters().subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "R3", title: "5 chained flatMap pumping", count: 200_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            var sink: Sink = { acc.sum &+= $0 }
            for _ in 0..<5 { sink = bFlatMap(justInner, sink) }
            let s = baseSubject(sink)
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.flatMap { Just($0) }.flatMap { Just($0) }.flatMap { Just($0) }
                .flatMap { Just($0) }.flatMap { Just($0) }
                .sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.flatMapReturn().flatMapReturn().flatMapReturn()
                .flatMapReturn().flatMapReturn()
                .subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        },
        second: secondR3),

    Workload(
        id: "R4", title: "switchToLatest pumping", count: 200_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let s = baseSubject(bSwitchLatest(justInner) { acc.sum &+= $0 })
            for i in 0..<n { s.send(i) }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.map { Just($0) }.switchToLatest().sink { acc.sum &+= $0 }
            for i in 0..<n { s.send(i) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.map { Signal<Int>.return($0) }.switchToLatest().subscribeNext { acc.sum &+= $0 }
            for i in 0..<n { s.sendNext(i) }
            d.dispose()
            return acc.sum
        }),

    Workload(
        id: "R5", title: "build 6 × (map, filter), subscribe, send 1, dispose", count: 50_000,
        unit: "cycle",
        base: .measured { n in
            let acc = Acc()
            for i in 0..<n {
                let s = baseSubject(baseSixMapFilters { acc.sum &+= $0 })
                s.send(i)
            }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            for i in 0..<n {
                let s = PassthroughSubject<Int, Never>()
                let c = s.map(inc).filter(isPositive).map(inc).filter(isPositive)
                    .map(inc).filter(isPositive).map(inc).filter(isPositive)
                    .map(inc).filter(isPositive).map(inc).filter(isPositive)
                    .sink { acc.sum &+= $0 }
                s.send(i)
                c.cancel()
            }
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            for i in 0..<n {
                let s = RACSwift.Subject<Int>()
                let d = s.sixMapFilters().subscribeNext { acc.sum &+= $0 }
                s.sendNext(i)
                d.dispose()
            }
            return acc.sum
        }),

    Workload(
        id: "R6", title: "build 5 × flatMap, subscribe, send 1, dispose", count: 50_000,
        unit: "cycle",
        base: .measured { n in
            let acc = Acc()
            for i in 0..<n {
                var sink: Sink = { acc.sum &+= $0 }
                for _ in 0..<5 { sink = bFlatMap(justInner, sink) }
                baseSubject(sink).send(i)
            }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            for i in 0..<n {
                let s = PassthroughSubject<Int, Never>()
                let c = s.flatMap { Just($0) }.flatMap { Just($0) }.flatMap { Just($0) }
                    .flatMap { Just($0) }.flatMap { Just($0) }
                    .sink { acc.sum &+= $0 }
                s.send(i)
                c.cancel()
            }
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            for i in 0..<n {
                let s = RACSwift.Subject<Int>()
                let d = s.flatMapReturn().flatMapReturn()
                    .flatMapReturn().flatMapReturn().flatMapReturn()
                    .subscribeNext { acc.sum &+= $0 }
                s.sendNext(i)
                d.dispose()
            }
            return acc.sum
        },
        second: secondR6),

    Workload(
        id: "R7", title: "build combineLatest, subscribe, send 2, dispose", count: 50_000,
        unit: "cycle",
        base: .measured { n in
            let acc = Acc()
            for i in 0..<n {
                let c = BCombineLatest { acc.sum &+= $0 }
                let (ia, ib) = c.inputs()
                baseSubject(ia).send(i)
                baseSubject(ib).send(i)
            }
            return acc.sum
        },
        oc: .missing("n/a (OpenCombine 0.14 has no combineLatest)"),
        rac: .measured { n in
            let acc = Acc()
            for i in 0..<n {
                let a = RACSwift.Subject<Int>(), b = RACSwift.Subject<Int>()
                let d = a.combineLatest(with: b).subscribeNext { acc.sum &+= $0.0 &+ $0.1 }
                a.sendNext(i)
                b.sendNext(i)
                d.dispose()
            }
            return acc.sum
        },
        second: secondR7),

    Workload(
        id: "C1", title: "subject, 2 threads sending at once", count: 1_000_000, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let lock = NSLock()
            let s = baseSubject { acc.sum &+= $0 }
            onTwoThreads(n) { i in
                lock.lock()
                s.send(i)
                lock.unlock()
            }
            return acc.sum
        },
        oc: .measured { n in
            let acc = Acc()
            let s = PassthroughSubject<Int, Never>()
            let c = s.sink { acc.sum &+= $0 }
            onTwoThreads(n) { s.send($0) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let s = RACSwift.Subject<Int>()
            let d = s.subscribeNext { acc.sum &+= $0 }
            onTwoThreads(n) { s.sendNext($0) }
            d.dispose()
            return acc.sum
        }),
]

/// Sends 0..<n split between two threads running at once (the checksum, a sum, does not
/// depend on how their sends interleave). The sources serialize the sends.
func onTwoThreads(_ n: Int, _ send: @escaping (Int) -> Void) {
    nonisolated(unsafe) let send = send
    DispatchQueue.concurrentPerform(iterations: 2) { half in
        var i = half
        while i < n {
            send(i)
            i += 2
        }
    }
}
