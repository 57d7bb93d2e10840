// racbench: RACSwift against OpenCombine and a plain-closure baseline, side by side, in one
// process. Run it through Benchmarks/run.sh (see BENCHMARKS.md).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// First, before any global of racbench is touched: the cold-start mode (ColdStart.swift).
coldStartIfAsked()

// Progress goes to standard error (unbuffered) as it happens; the table goes to standard
// output at the end.
let options = Options.parse(CommandLine.arguments)
let selected = (workloads + contentionWorkloads + teardownWorkloads + appWorkloads + threadWorkloads + scalingWorkloads).filter { options.filter.isEmpty || options.filter.contains($0.id) }

// The scaling workloads (Scaling.swift) ignore --scale: their sizes are the point.
func scaled(_ w: Workload) -> Int { w.unscaled ? w.count : max(1, Int(Double(w.count) * options.scale)) }

// MARK: Allocation pass (under the malloc interposer)

if let path = options.allocsOut {
    guard let counter = MallocCounter.shared else {
        FileHandle.standardError.write(Data("racbench: --allocs-out needs the malloc interposer (LD_PRELOAD=.../libMallocInterposerSwift.so)\n".utf8))
        exit(2)
    }
    var lines: [String] = []
    for w in selected {
        // A tenth of the timed count is plenty for steady-state allocation counts.
        let count = w.unscaled ? w.count : max(1, scaled(w) / 10)
        for (lib, r) in allocations(w, count: count, counter: counter).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            lines.append("A\t\(w.id)\t\(lib.rawValue)\t\(r.allocsPerUnit)\t\(r.bytesPerUnit)")
        }
    }
    for (lib, r) in measureMemory(counter: counter).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        lines.append("M\t\(lib.rawValue)\t\(r.bytesPerSubscription)\t\(r.allocsPerSubscription)")
    }
    for (shape, results) in measureMoreMemory(counter: counter).sorted(by: { $0.key < $1.key }) {
        for (lib, r) in results.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            lines.append("S\t\(shape)\t\(lib.rawValue)\t\(r.bytesPerSubscription)\t\(r.allocsPerSubscription)")
        }
    }
    let text = lines.joined(separator: "\n") + "\n"
    guard let f = fopen(path, "w") else { fatalError("racbench: cannot write \(path)") }
    fputs(text, f)
    fclose(f)
    exit(0)
}

// MARK: Timing pass

var allocs: [String: [Lib: AllocResult]] = [:]
var memory: [Lib: MemoryResult] = [:]
var moreMemory: [String: [Lib: MemoryResult]] = [:]
if let path = options.allocsIn, let f = fopen(path, "r") {
    var line: UnsafeMutablePointer<CChar>? = nil
    var cap = 0
    while getline(&line, &cap, f) > 0 {
        let fields = String(cString: line!).split(separator: "\t").map {
            $0.trimmingCharacters(in: " \n")
        }
        if fields.first == "A", fields.count == 5, let raw = Int(fields[2]), let lib = Lib(rawValue: raw),
           let a = Double(fields[3]), let b = Double(fields[4]) {
            allocs[fields[1], default: [:]][lib] = AllocResult(allocsPerUnit: a, bytesPerUnit: b)
        } else if fields.first == "M", fields.count == 4, let raw = Int(fields[1]),
                  let lib = Lib(rawValue: raw), let b = Double(fields[2]), let a = Double(fields[3]) {
            memory[lib] = MemoryResult(bytesPerSubscription: b, allocsPerSubscription: a)
        } else if fields.first == "S", fields.count == 5, let raw = Int(fields[2]),
                  let lib = Lib(rawValue: raw), let b = Double(fields[3]), let a = Double(fields[4]) {
            moreMemory[fields[1], default: [:]][lib] = MemoryResult(bytesPerSubscription: b, allocsPerSubscription: a)
        }
    }
    free(line)
    fclose(f)
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}

print("racbench: \(selected.count) workloads, \(options.runs) timed runs each after a warm-up, "
    + "libraries interleaved; medians. scale \(options.scale)")

