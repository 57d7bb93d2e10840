// The measuring machinery: workloads, timing, allocation counting, the table.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Keeping the optimizer honest

/// Hides a value from the optimizer, so closures built for the baseline stay real closure
/// calls instead of being folded into the loop.
// One non-generic overload per closure type the baseline uses: passing a closure through a
// generic identity function would wrap it in reabstraction thunks (an extra allocation and
// an extra call per stage).
@inline(never) @_optimize(none)
func opaque(_ value: @escaping (Int) -> Void) -> (Int) -> Void { value }

@inline(never) @_optimize(none)
func opaque(_ value: @escaping (Int) -> Int) -> (Int) -> Int { value }

@inline(never) @_optimize(none)
func opaque(_ value: @escaping (Int) -> Bool) -> (Int) -> Bool { value }

@inline(never) @_optimize(none)
func opaque(_ value: @escaping (Int, Int) -> Int) -> (Int, Int) -> Int { value }

@inline(never) @_optimize(none)
func opaque(_ value: @escaping ([Int]) -> Void) -> ([Int]) -> Void { value }

@inline(never) @_optimize(none)
func opaque(_ value: @escaping (Int) -> (@escaping (Int) -> Void) -> Void) -> (Int) -> (@escaping (Int) -> Void) -> Void { value }

/// Where every workload's checksum ends up, so no result is dead code.
nonisolated(unsafe) var blackHole = 0

@inline(never)
func consume(_ value: Int) { blackHole &+= value }

/// The accumulator every workload's final subscriber adds to. Unchecked: every workload runs
/// its pipeline synchronously on the one benchmark thread.
final class Acc: @unchecked Sendable {
    var sum = 0
}

func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

// MARK: Workloads

enum Lib: Int, CaseIterable {
    case base, oc, rac
    /// A workload's second floor (issue 37): the least code that does the work RAC's semantics
    /// require where the closure baseline does less (a lock two inputs need, a disposal check
    /// per value, a main-queue hop RAC's rule asks for). Only some workloads have one.
    case second

    /// The three libraries of the main table.
    static let compared: [Lib] = [.base, .oc, .rac]

    var name: String {
        switch self {
        case .base: "baseline"
        case .oc: "OpenCombine"
        case .rac: "RACSwift"
        case .second: "second floor"
        }
    }
}

/// One library's implementation of a workload: `run(n)` pushes n events (or runs n cycles)
/// and returns a checksum that must agree between the libraries.
struct Impl {
    let run: ((Int) -> Int)?
    /// Shown in the table: why there is no number, or what stands in for the real operator.
    let note: String?

    static func measured(_ note: String? = nil, _ run: @escaping (Int) -> Int) -> Impl {
        Impl(run: run, note: note)
    }

    static func missing(_ note: String) -> Impl { Impl(run: nil, note: note) }
}

struct Workload {
    let id: String
    let title: String
    /// Events (or cycles) per timed run at scale 1.
    let count: Int
    /// "event" or "cycle": what ns/… and allocs/… are per.
    let unit: String
    let base: Impl
    let oc: Impl
    let rac: Impl
    /// The second floor, where the baseline does less than RAC's semantics require; its note
    /// says what it does that the baseline does not.
    var second: Impl? = nil
    /// For the contention workloads: how many threads send at once (0: the one benchmark
    /// thread). Their per-thread throughput goes in a table of its own.
    var threads: Int = 0
    /// At most this many timed runs (the timer workloads, whose runs are followed by a wait).
    var maxRuns: Int? = nil
    /// Run after every run of every library, untimed: lets what a run left behind (stale
    /// timers) finish before the next one.
    var settle: (() -> Void)? = nil
    /// Runs `count` units whatever --scale says (the scaling workloads, whose size is the point),
    /// in the allocation pass too.
    var unscaled = false

    func impl(_ lib: Lib) -> Impl {
        switch lib {
        case .base: base
        case .oc: oc
        case .rac: rac
        case .second: second ?? .missing("no second floor")
        }
    }
}

// MARK: Allocation counting

/// ordo-one's malloc interposer (the counter behind ordo-one/benchmark's malloc metrics),
/// found with dlsym when Benchmarks/run.sh has LD_PRELOADed libMallocInterposerSwift.so; nil in
/// a plain run. The timing pass runs without it, so timings use the system allocator as is.
struct MallocCounter {
    typealias VoidFn = @convention(c) () -> Void
    typealias StatsFn = @convention(c) (
        UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
        UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?
    ) -> Void

    struct Stats {
        var mallocs: Int64 = 0
        var mallocBytes: Int64 = 0
        var frees: Int64 = 0
        var freeBytes: Int64 = 0
    }

    let enable: VoidFn
    let disable: VoidFn
    let reset: VoidFn
    let stats: StatsFn

    static let shared: MallocCounter? = {
        func symbol<F>(_ name: String, _: F.Type) -> F? {
            guard let raw = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
            return unsafeBitCast(raw, to: F.self)
        }
        guard let enable = symbol("malloc_interposer_enable", VoidFn.self),
              let disable = symbol("malloc_interposer_disable", VoidFn.self),
              let reset = symbol("malloc_interposer_reset", VoidFn.self),
              let stats = symbol("malloc_interposer_get_stats", StatsFn.self)
        else { return nil }
        return MallocCounter(enable: enable, disable: disable, reset: reset, stats: stats)
    }()

    /// Counts the allocations `body` makes.
    func count(_ body: () -> Void) -> Stats {
        reset()
        enable()
        body()
        disable()
        var s = Stats()
        var small: Int64 = 0, large: Int64 = 0
        stats(&s.mallocs, &s.mallocBytes, &small, &large, &s.frees, &s.freeBytes)
        return s
    }
}

