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
