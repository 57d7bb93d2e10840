// The shims are inline functions in the header; this file defines the one thread-local slot
// they read and write.
#include "RACSwiftRuntimeShims.h"

// Without debug information: it is the only thing in this file's DWARF 5 unit, which the
// project's valgrind (3.19, Benchmarks/instructions.sh) cannot read; the unit is then empty and
// left out.
__attribute__((nodebug)) _Thread_local void *_Nullable racswift_current_scheduler = 0;