// MARK: Running

struct Options {
    var scale = 1.0
    var runs = 7
    var filter: Set<String> = []
    var allocsOut: String?
    var allocsIn: String?
    /// Runs only these libraries (for profiling one side under callgrind).
    var libs: Set<Lib> = Set(Lib.allCases)

    static func parse(_ args: [String]) -> Options {
        var o = Options()
        var i = 1
        func value() -> String {
            i += 1
            guard i < args.count else { fatalError("racbench: \(args[i - 1]) needs a value") }
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--scale": o.scale = Double(value()) ?? 1
            case "--runs": o.runs = max(1, Int(value()) ?? 5)
            case "--filter": o.filter = Set(value().split(separator: ",").map(String.init))
            case "--allocs-out": o.allocsOut = value()
            case "--allocs-in": o.allocsIn = value()
            case "--only":
                o.libs = Set(value().split(separator: ",").compactMap { name in
                    Lib.allCases.first { ["base": Lib.base, "oc": .oc, "rac": .rac, "second": .second][String(name)] == $0 }
                })
            case "--help", "-h":
                print("""
                    usage: racbench [--scale X] [--runs N] [--filter W1,W2,...] [--only base,oc,rac,second]
                                    [--allocs-out FILE | --allocs-in FILE]
                    Normally run through Benchmarks/run.sh, which does the allocation pass
                    (under the malloc interposer) and then the timing pass.
                    """)
                exit(0)
            default: fatalError("racbench: unknown argument \(args[i])")
            }
            i += 1
        }
        return o
    }
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

struct TimingResult {
    var nsPerUnit: Double
    var spread: Double  // (max - min) / median
    var checksum: Int
}

/// Times every library on one workload, interleaved: a warm-up run of each, then `runs`
/// rounds, each running all three in an order that rotates from round to round.
func time(_ w: Workload, count: Int, runs: Int, libs wanted: Set<Lib>) -> [Lib: TimingResult] {
    let libs = Lib.allCases.filter { w.impl($0).run != nil && wanted.contains($0) }
    var samples: [Lib: [Double]] = [:]
    var checksums: [Lib: Int] = [:]
    for lib in libs {
        consume(w.impl(lib).run!(max(1, count / 10)))
        w.settle?()
    }
    let runs = min(runs, w.maxRuns ?? runs)
    for round in 0..<runs {
        for k in 0..<libs.count {
            let lib = libs[(k + round) % libs.count]
            let run = w.impl(lib).run!
            let start = nowNs()
            let checksum = run(count)
            let elapsed = nowNs() - start
            consume(checksum)
            checksums[lib] = checksum
            samples[lib, default: []].append(Double(elapsed) / Double(count))
            w.settle?()
        }
    }
    var out: [Lib: TimingResult] = [:]
    for lib in libs {
        let xs = samples[lib]!
        let m = median(xs)
        out[lib] = TimingResult(
            nsPerUnit: m, spread: (xs.max()! - xs.min()!) / m, checksum: checksums[lib]!)
    }
    return out
}

struct AllocResult {
    var allocsPerUnit: Double
    var bytesPerUnit: Double
}

/// Allocations per event: after a warm-up run (lazy metadata and caches allocate once), one
/// counted run.
func allocations(_ w: Workload, count: Int, counter: MallocCounter) -> [Lib: AllocResult] {
    var out: [Lib: AllocResult] = [:]
    for lib in Lib.allCases {
        guard let run = w.impl(lib).run else { continue }
        consume(run(max(1, count / 10)))
        w.settle?()
        var checksum = 0
        let s = counter.count { checksum = run(count) }
        consume(checksum)
        w.settle?()
        out[lib] = AllocResult(
            allocsPerUnit: Double(s.mallocs) / Double(count),
            bytesPerUnit: Double(s.mallocBytes) / Double(count))
    }
    return out
}

// MARK: Formatting

func fmt(_ x: Double, _ digits: Int = 1) -> String {
    var s = String(Int((x * pow(10, Double(digits))).rounded()))
    if digits > 0 {
        let negative = s.hasPrefix("-")
        if negative { s.removeFirst() }
        while s.count <= digits { s = "0" + s }
        s.insert(".", at: s.index(s.endIndex, offsetBy: -digits))
        if negative { s = "-" + s }
    }
    return s
}

func fmtNs(_ x: Double) -> String {
    x >= 100 ? fmt(x, 0) : fmt(x, 1)
}

func fmtAllocs(_ x: Double) -> String {
    if x == 0 { return "0" }
    if x < 0.01 { return "<0.01" }
    return x >= 10 ? fmt(x, 1) : fmt(x, 2)
}

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let n = s.count
    if n >= width { return s }
    let fill = String(repeating: " ", count: width - n)
    return right ? fill + s : s + fill
}

/// Prints rows as a Markdown table (aligned, so it also reads as plain text).
func printTable(_ header: [String], _ rows: [[String]], rightAligned: Set<Int>) {
    var widths = header.map(\.count)
    for row in rows {
        for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    func line(_ cells: [String]) -> String {
        "| " + cells.enumerated().map { pad($1, widths[$0], right: rightAligned.contains($0)) }
            .joined(separator: " | ") + " |"
    }
    print(line(header))
    print("|" + widths.enumerated().map { i, w in
        rightAligned.contains(i) ? String(repeating: "-", count: w + 1) + ":" : String(repeating: "-", count: w + 2)
    }.joined(separator: "|") + "|")
    for row in rows { print(line(row)) }
}
