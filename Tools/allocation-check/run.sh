#!/bin/sh
# The allocation check (issue 39, item 5): builds the check in release — the counts CI pins
# are the release build's, which BENCHMARKS.md records; a debug build allocates more on some
# paths (unspecialized generics) — and runs it. It counts every allocation of the process
# (CAllocationCounter interposes malloc and its family), so it is an executable of its own,
# never linked into the test suite, which CI also runs under ASan and TSan (their runtimes
# interpose the allocator themselves).
#
#   Tools/allocation-check/run.sh [W1 R5 ...]    # only the named workloads
#
# Exit status: 0 when every workload allocates as pinned (AllocationCheck/main.swift), 1 when
# one does not, or when the build fails.
set -eu
cd "$(dirname "$0")/../.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build -c release --product RACSwiftAllocationCheck >"$log" 2>&1; then
    cat "$log"
    exit 1
fi
.build/release/RACSwiftAllocationCheck "$@"
