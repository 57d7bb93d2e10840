// What a live subscription costs: N subscriptions to source → map → filter → map kept alive
// at once, malloc'd bytes minus freed bytes while subscribing, per subscription. The chain is
// built once; only subscribing is measured. The source's own per-subscriber bookkeeping
// (its subscriber list) is part of the cost.
import OpenCombine
import RACSwift

struct MemoryResult {
    var bytesPerSubscription: Double
    var allocsPerSubscription: Double
}

let memorySubscriptions = 10_000

func measureMemory(counter: MallocCounter) -> [Lib: MemoryResult] {
    let n = memorySubscriptions
    var out: [Lib: MemoryResult] = [:]
    let acc = Acc()

    func record(_ lib: Lib, _ s: MallocCounter.Stats, count: Int) {
        out[lib] = MemoryResult(
            bytesPerSubscription: Double(s.mallocBytes - s.freeBytes) / Double(count),
            allocsPerSubscription: Double(s.mallocs - s.frees) / Double(count))
    }

    do {
        let subject = BaseSubject()
        subject.observers.reserveCapacity(n)
        let sink: Sink = { acc.sum &+= $0 }
        let s = counter.count {
            for _ in 0..<n { subject.observers.append(bMap(inc, bFilter(isEven, bMap(triple, sink)))) }
        }
        record(.base, s, count: n)
        subject.send(1)
    }
    do {
        let subject = PassthroughSubject<Int, Never>()
        let chain = subject.map(inc).filter(isEven).map(triple)
        var cancellables: [AnyCancellable] = []
        cancellables.reserveCapacity(n)
        // One subscription first, so the subject's switch from one subscriber to many is
        // not counted against the rest.
        cancellables.append(chain.sink { acc.sum &+= $0 })
        let s = counter.count {
            for _ in 1..<n { cancellables.append(chain.sink { acc.sum &+= $0 }) }
        }
        record(.oc, s, count: n - 1)
        subject.send(1)
        for c in cancellables { c.cancel() }
    }
    do {
        let subject = RACSwift.Subject<Int>()
        let chain = subject.map(inc).filter(isEven).map(triple)
        var disposables: [Disposable] = []
        disposables.reserveCapacity(n)
        disposables.append(chain.subscribeNext { acc.sum &+= $0 })
        let s = counter.count {
            for _ in 1..<n { disposables.append(chain.subscribeNext { acc.sum &+= $0 }) }
        }
        record(.rac, s, count: n - 1)
        subject.sendNext(1)
        for d in disposables { d.dispose() }
    }
    consume(acc.sum)
    return out
}

// MARK: - More shapes (issue 37, goal 3)

/// One more live-subscription shape: what is subscribed, and what its floor keeps per
/// subscription (the table prints both).
struct MemoryShape {
    let id: String
    let title: String
    let floorKeeps: String
}

let memoryShapes: [MemoryShape] = [
    MemoryShape(
        id: "subject", title: "a subscriber to a subject",
        floorKeeps: "the subscriber's closure in the subject's array; second floor: in an entry that "
            + "removes itself when disposed (the disposable RAC returns)"),
    MemoryShape(
        id: "combine3", title: "combineLatest(a, b, c, reduce:) of three subjects",
        floorKeeps: "one object with the three latest values, three input closures in the subjects' arrays; "
            + "second floor: a point with the latest values, their \"has value\" bits and a lock, each "
            + "input's closure in an entry that removes itself when disposed, the inputs' compound and "
            + "the subscription's disposable (RAC's +combineLatest:)"),
    MemoryShape(
        id: "flatten", title: "flattenMap to a live inner subject (one value sent)",
        floorKeeps: "the flatMap closure in the outer subject's array, the subscriber's closure in the inner's; "
            + "second floor: RAC's -bind: per subscription (a merge point with its lock and live-signal count, "
            + "a disposable of its own, the inners' removable compound, the outer's removable entry) and per "
            + "inner a removable entry in that compound"),
]

