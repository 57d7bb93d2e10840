// The allocation check (issue 39, item 5): allocations per event or per subscription of the
// hot workloads of BENCHMARKS.md, counted in a release build and compared with the counts
// pinned below, so that a change that adds an allocation to a hot path fails CI (as
// swift-nio's allocation-counter tests do). Run by Tools/allocation-check/run.sh.
//
// Each workload is the RACSwift side of the benchmark of the same id (Benchmarks/Sources/
// RACBench), run once to warm up, then for n and for 2n units: the difference of the two
// runs' counts over n is the count per unit, free of what a run does once (building the
// chain, a scheduler). Synchronous workloads count exactly. Those that hop threads vary with
// the interleaving — how many units a queue scheduler's batch finds waiting decides how often
// its buffers and Dispatch allocate (W11 measured 2.96–3.09 per subscription over runs) — so
// they allow 0.25 per unit: timing noise passes, one more allocation per unit does not.
import CAllocationCounter
import Foundation

func allocations(_ body: () -> Int) -> Int {
    let before = racswift_allocation_count()
    let checksum = body()
    let count = racswift_allocation_count() - before
    // The checksum keeps the work from being optimized away.
    if checksum == Int.min { print("") }
    return count
}

guard racswift_allocation_counter_is_active() == 1 else {
    print("allocation check: the counter is not active in this build (a sanitizer, or not Linux/glibc); nothing checked")
    exit(1)
}
let only = Set(CommandLine.arguments.dropFirst())
var failures: [String] = []
print("id    unit          pinned   measured")
for workload in workloads where only.isEmpty || only.contains(workload.id) {
    _ = allocations { workload.run(workload.n / 10) }
    let once = allocations { workload.run(workload.n) }
    let twice = allocations { workload.run(2 * workload.n) }
    let perUnit = Double(twice - once) / Double(workload.n)
    let tolerance = workload.hopsThreads ? 0.25 : 0
    let holds = abs(perUnit - workload.pinned) <= tolerance
    print(
        workload.id.padding(toLength: 6, withPad: " ", startingAt: 0)
            + workload.unit.padding(toLength: 14, withPad: " ", startingAt: 0)
            + String(format: "%6.2f   %8.4f", workload.pinned, perUnit) + (holds ? "" : "   <- regressed"))
    if !holds {
        failures.append("\(workload.id): \(perUnit) allocations per \(workload.unit), pinned \(workload.pinned)")
    }
}
if failures.isEmpty {
    print("allocation check: every workload allocates as pinned")
} else {
    print("allocation check: allocations changed (a fall is welcome: pin the new count here and in BENCHMARKS.md):")
    for failure in failures { print("  " + failure) }
    exit(1)
}
