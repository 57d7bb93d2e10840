// Builds and links libMallocInterposerSwift.so so that Benchmarks/run.sh can LD_PRELOAD it for
// racbench's allocation pass. Run on its own, it checks that the interposer counts.
import MallocInterposerSwift

MallocInterposerSwift.initialize()
MallocInterposerSwift.hook()
let probe = [Int](repeating: 1, count: 1000)
MallocInterposerSwift.unhook()
print("malloc interposer: \(MallocInterposerSwift.getStatistics().mallocCount) allocations counted (\(probe.count))")
