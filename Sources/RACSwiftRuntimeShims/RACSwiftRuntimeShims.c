// The shims are inline functions in the header; this file defines the thread-local slot they
// read and write and the byte whose address names a thread.
#include "RACSwiftRuntimeShims.h"

// Without debug information: they are the only things in this file's DWARF 5 unit, which the
// project's valgrind (3.19, Benchmarks/instructions.sh) cannot read; the unit is then empty and
// left out.
__attribute__((nodebug)) _Thread_local void *_Nullable racswift_current_scheduler = 0;
__attribute__((nodebug)) _Thread_local char racswift_thread_marker = 0;