var rows: [[String]] = []
var notes: [String] = []
var mismatches: [String] = []
var contention: [(Workload, [Lib: TimingResult])] = []
var timings: [String: [Lib: TimingResult]] = [:]
for w in selected {
    let count = scaled(w)
    FileHandle.standardError.write(Data("  \(w.id) \(w.title) (\(count) \(w.unit)s)…\n".utf8))
    let t = time(w, count: count, runs: options.runs, libs: options.libs)
    if w.threads > 0 { contention.append((w, t)) }
    timings[w.id] = t
    let checks = Set(t.values.map(\.checksum))
    if checks.count > 1 {
        mismatches.append("\(w.id): checksums differ \(t.mapValues(\.checksum))")
    }
    func ns(_ lib: Lib) -> String {
        guard let r = t[lib] else { return "n/a" }
        return fmtNs(r.nsPerUnit) + (r.spread > 0.25 ? "~" : "")
    }
    func ratio(_ a: Lib, _ b: Lib) -> String {
        guard let x = t[a], let y = t[b] else { return "n/a" }
        return fmt(x.nsPerUnit / y.nsPerUnit, 2) + "×"
    }
    func alloc(_ lib: Lib) -> String {
        guard w.impl(lib).run != nil else { return "n/a" }
        guard let a = allocs[w.id]?[lib] else { return "?" }
        return fmtAllocs(a.allocsPerUnit)
    }
    // Issue 7's bars: W1–W8 at most 0.5 × OpenCombine (W5, where OpenCombine has no
    // combineLatest: under half the best peer in the issue's table, RxSwift's 1978 ns), and
    // W1, W2, W3, W7 within 4 × the baseline.
    func target() -> String {
        guard (1...8).map({ "W\($0)" }).contains(w.id) else { return "—" }
        guard let r = t[.rac] else { return "n/a" }
        var ok = true
        if let o = t[.oc] {
            ok = ok && r.nsPerUnit <= 0.5 * o.nsPerUnit
        } else if w.id == "W5" {
            ok = ok && r.nsPerUnit < 1978 / 2
        }
        if ["W1", "W2", "W3", "W7"].contains(w.id), let b = t[.base] {
            ok = ok && r.nsPerUnit <= 4 * b.nsPerUnit
        }
        return ok ? "met" : "NOT met"
    }
    let rowNotes = Lib.compared.compactMap { lib in w.impl(lib).note.map { "\(lib.name): \($0)" } }
    rows.append([
        w.id, w.title, "/\(w.unit)", ns(.base), ns(.oc), ns(.rac), ratio(.rac, .oc), ratio(.rac, .base),
        "\(alloc(.base)) / \(alloc(.oc)) / \(alloc(.rac))", target(),
        rowNotes.joined(separator: "; "),
    ])
}

print("")
printTable(
    ["id", "workload", "per", "baseline ns", "OpenCombine ns", "RACSwift ns", "RAC÷OC", "RAC÷base",
     "allocs base / OC / RAC", "issue 7 time target", "notes"],
    rows, rightAligned: [3, 4, 5, 6, 7, 8])
print("")
print("ns per event (or per cycle where 'per' says so), median of \(options.runs); '~' marks a run "
    + "spread above 25% of the median. allocs: malloc calls per event/cycle, from a separate "
    + "counted pass under ordo-one's malloc interposer ('?' = that pass was not run). Time target: "
    + "W1–W8 ≤ 0.5 × OpenCombine (W5: < 989 ns, half of RxSwift's 1978 in the issue's table), "
    + "and W1, W2, W3, W7 ≤ 4 × baseline.")

if !contention.isEmpty {
    // Per-thread throughput: events per second over all threads, divided by the threads. A
    // lock that scales keeps it; one that makes threads wait for each other divides it.
    let single = contention.first { $0.0.threads == 1 }?.1
    print("")
    print("Contention: million events per second per sending thread (total ÷ threads), and that "
        + "as a fraction of the same library's one-thread M1 row:")
    print("")
    func perThread(_ r: TimingResult?, _ threads: Int) -> Double? {
        r.map { 1e3 / $0.nsPerUnit / Double(threads) }
    }
    printTable(
        ["id", "threads", "baseline M/s/thread", "OpenCombine M/s/thread", "RACSwift M/s/thread",
         "baseline ÷ M1", "OpenCombine ÷ M1", "RACSwift ÷ M1"],
        contention.map { w, t in
            var row = [w.id, "\(w.threads)"]
            for lib in Lib.compared {
                row.append(perThread(t[lib], w.threads).map { fmt($0, 2) } ?? "n/a")
            }
            for lib in Lib.compared {
                if let x = perThread(t[lib], w.threads), let one = perThread(single?[lib], 1) {
                    row.append(fmt(x / one, 2))
                } else {
                    row.append("n/a")
                }
            }
            return row
        },
        rightAligned: [1, 2, 3, 4, 5, 6, 7])
}

// Issue 28: each thread-hop, timer and scheduler workload against its floor (the baseline
// column: plain Dispatch) and OpenCombine, allocations beyond the floor's, and how the cost
// per subscription grows from 1k to 100k subscribers.
let issue28 = threadWorkloads.map { $0.id }.filter { timings[$0] != nil }
if !issue28.isEmpty {
    print("")
    print("Issue 28: RACSwift ÷ floor (the baseline: plain Dispatch), ÷ OpenCombine, and allocations "
        + "per unit beyond the floor's:")
    print("")
    printTable(
        ["id", "RAC ÷ floor", "RAC ÷ OC", "RAC allocs − floor allocs"],
        issue28.map { id in
            let t = timings[id]!
            func ratio(_ a: Lib, _ b: Lib) -> String {
                guard let x = t[a], let y = t[b] else { return "n/a" }
                return fmt(x.nsPerUnit / y.nsPerUnit, 2) + "×"
            }
            var extra = "?"
            if let r = allocs[id]?[.rac], let b = allocs[id]?[.base] {
                extra = fmt(r.allocsPerUnit - b.allocsPerUnit, 2)
            }
            return [id, ratio(.rac, .base), ratio(.rac, .oc), extra]
        },
        rightAligned: [1, 2, 3])
    if let small = timings["W17"], let large = timings["W18"] {
        print("")
        print("Churn growth, ns per subscription at 100k ÷ at 1k (W18 ÷ W17): "
            + Lib.compared.compactMap { lib in
                guard let a = small[lib], let b = large[lib] else { return nil }
                return "\(lib.name) \(fmt(b.nsPerUnit / a.nsPerUnit, 2))×"
            }.joined(separator: ", "))
    }
}

