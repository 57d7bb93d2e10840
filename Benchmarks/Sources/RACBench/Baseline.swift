// The closure baseline: the least a push pipeline can do — escaping closures calling escaping
// closures, no locks, no disposables, no terminal events. Each builder is @inline(never) and
// takes its closures through `opaque`, so every stage stays an indirect call through a heap
// context, as in a real library.

typealias Sink = (Int) -> Void

/// A hot source with a list of observers (what a subject does, minus everything else).
final class BaseSubject {
    var observers: [Sink] = []

    @inline(__always)
    func send(_ value: Int) {
        for observer in observers { observer(value) }
    }
}

@inline(never)
func bMap(_ transform: @escaping (Int) -> Int, _ next: @escaping Sink) -> Sink {
    let transform = opaque(transform)
    let next = opaque(next)
    return { next(transform($0)) }
}

@inline(never)
func bFilter(_ predicate: @escaping (Int) -> Bool, _ next: @escaping Sink) -> Sink {
    let predicate = opaque(predicate)
    let next = opaque(next)
    return { if predicate($0) { next($0) } }
}

/// A cold source: a function of the sink it delivers to.
typealias Cold = (@escaping Sink) -> Void

@inline(never)
func bReturn(_ value: Int) -> Cold {
    { sink in sink(value) }
}

@inline(never)
func bMapCold(_ source: @escaping Cold, _ transform: @escaping (Int) -> Int) -> Cold {
    let transform = opaque(transform)
    return { sink in source { sink(transform($0)) } }
}

/// flatMap: one cold inner source built per value (that allocation is inherent), delivered
/// into `next`.
@inline(never)
func bFlatMap(_ inner: @escaping (Int) -> Cold, _ next: @escaping Sink) -> Sink {
    let inner = opaque(inner)
    let next = opaque(next)
    return { inner($0)(next) }
}

/// switchToLatest: like flatMap, but keeps the latest inner source as the "current" one.
final class BSwitch {
    var current: Cold?
}

@inline(never)
func bSwitchLatest(_ inner: @escaping (Int) -> Cold, _ next: @escaping Sink) -> Sink {
    let inner = opaque(inner)
    let next = opaque(next)
    let state = BSwitch()
    return { value in
        let source = inner(value)
        state.current = source
        source(next)
    }
}

@inline(never)
func bScan(_ initial: Int, _ combine: @escaping (Int, Int) -> Int, _ next: @escaping Sink) -> Sink {
    let combine = opaque(combine)
    let next = opaque(next)
    final class State { var acc = 0 }
    let state = State()
    state.acc = initial
    return { value in
        state.acc = combine(state.acc, value)
        next(state.acc)
    }
}

/// combineLatest of two inputs: the latest of each, sent once both have one.
final class BCombineLatest {
    var a = 0, b = 0, hasA = false, hasB = false
    let next: Sink
    init(_ next: @escaping Sink) { self.next = opaque(next) }

    @inline(never)
    func inputs() -> (Sink, Sink) {
        ({ [unowned self] v in a = v; hasA = true; if hasB { next(a &+ b) } },
         { [unowned self] v in b = v; hasB = true; if hasA { next(a &+ b) } })
    }
}

/// zip of two inputs: queues, paired in order.
final class BZip {
    var qa: [Int] = [], qb: [Int] = []
    var ha = 0, hb = 0
    let next: Sink
    init(_ next: @escaping Sink) { self.next = opaque(next) }

    @inline(never)
    func inputs() -> (Sink, Sink) {
        ({ [unowned self] v in qa.append(v); drain() },
         { [unowned self] v in qb.append(v); drain() })
    }

    private func drain() {
        while ha < qa.count, hb < qb.count {
            let pair = qa[ha] &+ qb[hb]
            ha += 1
            hb += 1
            if ha == qa.count { qa.removeAll(keepingCapacity: true); ha = 0 }
            if hb == qb.count { qb.removeAll(keepingCapacity: true); hb = 0 }
            next(pair)
        }
    }
}

/// combineLatest of three inputs, reduced by a sum (W23).
final class BCombineLatest3 {
    var a = 0, b = 0, c = 0, has = 0
    let next: Sink
    init(_ next: @escaping Sink) { self.next = opaque(next) }

    @inline(never)
    func inputs() -> (Sink, Sink, Sink) {
        ({ [unowned self] v in a = v; has |= 1; if has == 7 { next(a &+ b &+ c) } },
         { [unowned self] v in b = v; has |= 2; if has == 7 { next(a &+ b &+ c) } },
         { [unowned self] v in c = v; has |= 4; if has == 7 { next(a &+ b &+ c) } })
    }
}

/// zip of three inputs: queues, combined in order (W24).
final class BZip3 {
    var queues: ([Int], [Int], [Int]) = ([], [], [])
    let next: Sink
    init(_ next: @escaping Sink) { self.next = opaque(next) }

    @inline(never)
    func inputs() -> (Sink, Sink, Sink) {
        ({ [unowned self] v in queues.0.append(v); drain() },
         { [unowned self] v in queues.1.append(v); drain() },
         { [unowned self] v in queues.2.append(v); drain() })
    }

    // Sends arrive in rotation, so a queue holds at most one value and removing the first is cheap.
    private func drain() {
        while !queues.0.isEmpty, !queues.1.isEmpty, !queues.2.isEmpty {
            next(queues.0.removeFirst() &+ queues.1.removeFirst() &+ queues.2.removeFirst())
        }
    }
}

/// A synchronous range source delivering into `sink`.
@inline(never)
func bRange(_ count: Int, _ sink: @escaping Sink) {
    let sink = opaque(sink)
    for i in 0..<count { sink(i) }
}

@inline(never)
func bDoNext(_ block: @escaping Sink, _ next: @escaping Sink) -> Sink {
    let block = opaque(block)
    let next = opaque(next)
    return { block($0); next($0) }
}

final class Counter { var n = 0 }

@inline(never)
func bSkip(_ count: Int, _ next: @escaping Sink) -> Sink {
    let next = opaque(next)
    let seen = Counter()
    return { value in
        if seen.n < count { seen.n += 1 } else { next(value) }
    }
}

@inline(never)
func bTake(_ count: Int, _ next: @escaping Sink) -> Sink {
    let next = opaque(next)
    let taken = Counter()
    return { value in
        if taken.n < count { taken.n += 1; next(value) }
    }
}
