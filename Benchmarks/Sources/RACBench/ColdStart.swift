// Issue 37, item 4: cold start. `racbench --cold-start LIB [--repeat N]` builds a typical
// 10-operator pipeline on a subject, subscribes, sends one value, disposes, N times (default 1),
// prints each time's nanoseconds and exits, before anything else in racbench runs: the first
// time pays what a fresh process pays once (type metadata, lazy globals, the first lock, page
// faults in the library's code). Benchmarks/coldstart.sh runs it in fresh processes and counts
// it with callgrind (`none` builds nothing: the process's own start-up, subtracted).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenCombine
import RACSwift

/// The pipeline, the same on every side: map, filter, map, scan, flatMap { return }, skip(1),
/// take(1000), doNext, map, filter — then one subscriber.
@inline(never)
func coldPipeline(_ lib: String) -> Int {
    let acc = Acc()
    switch lib {
    case "base":
        var sink: Sink = bFilter({ $0 >= 0 }) { acc.sum &+= $0 }
        sink = bMap({ $0 &* 2 }, sink)
        sink = bDoNext({ _ in acc.sum &+= 1 }, sink)
        sink = bTake(1000, sink)
        sink = bSkip(1, sink)
        sink = bFlatMap({ bReturn($0) }, sink)
        sink = bScan(0, { $0 &+ $1 }, sink)
        sink = bMap({ $0 &+ 1 }, sink)
        sink = bFilter({ $0 & 1 == 0 }, sink)
        sink = bMap({ $0 &* 3 }, sink)
        let s = BaseSubject()
        s.observers = [opaque(sink)]
        s.send(2)
        s.send(4)
        s.observers = []
    case "oc":
        let s = PassthroughSubject<Int, Never>()
        // In statements: as one chain OpenCombine's operators do not type-check in reasonable time.
        let a = s.map { (x: Int) -> Int in x &* 3 }.filter { (x: Int) -> Bool in x & 1 == 0 }
        let b = a.map { (x: Int) -> Int in x &+ 1 }.scan(0) { (x: Int, y: Int) -> Int in x &+ y }
        let e = b.flatMap { (x: Int) -> Just<Int> in Just(x) }.dropFirst(1).prefix(1000)
        let f = e.handleEvents(receiveOutput: { (_: Int) in acc.sum &+= 1 }).map { (x: Int) -> Int in x &* 2 }
        let c = f.filter { (x: Int) -> Bool in x >= 0 }.sink { acc.sum &+= $0 }
        s.send(2)
        s.send(4)
        c.cancel()
    case "rac":
        let s = RACSwift.Subject<Int>()
        let d = s.map { $0 &* 3 }.filter { $0 & 1 == 0 }.map { $0 &+ 1 }
            .scan(withStart: 0, reduce: { $0 &+ $1 })
            .flattenMap { Signal<Int>.return($0) }.skip(1).take(1000)
            .doNext { _ in acc.sum &+= 1 }.map { $0 &* 2 }.filter { $0 >= 0 }
            .subscribeNext { acc.sum &+= $0 }
        s.sendNext(2)
        s.sendNext(4)
        d.dispose()
    default:
        break
    }
    return acc.sum
}

/// Runs the cold-start mode if the arguments ask for it (and exits); otherwise returns.
func coldStartIfAsked() {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: "--cold-start"), i + 1 < args.count else { return }
    let lib = args[i + 1]
    var repeats = 1
    if let r = args.firstIndex(of: "--repeat"), r + 1 < args.count { repeats = Int(args[r + 1]) ?? 1 }
    var line = "cold \(lib)"
    var checksum = 0
    for _ in 0..<repeats {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let start = Int(ts.tv_sec) * 1_000_000_000 + Int(ts.tv_nsec)
        checksum = coldPipeline(lib)
        clock_gettime(CLOCK_MONOTONIC, &ts)
        line += " \(Int(ts.tv_sec) * 1_000_000_000 + Int(ts.tv_nsec) - start)"
    }
    print(line + " checksum \(checksum)")
    exit(0)
}