// Issue 37: the scaling families, each size's ns per unit and the growth factor (ns per unit at
// the largest size ÷ at the smallest; ≤ about 1 is linear or better).
for family in scalingFamilies {
    let sized = family.ids.filter { timings[$0] != nil }
    guard sized.count >= 2 else { continue }
    print("")
    print("Scaling: \(family.title) — ns per unit at each size of \(family.size), growth = largest ÷ smallest:")
    print("")
    let first = timings[sized.first!]!, last = timings[sized.last!]!
    printTable(
        ["library"] + sized + ["growth"],
        Lib.compared.compactMap { lib in
            guard let a = first[lib], let b = last[lib] else { return nil }
            return [lib.name] + sized.map { timings[$0]![lib].map { fmtNs($0.nsPerUnit) } ?? "n/a" }
                + [fmt(b.nsPerUnit / a.nsPerUnit, 2) + "×"]
        },
        rightAligned: Set(1...(sized.count + 1)))
}

// Issue 37: the workloads whose baseline does less than RAC's semantics require, against a second
// floor that does that work too (goal: RACSwift ≤ 1.25 × it).
let seconds = selected.filter { $0.second != nil && timings[$0.id]?[.second] != nil }
if !seconds.isEmpty {
    // A copy: the table's closure is not main-actor isolated, the top-level `allocs` is.
    print("")
    print("Second floors: the least code that does what RAC's semantics require where the baseline "
        + "does less (what each adds is in its note); ns per unit, medians of the same rounds:")
    print("")
    var secondRows: [[String]] = []
    for w in seconds {
        let t = timings[w.id]!
        func ns(_ lib: Lib) -> String { t[lib].map { fmtNs($0.nsPerUnit) } ?? "n/a" }
        func ratio(_ a: Lib, _ b: Lib) -> String {
            guard let x = t[a], let y = t[b] else { return "n/a" }
            return fmt(x.nsPerUnit / y.nsPerUnit, 2) + "×"
        }
        func alloc(_ lib: Lib) -> String { allocs[w.id]?[lib].map { fmtAllocs($0.allocsPerUnit) } ?? "?" }
        secondRows.append([w.id, ns(.base), ns(.second), ns(.rac), ratio(.rac, .base), ratio(.rac, .second),
                           "\(alloc(.second)) / \(alloc(.rac))", w.second?.note ?? ""])
    }
    printTable(
        ["id", "baseline ns", "second floor ns", "RACSwift ns", "RAC÷base", "RAC÷second",
         "allocs second / RAC", "what the second floor adds"],
        secondRows, rightAligned: [1, 2, 3, 4, 5, 6])
}

if !memory.isEmpty {
    print("")
    print("Live subscription to source → map → filter → map (\(memorySubscriptions) alive at once, "
        + "malloc'd minus freed while subscribing):")
    print("")
    printTable(
        ["library", "bytes / subscription", "live allocations / subscription"],
        Lib.compared.compactMap { lib in
            memory[lib].map { [lib.name, fmt($0.bytesPerSubscription, 0), fmt($0.allocsPerSubscription, 1)] }
        },
        rightAligned: [1, 2])
}

if !moreMemory.isEmpty {
    // Issue 37, goal 3: the same measurement for more shapes, RACSwift against the floor
    // (goal: at most 1.25 × its bytes).
    print("")
    print("Live subscription, more shapes (\(memorySubscriptions) alive at once, malloc'd minus freed; "
        + "bytes / live allocations per subscription):")
    print("")
    let shapeMemory = moreMemory
    printTable(
        ["shape", "baseline", "second floor", "OpenCombine", "RACSwift", "RAC÷floor bytes", "RAC÷second bytes",
         "what the floor keeps"],
        memoryShapes.compactMap { shape in
            guard let results = shapeMemory[shape.id] else { return nil }
            func cell(_ lib: Lib) -> String {
                results[lib].map { fmt($0.bytesPerSubscription, 0) + " / " + fmt($0.allocsPerSubscription, 1) } ?? "n/a"
            }
            func ratio(_ floor: Lib) -> String {
                guard let r = results[.rac], let b = results[floor], b.bytesPerSubscription > 0 else { return "n/a" }
                return fmt(r.bytesPerSubscription / b.bytesPerSubscription, 2) + "×"
            }
            return [shape.title, cell(.base), cell(.second), cell(.oc), cell(.rac), ratio(.base), ratio(.second),
                    shape.floorKeeps]
        },
        rightAligned: [1, 2, 3, 4, 5, 6])
}

if !mismatches.isEmpty {
    print("")
    print("CHECKSUM MISMATCH — the libraries did not compute the same thing:")
    for m in mismatches { print("  " + m) }
    exit(1)
}