/// The shapes of `memoryShapes`, each as `measureMemory` measures its chain: the sources and
/// the signal built once, `memorySubscriptions` subscriptions kept alive at once, malloc'd minus
/// freed bytes while subscribing (and, for the flatten, while the one value that subscribes
/// every inner is sent), per subscription. The sources' lists of subscribers are part of it: a
/// RAC subject's list grows by doubling while the subscriptions are counted (about 13 B per
/// subscriber at 10,000), and so do the second floors' `FloorSubject` lists, since a second
/// floor does the work RAC must; the closure floors' arrays are reserved beforehand, the least
/// there is.
func measureMoreMemory(counter: MallocCounter) -> [String: [Lib: MemoryResult]] {
    let n = memorySubscriptions
    var out: [String: [Lib: MemoryResult]] = [:]
    let acc = Acc()

    func record(_ shape: String, _ lib: Lib, _ s: MallocCounter.Stats, count: Int) {
        out[shape, default: [:]][lib] = MemoryResult(
            bytesPerSubscription: Double(s.mallocBytes - s.freeBytes) / Double(count),
            allocsPerSubscription: Double(s.mallocs - s.frees) / Double(count))
    }

    // A subscriber to a subject.
    do {
        let subject = BaseSubject()
        subject.observers.reserveCapacity(n)
        let s = counter.count {
            for _ in 0..<n { subject.observers.append(opaque { acc.sum &+= $0 }) }
        }
        record("subject", .base, s, count: n)
        subject.send(1)
    }
    #if canImport(Glibc)
    do {
        // The second floor (SecondFloors.swift): each subscription an entry that removes itself
        // when disposed — the disposable RAC returns.
        let subject = FloorSubject()
        var disposables: [FloorDisposable] = []
        disposables.reserveCapacity(n)
        let s = counter.count {
            for _ in 0..<n { disposables.append(subject.subscribe(opaque { acc.sum &+= $0 })) }
        }
        record("subject", .second, s, count: n)
        subject.send(1)
        for d in disposables { d.dispose() }
    }
    #endif
    do {
        let subject = PassthroughSubject<Int, Never>()
        var cancellables: [AnyCancellable] = []
        cancellables.reserveCapacity(n)
        // The first one outside the count, as for the chain: the subject's switch from one
        // subscriber to many.
        cancellables.append(subject.sink { acc.sum &+= $0 })
        let s = counter.count {
            for _ in 1..<n { cancellables.append(subject.sink { acc.sum &+= $0 }) }
        }
        record("subject", .oc, s, count: n - 1)
        subject.send(1)
        for c in cancellables { c.cancel() }
    }
    do {
        let subject = RACSwift.Subject<Int>()
        var disposables: [Disposable] = []
        disposables.reserveCapacity(n)
        disposables.append(subject.subscribeNext { acc.sum &+= $0 })
        let s = counter.count {
            for _ in 1..<n { disposables.append(subject.subscribeNext { acc.sum &+= $0 }) }
        }
        record("subject", .rac, s, count: n - 1)
        subject.sendNext(1)
        for d in disposables { d.dispose() }
    }

    // combineLatest of three (OpenCombine 0.14 has none).
    do {
        let a = BaseSubject(), b = BaseSubject(), c = BaseSubject()
        for subject in [a, b, c] { subject.observers.reserveCapacity(n) }
        var points: [BCombineLatest3] = []
        points.reserveCapacity(n)
        let s = counter.count {
            for _ in 0..<n {
                let point = BCombineLatest3 { acc.sum &+= $0 }
                let (ia, ib, ic) = point.inputs()
                a.observers.append(ia)
                b.observers.append(ib)
                c.observers.append(ic)
                points.append(point)
            }
        }
        record("combine3", .base, s, count: n)
        a.send(1); b.send(1); c.send(1)
    }
    #if canImport(Glibc)
    do {
        // The second floor (ConstructionSecondFloors.swift): what RAC's +combineLatest: keeps per
        // subscription, which the closure floor, with no way to dispose, does not.
        let a = FloorSubject(), b = FloorSubject(), c = FloorSubject()
        var points: [FloorCombinePoint3] = []
        points.reserveCapacity(n)
        let s = counter.count {
            for _ in 0..<n { points.append(floorCombineLatest3(a, b, c, opaque { acc.sum &+= $0 })) }
        }
        record("combine3", .second, s, count: n)
        a.send(1); b.send(1); c.send(1)
        for point in points { point.disposable.dispose() }
    }
    #endif
    do {
        let a = RACSwift.Subject<Int>(), b = RACSwift.Subject<Int>(), c = RACSwift.Subject<Int>()
        let chain = Signal.combineLatest(a, b, c, reduce: { x, y, z in x &+ y &+ z })
        var disposables: [Disposable] = []
        disposables.reserveCapacity(n)
        disposables.append(chain.subscribeNext { acc.sum &+= $0 })
        let s = counter.count {
            for _ in 1..<n { disposables.append(chain.subscribeNext { acc.sum &+= $0 }) }
        }
        record("combine3", .rac, s, count: n - 1)
        a.sendNext(1); b.sendNext(1); c.sendNext(1)
        for d in disposables { d.dispose() }
    }

    // flattenMap to a live inner: every subscription's inner is the same live subject,
    // subscribed when the outer sends its one value.
    do {
        let outer = BaseSubject(), inner = BaseSubject()
        outer.observers.reserveCapacity(n)
        inner.observers.reserveCapacity(n)
        let live: (Int) -> Cold = { _ in { sink in inner.observers.append(sink) } }
        let s = counter.count {
            for _ in 0..<n { outer.observers.append(bFlatMap(live, opaque { acc.sum &+= $0 })) }
            outer.send(1)
        }
        record("flatten", .base, s, count: n)
        inner.send(1)
    }
    #if canImport(Glibc)
    do {
        // The second floor, from the Z family's pieces (ConstructionSecondFloors.swift): what
        // RAC's -bind: keeps per subscription — a point with its lock and the count of live
        // signals (the outer counted), a disposable of its own holding the outer's removable
        // entry and the compound the inners' subscriptions are added to and removed from — and
        // per inner a removable entry in that compound, with its slot kept (RAC's completion
        // block keeps its `selfDisposable`) so that its completion could remove it.
        let outer = FloorSubject(), inner = FloorSubject()
        var disposables: [FloorDisposable] = []
        disposables.reserveCapacity(n)
        let added = FloorAddedInners()
        let s = counter.count {
            added.entries.reserveCapacity(n)
            for _ in 0..<n {
                let point = FloorMergePoint(opaque { acc.sum &+= $0 }, justInner)
                let compound = FloorCompound()
                point.countSource()
                point.disposable.add(outer.subscribe { [point] _ in
                    added.entries.append(point.add(inner: inner, to: compound))
                })
                point.disposable.add(compound)
                disposables.append(point.disposable)
            }
            outer.send(1)
        }
        record("flatten", .second, s, count: n)
        inner.send(1)
        for d in disposables { d.dispose() }
    }
    #endif
    do {
        let outer = PassthroughSubject<Int, Never>(), inner = PassthroughSubject<Int, Never>()
        let chain = outer.flatMap { _ in inner }
        var cancellables: [AnyCancellable] = []
        cancellables.reserveCapacity(n)
        // A subscriber on each subject first, as for the chain.
        let warm = [outer.sink { _ in }, inner.sink { _ in }]
        let s = counter.count {
            for _ in 0..<n { cancellables.append(chain.sink { acc.sum &+= $0 }) }
            outer.send(1)
        }
        record("flatten", .oc, s, count: n)
        inner.send(1)
        for c in cancellables + warm { c.cancel() }
    }
    do {
        let outer = RACSwift.Subject<Int>(), inner = RACSwift.Subject<Int>()
        let chain = outer.flattenMap { _ in inner }
        var disposables: [Disposable] = []
        disposables.reserveCapacity(n)
        let warm = [outer.subscribeNext { _ in }, inner.subscribeNext { _ in }]
        let s = counter.count {
            for _ in 0..<n { disposables.append(chain.subscribeNext { acc.sum &+= $0 }) }
            outer.sendNext(1)
        }
        record("flatten", .rac, s, count: n)
        inner.sendNext(1)
        for d in disposables + warm { d.dispose() }
    }
    consume(acc.sum)
    return out
}

#if canImport(Glibc)
/// The flatten shape's second floor's record of each inner's entry and slot in its point's
/// compound (what an inner's completion removes).
final class FloorAddedInners {
    var entries: [(FloorDisposable, Int)] = []
}
#endif
