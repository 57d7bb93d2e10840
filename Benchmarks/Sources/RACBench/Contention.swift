// Contention (issue 20): eight producers merged into one serializing point, sent to from one
// thread, from two, from every core, and from eight threads (one per producer, more threads
// than cores). The M rows share one shape so their per-thread throughput can be compared:
// a library scales no worse than the baseline when its per-thread column falls no faster.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import OpenCombine
import RACSwift

/// The producers of every M workload.
let mergedProducers = 8

/// A heap-allocated pthread mutex: the baseline's lock (what `NSLock` wraps, without its
/// Objective-C-style dispatch).
final class BasePthreadMutex: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(mutex, nil) }
    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
    @inline(__always) func lock() { pthread_mutex_lock(mutex) }
    @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }
}

/// Sends 0..<n through `mergedProducers` producers from `threads` threads started together:
/// value i goes to producer i % 8, and thread t drives the producers p with p % threads == t.
/// The checksum (a sum) does not depend on the interleaving.
func onThreads(_ threads: Int, _ n: Int, _ send: @escaping (_ producer: Int, _ value: Int) -> Void) {
    nonisolated(unsafe) let send = send
    let ready = DispatchGroup()
    let go = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for t in 0..<threads {
        ready.enter()
        done.enter()
        let thread = Thread {
            ready.leave()
            go.wait()
            let mine = Array(stride(from: t, to: mergedProducers, by: threads))
            var base = 0
            while base < n {
                for p in mine where base + p < n { send(p, base + p) }
                base += mergedProducers
            }
            done.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    ready.wait()
    for _ in 0..<threads { go.signal() }
    done.wait()
}

func mergeWorkload(id: String, threads: Int, count: Int) -> Workload {
    Workload(
        id: id,
        title: "merge of \(mergedProducers) producers, \(threads) thread\(threads == 1 ? "" : "s")",
        count: count, unit: "event",
        base: .measured { n in
            let acc = Acc()
            let lock = BasePthreadMutex()
            let merged = opaque { (v: Int) in acc.sum &+= v }
            let producers = (0..<mergedProducers).map { _ in
                baseSubject { v in
                    lock.lock()
                    merged(v)
                    lock.unlock()
                }
            }
            onThreads(threads, n) { p, v in producers[p].send(v) }
            return acc.sum
        },
        // OpenCombine 0.14 has no Merge; flatMap over the producers is how it merges (and how
        // RAC builds +merge:).
        oc: .measured("flatMap over the producers (OpenCombine 0.14 has no Merge)") { n in
            let acc = Acc()
            let producers = (0..<mergedProducers).map { _ in PassthroughSubject<Int, Never>() }
            let c = producers.publisher.flatMap { $0 }.sink { acc.sum &+= $0 }
            onThreads(threads, n) { p, v in producers[p].send(v) }
            c.cancel()
            return acc.sum
        },
        rac: .measured { n in
            let acc = Acc()
            let producers = (0..<mergedProducers).map { _ in RACSwift.Subject<Int>() }
            let d = Signal.merge(producers).subscribeNext { acc.sum &+= $0 }
            onThreads(threads, n) { p, v in producers[p].sendNext(v) }
            d.dispose()
            return acc.sum
        },
        threads: threads)
}

let allCores = max(1, ProcessInfo.processInfo.activeProcessorCount)

var contentionWorkloads: [Workload] {
    [
        mergeWorkload(id: "M1", threads: 1, count: 1_000_000),
        mergeWorkload(id: "M2", threads: 2, count: 1_000_000),
        // On this 2-core machine MN is M2 again; kept so the table means the same elsewhere.
        mergeWorkload(id: "MN", threads: allCores, count: 1_000_000),
        mergeWorkload(id: "M8", threads: mergedProducers, count: 1_000_000),
    ]
}

// MARK: - Tear-down of many live inner subscriptions (issue 20)

/// How many inner subscriptions D1 keeps alive at once.
let liveInners = 5_000

/// D1: a flattenMap over `liveInners` inner subjects, all alive at once, each then completed
/// in the order it started: the merge point removes each finished inner's disposable from its
/// compound. Per inner: subscribe, one value, completion, removal.
var teardownWorkloads: [Workload] {
    [
        Workload(
            id: "D1", title: "flattenMap, \(liveInners) live inners completed in order",
            count: liveInners, unit: "inner",
            base: .measured { n in
                // A merge point keeping its inners in a dictionary, removing each by key.
                let acc = Acc()
                var live: [Int: BaseSubject] = [:]
                let sink = opaque { (v: Int) in acc.sum &+= v }
                for i in 0..<n { live[i] = baseSubject(sink) }
                for i in 0..<n {
                    live[i]!.send(i)
                    live[i] = nil
                }
                return acc.sum
            },
            oc: .measured { n in
                let acc = Acc()
                let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
                let c = outer.flatMap { $0 }.sink { acc.sum &+= $0 }
                let inners = (0..<n).map { _ in PassthroughSubject<Int, Never>() }
                for inner in inners { outer.send(inner) }
                for (i, inner) in inners.enumerated() {
                    inner.send(i)
                    inner.send(completion: .finished)
                }
                c.cancel()
                return acc.sum
            },
            rac: .measured { n in
                let acc = Acc()
                let outer = RACSwift.Subject<RACSwift.Subject<Int>>()
                let d = outer.flattenMap { $0 }.subscribeNext { acc.sum &+= $0 }
                let inners = (0..<n).map { _ in RACSwift.Subject<Int>() }
                for inner in inners { outer.sendNext(inner) }
                for (i, inner) in inners.enumerated() {
                    inner.sendNext(i)
                    inner.sendCompleted()
                }
                d.dispose()
                return acc.sum
            },
            // Z's second floor at this size: D1 is one round of Z10k's shape at 5,000 inners.
            second: secondZ(liveInners)),
    ]
}
